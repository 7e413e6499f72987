// Joining through an invitation and the administrators' side of teams (docs/behaviour.md#teams):
// the /signup?invito= link of the dev mailbox opens the form with the company and the e-mail
// filled in; a bad link says why; the users screen shows each account's team role, 'Invitato
// da {name}', accepts a request with a role and moves an account with the role picked.
import { describe, expect, it } from 'vitest';
import { PASSWORD, api, decide, fetchUser, login, uniqueEmail } from './api';
import { confirmBox, openPanel, pendingRow, adminPage, allRow, search } from './admin-users-helpers';
import { go, pageWithSession, phoneAndDesktop, shot, PHONE_UA } from './browser';
import { invitationLink, invite, me, owner, requester, uniqueCompany } from './team-api';
import { companyPaths } from '../../src/core/api-paths';

describe('signup through an invitation, and teams on the users screen', () => {
  const browsers = phoneAndDesktop({ userAgent: PHONE_UA, touch: true });

  it('opens the signup with the invitation, registers with it and joins with its role', {
    timeout: 180_000,
  }, async () => {
    const boss = await owner('Ivana Invita');
    const email = uniqueEmail('nuova.editor');
    await invite(boss.token, email, 'editor', true);
    const link = new URL(await invitationLink(email));
    expect(link.pathname).toBe('/signup');

    const page = await pageWithSession(browsers.phone, null);
    await go(page, `${link.pathname}${link.search}`);
    await expect
      .poll(() => page.getByTestId('invitation-ok').textContent())
      .toBe(`Sei stato invitato in ${boss.company} come Editor.`);
    const company = page.getByLabel('Azienda');
    expect(await company.inputValue()).toBe(boss.company);
    expect(await company.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await shot(page, 'team-signup-invited-375');
    await page.getByLabel('Nome completo').fill('Nina Nuova');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Conferma Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Registrati', exact: true }).tap();
    // /pending leads to the guard's 'Registrazione in Attesa'
    await page.getByRole('heading', { name: 'Registrazione in Attesa' }).waitFor({ timeout: 15_000 });
    await page.close();

    // the administrators' list says who invited the account
    const admin = await adminPage(browsers.desktop);
    const pending = pendingRow(admin, email);
    await expect.poll(() => pending.textContent()).toContain('Invitato da Ivana Invita');
    await shot(admin, 'team-admin-pending-invited-1280');
    const user = await fetchUser(email);
    await decide(user!, 'approve');
    await admin.close();
    const token = await login(email);
    const joined = await me(token);
    // approval joins with the invitation's role: no request
    expect([joined.company, joined.membership, joined.company_role, joined.fans_access]).toEqual([
      boss.company,
      'member',
      'editor',
      true,
    ]);
  });

  it('says why an unknown or revoked invitation cannot be used, and the form still works', {
    timeout: 120_000,
  }, async () => {
    const boss = await owner('Revoca Ora');
    const email = uniqueEmail('revocato');
    const invitation = await invite(boss.token, email, 'viewer');
    const link = new URL(await invitationLink(email));
    const revoked = await api(companyPaths.invitation(invitation.id), { method: 'DELETE', token: boss.token });
    expect(revoked.status).toBe(200);
    for (const [ctx, width] of browsers.both()) {
      for (const search of [link.search, '?invito=non-esiste']) {
        const page = await pageWithSession(ctx, null);
        await go(page, `/signup${search}`);
        const bad = page.getByTestId('invitation-bad');
        await bad.waitFor();
        const text = (await bad.textContent()) ?? '';
        // the server's reason, then what still works
        expect(text).toMatch(/^.*invito.* Puoi comunque registrarti senza invito\.$/);
        expect(text.length).toBeGreaterThan('Puoi comunque registrarti senza invito.'.length + 10);
        // the company is free to type again
        const company = page.getByRole('combobox', { name: 'Azienda', exact: true });
        expect(await company.getAttribute('readonly')).toBeNull();
        expect(await page.getByLabel('Email').inputValue()).toBe('');
        if (search === link.search) await shot(page, `team-signup-revoked-${width}`);
        await page.close();
      }
    }
  });

  it('shows team roles, accepts a request with a role and moves an account with the role picked', {
    timeout: 180_000,
  }, async () => {
    const boss = await owner('Anna Amministrata');
    const waiting = await requester(boss.company, 'Carlo Chiede');
    const mover = await owner('Mario Muove');
    const admin = await adminPage(browsers.desktop);

    await search(admin, boss.user.email);
    await expect.poll(() => allRow(admin, boss.user.email).textContent()).toContain('Titolare');
    expect(await allRow(admin, boss.user.email).textContent()).toContain('Dati dei fan');
    await search(admin, waiting.user.email);
    await expect.poll(() => allRow(admin, waiting.user.email).textContent()).toContain('Chiede di entrare');

    // accept the request as an administrator, as a Lettore
    const panel = await openPanel(admin, waiting.user);
    await panel.getByRole('button', { name: 'Accetta' }).click();
    const dialog = confirmBox(admin);
    await dialog.getByLabel('Ruolo').selectOption('viewer');
    await shot(admin, 'team-admin-accept-1280', false);
    await dialog.getByRole('button', { name: 'Accetta' }).click();
    await expect.poll(async () => (await me(waiting.token)).company_role).toBe('viewer');
    await expect.poll(() => panel.textContent()).toContain('Lettore');
    await admin.keyboard.press('Escape');

    // move an account: Editor unless said otherwise
    const target = uniqueCompany('Approdo');
    const panel2 = await openPanel(admin, mover.user);
    await panel2.getByRole('button', { name: 'Cambia azienda' }).click();
    const move = confirmBox(admin);
    await move.getByRole('combobox', { name: 'Azienda', exact: true }).fill(target);
    expect(await move.getByLabel('Ruolo nel nuovo team').inputValue()).toBe('editor');
    await shot(admin, 'team-admin-move-1280', false);
    await move.getByRole('button', { name: 'Salva azienda' }).click();
    await expect.poll(async () => (await me(mover.token)).company).toBe(target);
    const moved = await me(mover.token);
    expect([moved.membership, moved.company_role]).toEqual(['member', 'editor']);
    await admin.close();

    // the phone's users screen shows the role too
    const phone = await adminPage(browsers.phone);
    await search(phone, boss.user.email);
    await expect.poll(() => allRow(phone, boss.user.email).textContent()).toContain('Titolare');
    await shot(phone, 'team-admin-users-375');
    await phone.close();
  });
});
