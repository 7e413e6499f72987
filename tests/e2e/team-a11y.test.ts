// The accessibility gate for the screens of teams (WCAG 2.2 AA, as accessibility-site.test.ts
// does for the others): axe and reflow at 375 and 1280 px on the Team screen of a Titolare (with
// the accept dialog and a confirmation open) and of a Lettore, the guard screens of a waiting
// request and of a removed member, the signup through a good and a bad invitation; a keyboard
// walk of the Team screen.
import { beforeEach, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type AuditReport, auditedPage, Gate, WIDTHS, expectAccessible, expectKeyboardUsable, setWidth } from './a11y';
import { uniqueEmail } from './api';
import { go, storeSession } from './browser';
import { invitationLink, invite, invitedMember, owner, removeMember, requester } from './team-api';
import { dialog, row, section } from './team-helpers';

describe('accessibility of the screens of teams', () => {
  const gate = new Gate();
  const audits = auditedPage(gate, 'teams');
  let page: Page;
  beforeEach(() => {
    page = audits.current;
  });

  async function show(token: string | null, path: string, testId: string): Promise<void> {
    await storeSession(page, token);
    await go(page, path);
    await page.getByTestId(testId).first().waitFor({ timeout: 15_000 });
  }

  it('the Team screen, its dialogs, the guard screens and the invited signup pass axe and reflow', {
    timeout: 240_000,
  }, async () => {
    const reports: AuditReport[] = [];
    const boss = await owner('Accessibile Titolare');
    const viewer = await invitedMember(boss, 'viewer', 'Lettrice Accessibile');
    const gone = await invitedMember(boss, 'editor', 'Editor Rimosso');
    await removeMember(boss.token, gone.user.id);
    const waiting = await requester(boss.company, 'Richiesta Accessibile');
    const invited = uniqueEmail('invito.accessibile');
    await invite(boss.token, invited, 'editor', true);
    const link = new URL(await invitationLink(invited));

    await show(boss.token, '/team', 'team-members');
    await row(page, 'requests', waiting.user.email).waitFor();
    await section(page, 'activity').locator('li.tm-entry').first().waitFor();
    reports.push(...(await gate.audit(page, 'Team screen of a Titolare')));
    for (const width of WIDTHS) {
      await setWidth(page, width);
      await row(page, 'requests', waiting.user.email)
        .getByRole('button', { name: /^Accetta/ })
        .click();
      await dialog(page).waitFor();
      reports.push(
        ...(await gate.auditDialog(page, 'Team screen, accept dialog', 'dialog[open].confirm-dialog', width)),
      );
      await dialog(page).getByRole('button', { name: 'Annulla' }).click();
      await row(page, 'invitations', invited)
        .getByRole('button', { name: /^Revoca/ })
        .click();
      await dialog(page).waitFor();
      reports.push(
        ...(await gate.auditDialog(page, 'Team screen, a confirmation', 'dialog[open].confirm-dialog', width)),
      );
      await dialog(page).getByRole('button', { name: 'Annulla' }).click();
    }

    const screens: [string, string | null, string, string][] = [
      ['Team screen of a Lettore (read-only)', viewer.token, '/team', 'team-readonly'],
      ['guard of a waiting request', waiting.token, '/user', 'team-requested'],
      ['guard of a removed member', gone.token, '/user', 'team-outside'],
      ['signup through an invitation', null, `/signup${link.search}`, 'invitation-ok'],
      ['signup through a bad invitation', null, '/signup?invito=sbagliato', 'invitation-bad'],
    ];
    for (const [state, token, path, testId] of screens) {
      await show(token, path, testId);
      reports.push(...(await gate.audit(page, state)));
    }
    expectAccessible(reports);
  });

  it('the Team screen can be used by keyboard: every focus stop visible and in view', {
    timeout: 180_000,
  }, async () => {
    const boss = await owner('Tastiera Titolare');
    await requester(boss.company, 'Tastiera Richiesta');
    await storeSession(page, boss.token);
    const reports = await gate.walk(page, 'the Team screen', {
      minStops: 8,
      prepare: async () => {
        await go(page, '/team');
        await page.getByTestId('team-requests').locator('li').first().waitFor();
      },
    });
    expectKeyboardUsable(reports);
  });
});
