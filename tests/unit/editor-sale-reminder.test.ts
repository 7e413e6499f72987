// The page form's on-sale reminder option (docs/behaviour.md#on-sale-e-mails): on by default,
// carried by the payload, read back from a saved page.
import { beforeEach, describe, expect, it } from 'vitest';
import { $form } from '../../src/stores/editor/state';
import { setSaleReminder } from '../../src/stores/editor/form';
import { applyPage, resetEditor } from '../../src/stores/editor/load';
import { buildPayload } from '../../src/stores/editor/payload';
import { savedPage } from './saved-page';

beforeEach(() => resetEditor());

describe("the page form's on-sale reminder option", () => {
  it('on for a new page; the payload carries it', () => {
    expect($form.get().saleReminder).toBe(true);
    expect(buildPayload().sale_reminder).toBe(true);
    setSaleReminder(false);
    expect(buildPayload().sale_reminder).toBe(false);
  });

  it("a saved page's value comes into the form; a page answered without it is on", () => {
    applyPage(savedPage({ sale_reminder: false }));
    expect($form.get().saleReminder).toBe(false);
    expect(buildPayload().sale_reminder).toBe(false);
    const { sale_reminder: _omitted, ...older } = savedPage();
    applyPage(older as ReturnType<typeof savedPage>);
    expect($form.get().saleReminder).toBe(true);
  });
});
