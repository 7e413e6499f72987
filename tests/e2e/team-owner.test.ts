// The Team screen of a Titolare (docs/behaviour.md#teams), at 375 px with touch and at 1280 px:
// inviting and revoking, accepting a request with a role and the fans right, refusing one,
// changing a role, removing a member, the last Titolare's 409 in the server's words.
import { describe, expect, it } from 'vitest';
import { shot, phoneAndDesktop, PHONE_UA } from './browser';
import { dialog, notice, press, row, section, teamPage } from './team-helpers';
import { me, owner, requester } from './team-api';
import { uniqueEmail } from './api';

describe('the Team screen of a Titolare', () => {
  const browsers = phoneAndDesktop({ userAgent: PHONE_UA, touch: true });

  it('invites an address with a role, then revokes the invitation (phone, touch)', { timeout: 120_000 }, async () => {
    const boss = await owner('Teresa Telefono');
    const page = await teamPage(browsers.phone, boss.token);
    await expect.poll(() => page.getByTestId('nav-role').textContent()).toBe('Titolare');
    await expect.poll(() => row(page, 'members', boss.user.email).textContent()).toContain('Titolare');
    await shot(page, 'team-owner-phone');

    const email = uniqueEmail('lettore.invitato');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.locator('#tm-invite-role').selectOption('viewer');
    // a Lettore never sees the fans' addresses: the box follows the role
    expect(await page.locator('#tm-invite-fans').isDisabled()).toBe(true);
    await press(page.getByRole('button', { name: 'Invia invito' }), true);
    await expect.poll(() => notice(page).textContent()).toBe(`Invito mandato a ${email}.`);
    const invited = row(page, 'invitations', email);
    await expect.poll(() => invited.textContent()).toContain('Lettore');
    expect(await invited.textContent()).toContain('invitato da Teresa Telefono');
    await shot(page, 'team-owner-phone-invited');

    await press(invited.getByRole('button', { name: `Revoca l'invito a ${email}` }), true);
    await dialog(page).waitFor();
    await shot(page, 'team-owner-phone-revoke-dialog', false);
    await press(dialog(page).getByRole('button', { name: 'Revoca' }), true);
    await expect.poll(() => notice(page).textContent()).toBe(`Invito a ${email} revocato.`);
    await expect.poll(() => invited.count()).toBe(0);
    await page.close();
  });

  it('accepts a request with a role, refuses another, changes a role and removes a member', {
    timeout: 120_000,
  }, async () => {
    const boss = await owner('Tommaso Titolare');
    const rita = await requester(boss.company, 'Rita Richiesta');
    const bruno = await requester(boss.company, 'Bruno Rifiutato');
    expect((await me(rita.token)).membership).toBe('requested');
    const page = await teamPage(browsers.desktop, boss.token);

    await row(page, 'requests', rita.user.email).waitFor();
    await row(page, 'requests', bruno.user.email).waitFor();
    await shot(page, 'team-owner-desktop-requests');

    // 'Accetta': an Editor with 'Dati dei fan'
    await row(page, 'requests', rita.user.email).getByRole('button', { name: 'Accetta Rita Richiesta' }).click();
    await dialog(page).waitFor();
    await dialog(page).getByLabel('Ruolo').selectOption('editor');
    await dialog(page).getByLabel('Dati dei fan').check();
    await shot(page, 'team-owner-desktop-accept-dialog', false);
    await dialog(page).getByRole('button', { name: 'Accetta' }).click();
    await expect.poll(() => notice(page).textContent()).toBe('Rita Richiesta ora fa parte del team come Editor.');
    const ritaRow = row(page, 'members', rita.user.email);
    await expect.poll(() => ritaRow.textContent()).toContain('Editor');
    expect(await ritaRow.locator('.tm-fans').textContent()).toBe('Dati dei fan');
    expect(await row(page, 'requests', rita.user.email).count()).toBe(0);
    const joined = await me(rita.token);
    expect([joined.membership, joined.company_role, joined.fans_access]).toEqual(['member', 'editor', true]);

    // 'Rifiuta'
    await row(page, 'requests', bruno.user.email).getByRole('button', { name: 'Rifiuta Bruno Rifiutato' }).click();
    await dialog(page).getByRole('button', { name: 'Rifiuta' }).click();
    await expect.poll(() => notice(page).textContent()).toBe('Richiesta di Bruno Rifiutato rifiutata.');
    await expect.poll(() => row(page, 'requests', bruno.user.email).count()).toBe(0);
    expect((await me(bruno.token)).membership).toBeNull();

    // a role change, confirmed first
    await ritaRow.getByLabel('Ruolo di Rita Richiesta').selectOption('viewer');
    await dialog(page).waitFor();
    expect(await dialog(page).textContent()).toContain('Rita Richiesta diventerà Lettore');
    await dialog(page).getByRole('button', { name: 'Cambia ruolo' }).click();
    await expect.poll(() => ritaRow.locator('.tm-role').textContent()).toBe('Lettore');
    // a Lettore has no fans right
    expect(await ritaRow.locator('.tm-fans').count()).toBe(0);
    expect((await me(rita.token)).company_role).toBe('viewer');
    await shot(page, 'team-owner-desktop-changed');

    // 'Rimuovi', confirmed first
    await ritaRow.getByRole('button', { name: 'Rimuovi Rita Richiesta' }).click();
    await dialog(page).waitFor();
    await shot(page, 'team-owner-desktop-remove-dialog', false);
    await dialog(page).getByRole('button', { name: 'Rimuovi' }).click();
    await expect.poll(() => notice(page).textContent()).toBe('Rita Richiesta non fa più parte del team.');
    await expect.poll(() => ritaRow.count()).toBe(0);
    const removed = await me(rita.token);
    expect([removed.membership, removed.company_role]).toEqual([null, null]);
    await page.close();
  });

  it("shows the server's refusal when the last Titolare would demote themself", { timeout: 60_000 }, async () => {
    const boss = await owner('Ultima Titolare');
    const page = await teamPage(browsers.desktop, boss.token);
    const self = row(page, 'members', boss.user.email);
    await self.getByLabel('Ruolo di Ultima Titolare').selectOption('editor');
    await dialog(page).getByRole('button', { name: 'Cambia ruolo' }).click();
    await expect.poll(() => notice(page).getAttribute('class')).toContain('alert-error');
    const text = (await notice(page).textContent()) ?? '';
    // the 409's own Italian sentence, not a generic error
    expect(text).toMatch(/titolare/i);
    expect(text).not.toMatch(/Errore server/);
    // and in the row it concerns, where the eyes are
    expect(await self.getByTestId('team-row-error').textContent()).toBe(text);
    expect(await self.locator('.tm-role').textContent()).toBe('Titolare');
    expect((await me(boss.token)).company_role).toBe('owner');
    await shot(page, 'team-owner-desktop-last-owner');
    await page.close();
  });

  it('lists the sections an owner needs on a phone without sideways scrolling', { timeout: 60_000 }, async () => {
    const boss = await owner('Larghezza Giusta');
    await requester(boss.company, 'Piero Piccolo');
    const page = await teamPage(browsers.phone, boss.token);
    await section(page, 'requests').getByRole('button', { name: 'Accetta Piero Piccolo' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'team-owner-phone-request');
    await page.close();
  });
});
