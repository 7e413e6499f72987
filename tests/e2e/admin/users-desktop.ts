// 'Gestione Utenti' driven through the UI as the seeded admin: every action confirmed in a dialog,
// the effect checked both on screen and through the API or the user's own session.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { adminPage, allRow, confirmBox, openPanel, pendingRow, search } from '../admin-users-helpers';
import { PASSWORD, activeUser, adminCall, fetchUser, login, mailLink, register } from '../api';
import { DESKTOP, openBrowser, pageWithSession, ready, shot } from '../browser';
import { API_PREFIX } from '../../../src/core/api-paths';

describe('Gestione Utenti (desktop)', () => {
  let ctx: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ctx = await openBrowser(DESKTOP);
    page = await adminPage(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function reload(): Promise<void> {
    await page.goto('/admin/users');
    await page.getByRole('heading', { level: 1, name: 'Gestione Utenti' }).waitFor();
  }

  it('approves a pending user, who then verifies by the e-mailed link and logs in', async () => {
    const user = await register({ fullName: 'Giulia Approvata', company: 'Approvati Srl' });
    await reload();
    const row = pendingRow(page, user.email);
    await row.waitFor();
    const badge = () =>
      page
        .getByTestId('pending-count')
        .first()
        .textContent({ timeout: 500 })
        .then(Number)
        .catch(() => 0);
    const screenCount = () => page.getByTestId('pending-total').textContent().then(Number);
    // the navigation bar has loaded its own count
    await expect.poll(badge, { timeout: 10_000 }).toBe(await screenCount());
    await expect(row.textContent()).resolves.toContain('Approvati Srl');
    await row.getByRole('button', { name: `Approva ${user.full_name}` }).click();

    const dialog = confirmBox(page);
    await dialog.getByRole('heading', { name: 'Approvare la richiesta?' }).waitFor();
    await shot(page, 'admin-users-confirm-approve-1280');
    await dialog.getByRole('button', { name: 'Approva' }).click();
    await page.getByText(`${user.full_name} approvato`).first().waitFor();
    await row.waitFor({ state: 'detached' });
    await expect(fetchUser(user.email)).resolves.toMatchObject({ status: 'approved' });
    // the navigation bar's badge follows the screen's count at once, not at its next poll
    const after = await screenCount();
    await expect.poll(badge, { timeout: 5_000 }).toBe(after);

    // the user opens the link of the e-mail, then logs in through the login screen
    const userCtx = await openBrowser(DESKTOP);
    try {
      const link = new URL(await mailLink(user.email, '/verify-email?token='));
      const userPage = await userCtx.newPage();
      await userPage.goto(link.pathname + link.search);
      await userPage.getByText('Account attivato con successo! Puoi ora effettuare il login.').first().waitFor();
      await ready(userPage);
      await userPage.getByLabel('Email').fill(user.email);
      await userPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await userPage.getByRole('button', { name: 'Accedi', exact: true }).click();
      await userPage.waitForURL((url) => url.pathname.startsWith('/user'));
    } finally {
      await userCtx.close();
    }
    await expect(fetchUser(user.email)).resolves.toMatchObject({ status: 'active', is_verified: true });
  });

  it('rejects a pending user with a reason; the user then sees "Account Rifiutato"', async () => {
    const user = await register({ fullName: 'Marco Rifiutato' });
    await reload();
    const row = pendingRow(page, user.email);
    await row.getByRole('button', { name: `Rifiuta ${user.full_name}` }).click();
    const dialog = confirmBox(page);
    await dialog.getByLabel('Motivo (facoltativo)').fill('Dati aziendali incompleti');
    await shot(page, 'admin-users-confirm-reject-1280');
    await dialog.getByRole('button', { name: 'Rifiuta' }).click();
    await page.getByText(`Richiesta di ${user.full_name} rifiutata.`).first().waitFor();
    await row.waitFor({ state: 'detached' });

    // the reason lands in the readable history
    const panel = await openPanel(page, user);
    await panel.locator('.us-timeline').getByText('Motivo: Dati aziendali incompleti').waitFor();
    await expect(panel.locator('.us-timeline').textContent()).resolves.toMatch(/Rifiutato.*Registrazione/s);
    await panel.getByRole('button', { name: 'Chiudi' }).click();

    const userCtx = await openBrowser(DESKTOP);
    try {
      const userPage = await pageWithSession(userCtx, await login(user.email));
      await userPage.goto('/user');
      await userPage.getByRole('heading', { name: 'Account Rifiutato' }).waitFor();
    } finally {
      await userCtx.close();
    }
  });

  it('bans and unbans a user, each after a confirmation', async () => {
    const user = await activeUser({ fullName: 'Sara Sospesa' });
    await reload();
    const panel = await openPanel(page, user);
    await panel.getByRole('button', { name: 'Sospendi' }).click();
    await confirmBox(page).getByRole('button', { name: 'Sospendi' }).click();
    await page.getByText(`Account di ${user.full_name} sospeso.`).first().waitFor();
    await panel.locator('.us-status[data-status="banned"]').waitFor();
    await expect(fetchUser(user.email)).resolves.toMatchObject({ status: 'banned', is_active: false });
    await allRow(page, user.email).locator('[data-status="banned"]').waitFor();

    await panel.getByRole('button', { name: 'Riattiva' }).click();
    await confirmBox(page).getByRole('button', { name: 'Riattiva' }).click();
    await page.getByText(`Account di ${user.full_name} riattivato.`).first().waitFor();
    await panel.locator('.us-status[data-status="active"]').waitFor();
    await expect(fetchUser(user.email)).resolves.toMatchObject({ status: 'active', is_active: true });
    await panel.locator('.us-timeline').getByText('Riattivato').waitFor();
    await panel.getByRole('button', { name: 'Chiudi' }).click();
  });

  it('cancelling a confirmation changes nothing', async () => {
    const user = await activeUser({ fullName: 'Nino Annullato' });
    await reload();
    const panel = await openPanel(page, user);
    await panel.getByRole('button', { name: 'Sospendi' }).click();
    await confirmBox(page).getByRole('button', { name: 'Annulla' }).click();
    await confirmBox(page)
      .waitFor({ state: 'detached' })
      .catch(() => confirmBox(page).waitFor({ state: 'hidden' }));
    await expect(fetchUser(user.email)).resolves.toMatchObject({ status: 'active' });
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
  });

  it('promotes and demotes an active user', async () => {
    const user = await activeUser({ fullName: 'Paolo Promosso' });
    await reload();
    const panel = await openPanel(page, user);
    await panel.getByRole('button', { name: 'Rendi admin' }).click();
    await confirmBox(page).getByRole('button', { name: 'Rendi admin' }).click();
    await page.getByText(`${user.full_name} ora è amministratore.`).first().waitFor();
    await panel.locator('[data-role="admin"]').waitFor();
    await expect(fetchUser(user.email)).resolves.toMatchObject({ is_superuser: true });
    await shot(page, 'admin-users-panel-1280');

    await panel.getByRole('button', { name: 'Rimuovi admin' }).click();
    await confirmBox(page).getByRole('button', { name: 'Rimuovi admin' }).click();
    await page.getByText(`${user.full_name} non è più amministratore.`).first().waitFor();
    await panel.locator('[data-role="user"]').waitFor();
    await expect(fetchUser(user.email)).resolves.toMatchObject({ is_superuser: false });
    await panel.locator('.us-timeline').getByText('Privilegi admin rimossi').waitFor();
    await panel.getByRole('button', { name: 'Chiudi' }).click();
  });

  it('offers no promotion to a user who is not approved or active', async () => {
    const user = await register({ fullName: 'Pina Pendente' });
    await reload();
    const panel = await openPanel(page, user);
    await panel.getByRole('button', { name: 'Approva' }).waitFor();
    await expect(panel.getByRole('button', { name: 'Rendi admin' }).count()).resolves.toBe(0);
    await panel.getByRole('button', { name: 'Chiudi' }).click();
  });

  it('changes a company to a new one and to one picked from the list', async () => {
    const user = await activeUser({ fullName: 'Carla Azienda', company: 'Vecchia Agenzia' });
    // a colleague keeps 'Vecchia Agenzia' in the list while Carla is away from it (a company
    // nothing names any more leaves the list)
    await activeUser({ fullName: 'Dario Collega', company: 'Vecchia Agenzia' });
    await reload();
    const panel = await openPanel(page, user);
    await panel.getByRole('button', { name: 'Cambia azienda' }).click();
    const dialog = confirmBox(page);
    const input = dialog.getByRole('combobox', { name: 'Azienda' });
    await input.fill('Nuovo Palco Live');
    await dialog.getByRole('option', { name: 'Nuova azienda: "Nuovo Palco Live"' }).waitFor();
    await shot(page, 'admin-users-company-1280');
    await dialog.getByRole('button', { name: 'Salva azienda' }).click();
    await page.getByText(`Azienda di ${user.full_name} aggiornata in "Nuovo Palco Live".`).first().waitFor();
    await allRow(page, user.email).getByText('Nuovo Palco Live').waitFor();
    await expect(fetchUser(user.email)).resolves.toMatchObject({ company: 'Nuovo Palco Live' });

    // pick an existing company from the list (typed in another case)
    await panel.getByRole('button', { name: 'Cambia azienda' }).click();
    await input.fill('vecchia ag');
    await dialog.getByRole('option', { name: 'Vecchia Agenzia' }).click();
    await expect(input.inputValue()).resolves.toBe('Vecchia Agenzia');
    await dialog.getByRole('button', { name: 'Salva azienda' }).click();
    await page.getByText(`aggiornata in "Vecchia Agenzia"`).first().waitFor();
    await expect(fetchUser(user.email)).resolves.toMatchObject({ company: 'Vecchia Agenzia' });
    await panel.locator('.us-timeline').getByText('Da "Nuovo Palco Live" a "Vecchia Agenzia"').waitFor();

    // too short a name is refused on the spot
    await panel.getByRole('button', { name: 'Cambia azienda' }).click();
    await input.fill('X');
    await dialog.getByRole('button', { name: 'Salva azienda' }).click();
    await dialog.getByText('Nome azienda deve essere di almeno 2 caratteri').waitFor();
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await panel.getByRole('button', { name: 'Chiudi' }).click();
  });

  it('deletes only after the exact full name or e-mail is typed', async () => {
    const user = await activeUser({ fullName: 'Elena Eliminata' });
    await reload();
    const panel = await openPanel(page, user);
    await panel.getByRole('button', { name: 'Elimina' }).click();
    let dialog = confirmBox(page);
    await dialog.getByLabel('Nome completo o email').fill('Elena Eliminat');
    await dialog.getByRole('button', { name: 'Elimina definitivamente' }).click();
    await page.getByText('Nome non corrispondente. Eliminazione annullata.').first().waitFor();
    await expect(fetchUser(user.email)).resolves.not.toBeNull();

    await panel.getByRole('button', { name: 'Elimina' }).click();
    dialog = confirmBox(page);
    await dialog.getByLabel('Nome completo o email').fill('Elena Eliminata');
    await shot(page, 'admin-users-confirm-delete-1280');
    await dialog.getByRole('button', { name: 'Elimina definitivamente' }).click();
    await page.getByText(`Account di ${user.full_name} eliminato.`).first().waitFor();
    await panel.waitFor({ state: 'hidden' });
    await allRow(page, user.email).waitFor({ state: 'detached' });
    await expect(fetchUser(user.email)).resolves.toBeNull();
  });

  it("shows the spec's alerts when an action fails on the server", async () => {
    // someone else deletes the users meanwhile: every action on them answers 404
    const plain = await activeUser({ fullName: 'Franco Fantasma' });
    const boss = await activeUser({ fullName: 'Bea Fantasma' });
    expect((await adminCall(`${API_PREFIX.admin}/users/${boss.id}/make-admin`, { method: 'POST' })).status).toBe(200);
    await reload();

    let panel = await openPanel(page, plain);
    expect((await adminCall(`${API_PREFIX.admin}/users/${plain.id}`, { method: 'DELETE' })).status).toBe(200);
    await panel.getByRole('button', { name: 'Rendi admin' }).click();
    await confirmBox(page).getByRole('button', { name: 'Rendi admin' }).click();
    await panel.getByText("Errore nell'elevare l'utente ad admin: Utente non trovato").waitFor();
    await panel.getByRole('button', { name: 'Chiudi' }).click();

    panel = await openPanel(page, boss);
    expect((await adminCall(`${API_PREFIX.admin}/users/${boss.id}`, { method: 'DELETE' })).status).toBe(200);
    await panel.getByRole('button', { name: 'Rimuovi admin' }).click();
    await confirmBox(page).getByRole('button', { name: 'Rimuovi admin' }).click();
    await panel.getByText('Errore nella rimozione privilegi admin: Utente non trovato').waitFor();

    await panel.getByRole('button', { name: 'Cambia azienda' }).click();
    await confirmBox(page).getByRole('combobox', { name: 'Azienda' }).fill('Agenzia Fantasma');
    await confirmBox(page).getByRole('button', { name: 'Salva azienda' }).click();
    await panel.getByText("Errore nell'aggiornamento azienda: Utente non trovato").waitFor();

    await panel.getByRole('button', { name: 'Elimina' }).click();
    await confirmBox(page).getByLabel('Nome completo o email').fill(boss.email);
    await confirmBox(page).getByRole('button', { name: 'Elimina definitivamente' }).click();
    await panel.getByText("Errore nell'eliminazione utente: Utente non trovato").waitFor();
    await shot(page, 'admin-users-panel-error-1280');
    await panel.getByRole('button', { name: 'Chiudi' }).click();
  });

  it("offers no demote, ban or delete on the admin's own row", async () => {
    const me = inject('admin');
    await reload();
    const panel = await openPanel(page, { email: me.email });
    await panel.getByText('Questo è il tuo account').waitFor();
    for (const name of ['Rimuovi admin', 'Elimina', 'Sospendi']) {
      await expect(panel.getByRole('button', { name }).count(), name).resolves.toBe(0);
    }
    await panel.getByRole('button', { name: 'Cambia azienda' }).waitFor();
    await panel.getByRole('button', { name: 'Chiudi' }).click();
    await expect(allRow(page, me.email).locator('.us-you').textContent()).resolves.toBe('Tu');
  });

  it('searches, filters by status and company, sorts and pages on the server', async () => {
    const tag = `filtro${Date.now().toString(36)}`;
    const a = await activeUser({ fullName: `Anna ${tag}`, company: `Zeta ${tag}` });
    const b = await register({ fullName: `Bruno ${tag}`, company: `Alfa ${tag}` });
    await reload();
    await search(page, tag);
    await allRow(page, a.email).waitFor();
    await allRow(page, b.email).waitFor();
    await expect.poll(() => page.getByTestId('results').textContent(), { timeout: 10_000 }).toMatch(/^1–2 di 2 /);

    await page.getByLabel('Stato', { exact: true }).selectOption('pending');
    await allRow(page, a.email).waitFor({ state: 'detached' });
    await allRow(page, b.email).waitFor();
    await page.getByLabel('Stato', { exact: true }).selectOption('');
    await allRow(page, a.email).waitFor();

    await page.getByLabel('Azienda', { exact: true }).selectOption(`Zeta ${tag}`);
    await allRow(page, b.email).waitFor({ state: 'detached' });
    await page.getByLabel('Azienda', { exact: true }).selectOption('');
    await allRow(page, b.email).waitFor();

    // column header sort: company ascending puts Alfa (Bruno) first, descending Zeta (Anna)
    const firstEmail = () => page.getByTestId('all-section').locator('tbody tr').first().getAttribute('data-email');
    await page.getByRole('button', { name: 'Ordina per Azienda' }).click();
    await expect.poll(firstEmail, { timeout: 10_000 }).toBe(b.email);
    await expect(page.locator('th[aria-sort="ascending"]').textContent()).resolves.toContain('Azienda');
    await page.getByRole('button', { name: 'Ordina per Azienda' }).click();
    await expect.poll(firstEmail, { timeout: 10_000 }).toBe(a.email);

    await page.getByRole('button', { name: 'Cancella ricerca' }).click();
    await expect.poll(() => page.getByLabel('Cerca per nome o email').inputValue()).toBe('');
  });

  it("shows 'Errore nel caricamento degli utenti: ...' when the list cannot load", async () => {
    // the server answers 503 for the list once: simulated in the browser's network layer
    await page.route('**/api/admin/users/all?**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ detail: 'Servizio non disponibile' }),
      }),
    );
    try {
      await page.goto('/admin/users');
      await page.getByText('Errore nel caricamento degli utenti: Servizio non disponibile').first().waitFor();
    } finally {
      await page.unroute('**/api/admin/users/all?**');
    }
    await page.getByTestId('all-section').getByRole('button', { name: 'Aggiorna' }).click();
    await page.getByTestId('all-section').locator('tbody tr').first().waitFor();
  });

  it('is keyboard usable: Tab reaches the search, Enter opens a panel, Escape closes it', async () => {
    await reload();
    await page.getByLabel('Cerca per nome o email').focus();
    await page.keyboard.type(inject('admin').email);
    await page.keyboard.press('Enter');
    const manage = allRow(page, inject('admin').email).getByRole('button', { name: /^Gestisci / });
    await manage.focus();
    await page.keyboard.press('Enter');
    await page.locator('dialog.us-panel[open]').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('dialog.us-panel[open]').waitFor({ state: 'detached' });
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toMatch(
      /^Gestisci /,
    );
  });

  it('refreshes the lists every 30 s while the tab is visible, and never while it is hidden', async () => {
    const p = await ctx.newPage();
    await p.clock.install();
    await p.goto('/admin/users');
    await p.getByTestId('pending-total').waitFor();
    const setVisibility = (state: 'hidden' | 'visible') =>
      p.evaluate((value) => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => value === 'hidden' });
        document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      }, state);
    try {
      const first = await register({ fullName: 'Renato Refresh' });
      await setVisibility('hidden');
      await p.clock.runFor(65_000);
      await p.waitForTimeout(1000);
      expect(await pendingRow(p, first.email).count()).toBe(0);

      // visible again after more than a period: refreshed at once
      await setVisibility('visible');
      await pendingRow(p, first.email).waitFor({ timeout: 10_000 });

      // and then on the next 30 s tick, without any reload
      const second = await register({ fullName: 'Rita Refresh' });
      await p.waitForTimeout(1000);
      expect(await pendingRow(p, second.email).count()).toBe(0);
      await p.clock.runFor(30_000);
      await pendingRow(p, second.email).waitFor({ timeout: 10_000 });
    } finally {
      await p.close();
    }
  });

  it('screenshots at 1280 px', async () => {
    await register({ fullName: 'Luca Screenshot', company: 'Palco Live' });
    await reload();
    await page.getByTestId('all-section').locator('tbody tr').first().waitFor();
    await shot(page, 'admin-users-1280');
  });
});
