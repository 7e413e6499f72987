// Accounts as a new organiser lives them, in Chromium: signup → pending → approval → verify
// link → login; the guard screens of every status; validation messages; forgot/reset password.
// Screenshots of every screen at 375 and 1280 px go to tests/e2e/screenshots/accounts-*.png.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PASSWORD, activeUser, adminCall, decide, fetchUser, login, mailLink, register, uniqueEmail } from './api';
import { go, pageWithSession, pathOf, phoneAndDesktop, ready, shot } from './browser';
import { API_PREFIX } from '../../src/core/api-paths';
import { fillSignup, freshPage, loginUi } from './accounts-helpers';

const browsers = phoneAndDesktop();

/**
 * At both widths, a login as this user lands on the guard screen with this heading at /user, and
 * its 'Esci' ends the session and goes to /login.
 */
async function expectGuardScreen(
  email: string,
  heading: string,
  shotName: string,
  extra?: (page: Page) => Promise<void>,
): Promise<void> {
  for (const [ctx, width] of browsers.both()) {
    const page = await freshPage(ctx);
    await go(page, '/login');
    await loginUi(page, email);
    await page.getByRole('heading', { name: heading }).waitFor();
    expect(pathOf(page)).toBe('/user');
    await extra?.(page);
    await shot(page, `${shotName}-${width}`);
    await page.getByRole('main').getByRole('button', { name: 'Esci' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => [localStorage.getItem('auth_token'), localStorage.getItem('auth_user')])).toEqual([
      null,
      null,
    ]);
    await page.close();
  }
}

describe('signup → approval → verification → login', () => {
  it('a new company: pending screen, unverified login refused, mailed link activates, login lands on /user', async () => {
    const page = await freshPage(browsers.phone);
    const email = uniqueEmail('newco');
    const company = `Nuova Agenzia ${Date.now().toString(36)}`;
    await go(page, '/signup');
    await expect.poll(() => page.getByRole('heading', { name: 'Crea il tuo account' }).isVisible()).toBe(true);
    await shot(page, 'accounts-signup-375');
    const submit = page.getByRole('button', { name: 'Registrati', exact: true });
    expect(await submit.isDisabled()).toBe(true);

    await fillSignup(page, { fullName: 'Giulia Bianchi', email, password: PASSWORD, confirm: PASSWORD });
    const companyBox = page.getByRole('combobox', { name: 'Azienda' });
    await companyBox.fill(company);
    const create = page.getByRole('option', { name: `Crea nuova: "${company}"` });
    expect(await create.isVisible()).toBe(true);
    await shot(page, 'accounts-signup-company-new-375', false);
    await create.click();
    expect(await companyBox.inputValue()).toBe(company);
    expect(await submit.isEnabled()).toBe(true);
    await submit.click();

    await page
      .getByText(
        "Registrazione completata con successo! La tua richiesta è in attesa di approvazione da parte dell'amministratore.",
      )
      .waitFor();
    await shot(page, 'accounts-signup-success-375', false);
    await page.getByRole('heading', { name: 'Registrazione in Attesa' }).waitFor({ timeout: 15_000 });
    expect(pathOf(page)).toBe('/user');
    expect(await page.getByText(email).isVisible()).toBe(true);
    expect(await page.getByText('24-48 ore lavorative').isVisible()).toBe(true);
    expect(
      await page.getByText("Il tuo account è in attesa di approvazione da parte dell'amministratore.").isVisible(),
    ).toBe(true);
    await shot(page, 'accounts-pending-375');

    // 'Controlla Stato Account' reloads and still shows the pending screen
    await page.getByRole('button', { name: 'Controlla Stato Account' }).click();
    await page.waitForLoadState('load');
    await page.getByRole('heading', { name: 'Registrazione in Attesa' }).waitFor();

    const registered = await fetchUser(email);
    expect(registered?.status).toBe('pending');
    await decide(registered!, 'approve');
    // 'Disconnetti' leaves for /login
    await page.getByRole('button', { name: 'Disconnetti' }).click();
    await page.waitForURL('**/login');
    await ready(page);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();

    await loginUi(page, email);
    await page.getByText('Account non ancora verificato. Controlla la tua email.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    expect(pathOf(page)).toBe('/login');
    await shot(page, 'accounts-login-unverified-375');

    const link = await mailLink(email, '/verify-email?token=');
    await go(page, link);
    await page.getByText('Account attivato con successo! Puoi ora effettuare il login.').first().waitFor();
    expect(pathOf(page)).toBe('/login');
    expect(page.url()).not.toContain('token=');
    await shot(page, 'accounts-login-verified-375');

    // the same link again is refused
    await go(page, link);
    await page.getByTestId('login-banner').waitFor();
    expect(await page.getByTestId('login-banner').textContent()).not.toContain('Account attivato');

    await loginUi(page, email);
    await page.waitForURL('**/user');
    await ready(page);
    await page.getByText('Login effettuato con successo!').waitFor();
    expect(await page.getByTestId('nav-name').textContent()).toBe('Giulia Bianchi');
    await page.close();
  });

  it('an existing company picked from the list with the keyboard, at 1280 px', async () => {
    const company = `Rock Live ${Date.now().toString(36)}`;
    // the signup offers only companies with an approved member
    await decide(await register({ company }), 'approve');
    const page = await freshPage(browsers.desktop);
    const email = uniqueEmail('samecompany');
    await go(page, '/signup');
    await page.getByRole('heading', { name: 'Crea il tuo account' }).waitFor();
    await shot(page, 'accounts-signup-1280');
    await fillSignup(page, { fullName: 'Marco Verdi', email, password: PASSWORD, confirm: PASSWORD });
    const companyBox = page.getByRole('combobox', { name: 'Azienda' });
    // case-insensitive substring: the middle of the name, in capitals
    await companyBox.fill(company.slice(2, 8).toUpperCase());
    const existing = page.getByRole('option', { name: company, exact: true });
    await existing.waitFor();
    expect(await page.getByRole('option', { name: /^Crea nuova/ }).isVisible()).toBe(true);
    await shot(page, 'accounts-signup-company-list-1280', false);
    await companyBox.press('ArrowDown');
    expect(await existing.getAttribute('aria-selected')).toBe('true');
    await companyBox.press('Enter');
    expect(await companyBox.inputValue()).toBe(company);
    // the list closes 200 ms after the field loses focus
    await page.getByLabel('Nome completo').focus();
    await companyBox.focus();
    await page.getByRole('listbox').waitFor();
    // timed inside the page, where a busy test machine cannot stretch the 200 ms
    const hiddenAt = await page.evaluate(async () => {
      const list = document.querySelector<HTMLElement>('[role=listbox]')!;
      document.querySelector<HTMLInputElement>('input[name=fullName]')!.focus();
      const seen: boolean[] = [];
      await new Promise((r) => setTimeout(r, 100));
      seen.push(list.hidden === true);
      await new Promise((r) => setTimeout(r, 250));
      seen.push(list.hidden === true);
      return seen;
    });
    expect(hiddenAt).toEqual([false, true]);

    await page.getByRole('button', { name: 'Registrati', exact: true }).click();
    await page.getByRole('heading', { name: 'Registrazione in Attesa' }).waitFor({ timeout: 15_000 });
    await shot(page, 'accounts-pending-1280');
    const me = await page.evaluate(
      () => JSON.parse(localStorage.getItem('auth_user') ?? 'null') as { company: string } | null,
    );
    expect(me?.company).toBe(company);
    await page.close();
  });

  it('an already registered e-mail gets a friendly message under the form', async () => {
    const { email } = await register();
    const page = await freshPage(browsers.desktop);
    await go(page, '/signup');
    await fillSignup(page, { fullName: 'Doppio Utente', email, password: PASSWORD, confirm: PASSWORD });
    await page.getByRole('combobox', { name: 'Azienda' }).fill('Band Test');
    await page.getByRole('button', { name: 'Registrati', exact: true }).click();
    await page.getByTestId('signup-error').waitFor();
    expect(await page.getByTestId('signup-error').textContent()).toBe(
      'Esiste già un account con questa email. Prova ad accedere o a reimpostare la password.',
    );
    await shot(page, 'accounts-signup-exists-1280', false);
    await page.close();
  });

  it('an active admin lands on /admin, an active user on /user', async () => {
    const { email } = await activeUser();
    const page = await freshPage(browsers.desktop);
    await go(page, '/login');
    await shot(page, 'accounts-login-1280');
    await loginUi(page, email);
    await page.waitForURL('**/user');
    await ready(page);
    // leave the editor before dropping its session: clearing storage under a live editor lets
    // its own 401 handling navigate to /login at the same moment as the test (ERR_ABORTED)
    await page.close();
    const adminPage = await freshPage(browsers.desktop);
    await go(adminPage, '/login');
    await loginUi(adminPage, 'admin@palco.test', 'AdminPalco1');
    await adminPage.waitForURL('**/admin');
    await ready(adminPage);
    await adminPage.close();
  });
});

describe('guard screens', () => {
  it('a rejected user sees Account Rifiutato after login, and Esci returns to /login', async () => {
    const user = await register();
    await decide(user, 'reject', 'Dati incompleti');
    await expectGuardScreen(user.email, 'Account Rifiutato', 'accounts-rejected', async (page) => {
      expect(await page.getByText('La tua richiesta di registrazione è stata rifiutata.').isVisible()).toBe(true);
      expect(await page.getByRole('main').getByRole('button', { name: 'Disconnetti' }).count()).toBe(0);
    });
  });

  it('a banned user sees Account Sospeso with Esci', async () => {
    const user = await activeUser();
    const res = await adminCall(`${API_PREFIX.admin}/users/${user.id}/ban`, { method: 'POST', json: {} });
    expect(res.status, await res.clone().text()).toBe(200);
    await expectGuardScreen(user.email, 'Account Sospeso', 'accounts-banned');
  });

  it("the pending screen's '24-48' stays on one line at every phone width", async () => {
    const user = await register({ fullName: 'Piera Pendente' });
    const page = await pageWithSession(browsers.phone, await login(user.email));
    await go(page, '/user');
    await page.getByRole('heading', { name: 'Registrazione in Attesa' }).waitFor();
    for (let width = 280; width <= 400; width += 2) {
      await page.setViewportSize({ width, height: 800 });
      const lines = await page.locator('.guard-timing').evaluate((p) => {
        const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const at = n.textContent!.indexOf('24-48');
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(n, at);
          range.setEnd(n, at + 5);
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        }
        return -1;
      });
      expect(lines, `width ${width}`).toBe(1);
    }
    await page.setViewportSize({ width: 320, height: 800 });
    await shot(page, 'accounts-pending-24-48-320');
    await page.close();
  });

  it('approved but unverified with an older session: told to verify the e-mail', async () => {
    const user = await register();
    const page = await pageWithSession(browsers.phone, await login(user.email));
    await decide(user, 'approve');
    await go(page, '/pending');
    await page.getByText("Account approvato! Verifica la tua email per attivare l'account.").waitFor();
    expect(pathOf(page)).toBe('/user');
    await shot(page, 'accounts-approved-unverified-375');
    await page.close();
  });

  it('an active organiser: /admin sends to /user, /admin/users says Accesso Negato', async () => {
    const user = await activeUser();
    const page = await pageWithSession(browsers.desktop, await login(user.email));
    await page.goto('/admin');
    await page.waitForURL('**/user');
    await go(page, '/admin/users');
    await page.getByRole('heading', { name: 'Accesso Negato' }).waitFor();
    expect(pathOf(page)).toBe('/admin/users');
    await shot(page, 'accounts-access-denied-1280');
    await page.close();
  });

  it('anonymous visitors of the guarded areas go to /login', async () => {
    const start = await freshPage(browsers.phone); // clears the context's storage: nobody is logged in
    await start.close();
    for (const path of ['/user', '/admin', '/admin/users', '/pending']) {
      // a tab of its own per visit: no redirect of the previous visit can land in this one
      const page = await browsers.phone.newPage();
      // the guard's own redirect may abort this navigation: the URL it lands on is what counts
      await page.goto(path, { waitUntil: 'commit', timeout: 20_000 }).catch(() => undefined);
      await page.waitForURL('**/login', { waitUntil: 'commit', timeout: 20_000 });
      expect(pathOf(page), path).toBe('/login');
      // let /login finish loading first: closing a tab mid-navigation can stall Chromium's close
      await page.waitForLoadState('load', { timeout: 20_000 });
      await page.close();
    }
  });
});
