// The activity log on the Team screen (docs/behaviour.md#activity-log): who did what on which
// page, with names; filtered by member and by page; 'Carica altri' for older entries; an
// administrator sees every company's log.
import { describe, expect, it } from 'vitest';
import { adminToken } from './api';
import { phoneAndDesktop, shot, PHONE_UA } from './browser';
import { createPage, textPageBody, uniqueSlug } from './pages-api';
import { invite, invitedMember, owner } from './team-api';
import { section, teamPage } from './team-helpers';
import { uniqueEmail } from './api';

function event(city: string) {
  return {
    type: 'text',
    text: `Ven 12 marzo 2099 - ${city} - Arena|biglietti`,
    url: 'https://example.com/t',
    position: 1,
  };
}

describe('the activity log of the Team screen', () => {
  const browsers = phoneAndDesktop({ userAgent: PHONE_UA, touch: true });

  it('shows who did what on which page, filtered by member and by page', { timeout: 180_000 }, async () => {
    const boss = await owner('Olga Organizza');
    const editor = await invitedMember(boss, 'editor', 'Elena Editrice');
    const bossSlug = uniqueSlug('logtitolare');
    const editorSlug = uniqueSlug('logeditor');
    await createPage(boss.token, textPageBody(bossSlug, 'Tour di Olga', [event('Milano')]));
    await createPage(editor.token, textPageBody(editorSlug, 'Tour di Elena', [event('Roma')]));

    for (const [ctx, width] of browsers.both()) {
      const page = await teamPage(ctx, boss.token);
      const log = section(page, 'activity');
      const entries = log.locator('li.tm-entry');
      await expect.poll(() => entries.count()).toBeGreaterThanOrEqual(3);
      const text = (await log.textContent()) ?? '';
      expect(text).toContain('Elena Editrice ha creato la pagina «Tour di Elena»');
      expect(text).toContain('Olga Organizza ha creato la pagina «Tour di Olga»');
      expect(text).toMatch(/Olga Organizza ha invitato/);
      await shot(page, `team-activity-${width}`);

      // by member: only Elena's acts
      await log.getByLabel('Membro').selectOption({ label: 'Elena Editrice' });
      await expect
        .poll(async () => (await log.locator('.tm-entry-what strong').allTextContents()).join('|'))
        .toMatch(/^(Elena Editrice\|?)+$/);
      // by page: only the acts on Olga's page
      await log.getByLabel('Membro').selectOption({ label: 'Tutti i membri' });
      await log.getByLabel('Pagina').selectOption({ label: 'Tour di Olga' });
      // the list of before stays (dimmed) while the filtered one loads
      await expect.poll(async () => (await entries.allTextContents()).join('\n')).not.toContain('Tour di Elena');
      await expect.poll(() => entries.count()).toBe(1);
      expect(await entries.first().textContent()).toContain('«Tour di Olga»');
      await shot(page, `team-activity-${width}-filtered`);
      await log.getByLabel('Pagina').selectOption({ label: 'Tutte le pagine' });
      await page.close();
    }
  });

  it("loads older entries with 'Carica altri'", { timeout: 120_000 }, async () => {
    const boss = await owner('Carla Carica');
    // 31 acts: her joining as Titolare and 30 invitations, one more than a page of the log
    for (let i = 0; i < 30; i += 1) await invite(boss.token, uniqueEmail(`ospite${i}`), 'viewer');
    const page = await teamPage(browsers.desktop, boss.token);
    const log = section(page, 'activity');
    const entries = log.locator('li.tm-entry');
    await expect.poll(() => entries.count()).toBe(30);
    await log.getByRole('button', { name: 'Carica altri' }).click();
    await expect.poll(() => entries.count()).toBe(31);
    await expect.poll(() => log.getByRole('button', { name: 'Carica altri' }).count()).toBe(0);
    await page.close();
  });

  it("shows an administrator every company's activity, filtered by company", { timeout: 120_000 }, async () => {
    const first = await owner('Aldo Primo');
    const second = await owner('Bice Seconda');
    await createPage(first.token, textPageBody(uniqueSlug('adminlogone'), 'Pagina di Aldo', [event('Pisa')]));
    await createPage(second.token, textPageBody(uniqueSlug('adminlogtwo'), 'Pagina di Bice', [event('Bari')]));
    const page = await teamPage(browsers.desktop, await adminToken()).catch(async () => null);
    expect(page, 'the Team screen opens for an administrator').not.toBeNull();
    const log = section(page!, 'activity');
    await log.getByText('Come amministratore vedi le attività di tutte le aziende.').waitFor();
    await expect.poll(() => log.textContent()).toContain('«Pagina di Bice»');
    expect(await log.textContent()).toContain('«Pagina di Aldo»');
    await log.getByLabel('Azienda').selectOption({ label: first.company });
    await expect.poll(() => log.textContent()).not.toContain('«Pagina di Bice»');
    expect(await log.textContent()).toContain('«Pagina di Aldo»');
    await shot(page!, 'team-activity-admin');
    await page!.close();
  });
});
