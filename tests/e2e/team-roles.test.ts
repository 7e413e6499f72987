// What Editors, Lettori and accounts outside the team meet (docs/behaviour.md#teams): the Team
// screen read-only (nothing they cannot do is offered), their role in the navbar, the guard
// screen of a waiting request, and a removed member asking to join again.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { go, pageWithSession, phoneAndDesktop, shot, PHONE_UA } from './browser';
import { invitedMember, me, owner, removeMember, requester } from './team-api';
import { row, section, teamPage } from './team-helpers';

/** The company's API calls a page makes (its pages, the team), counted from now on. */
function companyCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    if (path.startsWith('/api/db/landing-pages') || path.startsWith('/api/company/members')) calls.push(path);
  });
  return calls;
}

const REQUESTED = (company: string) =>
  `La tua richiesta di entrare in ${company} aspetta l'approvazione di un titolare`;

describe('the Team screen for Editors and Lettori, and the guard of the team', () => {
  const browsers = phoneAndDesktop({ userAgent: PHONE_UA, touch: true });

  it('is read-only for an Editor and a Lettore, who see their role in the navbar', { timeout: 180_000 }, async () => {
    const boss = await owner('Gianna Guida');
    const editor = await invitedMember(boss, 'editor', 'Ettore Editor', true);
    const viewer = await invitedMember(boss, 'viewer', 'Lia Lettrice');
    await requester(boss.company, 'Remo Richiede');

    for (const [who, role] of [
      [editor, 'Editor'],
      [viewer, 'Lettore'],
    ] as const) {
      for (const [ctx, width] of browsers.both()) {
        const page = await teamPage(ctx, who.token);
        await expect.poll(() => page.getByTestId('nav-role').textContent()).toBe(role);
        await page.getByTestId('team-readonly').waitFor();
        const members = section(page, 'members');
        await expect.poll(() => row(page, 'members', who.user.email).textContent()).toContain(role);
        expect(await row(page, 'members', who.user.email).textContent()).toContain('Invitato da Gianna Guida');
        expect(await row(page, 'members', boss.user.email).textContent()).toContain('Titolare');
        // nothing they cannot do is offered
        expect(await members.locator('select, input[type="checkbox"]').count()).toBe(0);
        expect(await page.getByRole('button', { name: /^(Rimuovi|Accetta|Rifiuta|Revoca)/ }).count()).toBe(0);
        expect(await page.getByRole('button', { name: 'Invia invito' }).count()).toBe(0);
        await shot(page, `team-readonly-${role.toLowerCase()}-${width}`);
        await page.close();
      }
    }
    // the 'Dati dei fan' right given with the invitation
    expect((await me(editor.token)).fans_access).toBe(true);
    expect((await me(viewer.token)).fans_access).toBe(false);
  });

  it('stops a waiting request at the guard screen, on every screen of the company', { timeout: 120_000 }, async () => {
    const boss = await owner('Guido Guardia');
    const waiting = await requester(boss.company, 'Wanda Attesa');
    for (const [ctx, width] of browsers.both()) {
      for (const path of ['/user', '/team']) {
        const page = await pageWithSession(ctx, waiting.token);
        const calls = companyCalls(page);
        await go(page, path);
        const guard = page.getByTestId('team-requested');
        await guard.waitFor();
        expect(await guard.textContent()).toBe(REQUESTED(boss.company));
        expect(calls, `no call for the company's data from ${path}`).toEqual([]);
        expect(await page.getByTestId('nav-role').count()).toBe(0);
        expect(await page.getByRole('link', { name: 'Team' }).count()).toBe(0);
        if (path === '/user') await shot(page, `team-guard-requested-${width}`);
        await page.close();
      }
    }
  });

  it("lets a removed member ask to join again with 'Chiedi di entrare'", { timeout: 120_000 }, async () => {
    const boss = await owner('Rosa Rimuove');
    const gone = await invitedMember(boss, 'editor', 'Franco Fuori');
    await removeMember(boss.token, gone.user.id);

    const page = await pageWithSession(browsers.phone, gone.token);
    await go(page, '/user');
    const outside = page.getByTestId('team-outside');
    await outside.waitFor();
    expect(await outside.textContent()).toContain(boss.company);
    await shot(page, 'team-guard-outside-375');
    await page.getByRole('button', { name: 'Chiedi di entrare' }).tap();
    const guard = page.getByTestId('team-requested');
    await guard.waitFor();
    expect(await guard.textContent()).toBe(REQUESTED(boss.company));
    expect((await me(gone.token)).membership).toBe('requested');
    await page.close();

    // the Titolare sees the request
    const ownerPage = await teamPage(browsers.desktop, boss.token);
    await row(ownerPage, 'requests', gone.user.email).waitFor();
    await ownerPage.close();
  });
});
