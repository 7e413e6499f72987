// Accounts as a new organiser lives them, in Chromium: signup → pending → approval → verify
// link → login; the guard screens of every status; validation messages; forgot/reset password.
// Screenshots of every screen at 375 and 1280 px go to tests/e2e/screenshots/accounts-*.png.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { PASSWORD, activeUser, adminCall, decide, fetchUser, login, mailLink, register, uniqueEmail } from './api';
import { go, pageWithSession, pathOf, phoneAndDesktop, ready, shot } from './browser';
import { API_PREFIX } from '../../src/core/api-paths';

const browsers = phoneAndDesktop();

/** A fresh page with no session (each test starts logged out). */
function freshPage(ctx: BrowserContext): Promise<Page> {
  return pageWithSession(ctx, null);
}

async function fillSignup(page: Page, fields: { fullName: string; email: string; password: string; confirm: string }) {
  await page.getByLabel('Nome completo').fill(fields.fullName);
  await page.getByLabel('Email').fill(fields.email);
  await page.getByLabel('Password', { exact: true }).fill(fields.password);
  await page.getByLabel('Conferma Password').fill(fields.confirm);
}

async function loginUi(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
}

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

describe('validation messages', () => {
  it('login: every validation message on bad input, submit disabled until valid, show/hide', async () => {
    const page = await freshPage(browsers.phone);
    await go(page, '/login');
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password', { exact: true });
    const submit = page.getByRole('button', { name: 'Accedi', exact: true });
    expect(await submit.isDisabled()).toBe(true);
    await shot(page, 'accounts-login-375');

    await email.fill('non-una-email');
    await page.getByText('Email non valida').waitFor();
    await email.fill('');
    await page.getByText('Email richiesta').waitFor();
    await password.fill('abc');
    await page.getByText('Password deve essere di almeno 6 caratteri').waitFor();
    await password.fill('');
    await page.getByText('Password richiesta').waitFor();
    await shot(page, 'accounts-login-errors-375');
    expect(await submit.isDisabled()).toBe(true);

    await email.fill('qualcuno@example.com');
    await password.fill('segreto1');
    expect(await submit.isEnabled()).toBe(true);
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Mostra password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Nascondi password' }).click();
    expect(await password.getAttribute('type')).toBe('password');

    // a wrong password: the server's code becomes 'Credenziali non valide'
    await submit.click();
    await page.getByTestId('login-error').waitFor();
    expect(await page.getByTestId('login-error').textContent()).toBe('Credenziali non valide');

    // the links of the screen
    expect(await page.getByRole('link', { name: 'Password dimenticata?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(await page.locator('.auth-foot a').getAttribute('href')).toBe('/signup');
    await page.close();
  });

  it('signup: every validation message on bad input', async () => {
    const page = await freshPage(browsers.desktop);
    await go(page, '/signup');
    const name = page.getByLabel('Nome completo');
    const company = page.getByRole('combobox', { name: 'Azienda' });
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password', { exact: true });
    const confirm = page.getByLabel('Conferma Password');
    const cases: [typeof name, string, string][] = [
      [name, 'G', 'Nome deve essere di almeno 2 caratteri'],
      [name, '', 'Nome completo richiesto'],
      [company, 'X', 'Nome azienda deve essere di almeno 2 caratteri'],
      [company, '', 'Azienda richiesta'],
      [email, 'giulia@', 'Email non valida'],
      [email, '', 'Email richiesta'],
      [password, 'Ab1', 'Password deve essere di almeno 8 caratteri'],
      [password, 'tuttominuscolo1', 'Password deve contenere almeno una lettera minuscola, una maiuscola e un numero'],
      [password, 'TUTTOMAIUSCOLO1', 'Password deve contenere almeno una lettera minuscola, una maiuscola e un numero'],
      [password, 'SenzaNumeri', 'Password deve contenere almeno una lettera minuscola, una maiuscola e un numero'],
      [password, '', 'Password richiesta'],
    ];
    for (const [field, value, message] of cases) {
      await field.fill(value);
      await page.getByText(message, { exact: true }).waitFor();
    }
    await password.fill(PASSWORD);
    await confirm.fill(`${PASSWORD}x`);
    await page.getByText('Le password non coincidono', { exact: true }).waitFor();
    await confirm.fill('');
    await page.getByText('Conferma password richiesta', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await shot(page, 'accounts-signup-errors-1280');
    expect(await page.getByRole('button', { name: 'Registrati', exact: true }).isDisabled()).toBe(true);
    // both password fields have their own toggle
    expect(await page.getByRole('button', { name: 'Mostra password' }).count()).toBe(2);
    expect(await page.getByRole('link', { name: 'Accedi qui' }).getAttribute('href')).toBe('/login');
    await page.close();
  });
});

describe('forgot and reset password', () => {
  it('request, mailed link, new password with the registration policy, login with it', async () => {
    const { email } = await activeUser();
    const page = await freshPage(browsers.phone);
    await go(page, '/login');
    await page.getByRole('link', { name: 'Password dimenticata?' }).click();
    await page.waitForURL('**/forgot-password');
    await ready(page);
    await shot(page, 'accounts-forgot-375');
    await page.getByLabel('Email').fill('sbagliata');
    await page.getByText('Email non valida').waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Invia istruzioni' }).click();
    await page.getByText("Se l'email esiste nel sistema, riceverai le istruzioni per il reset.").waitFor();
    await shot(page, 'accounts-forgot-sent-375');

    const link = await mailLink(email, '/reset-password?token=');
    await go(page, link);
    await page.getByRole('heading', { name: 'Scegli una nuova password' }).waitFor();
    const pw = page.getByLabel('Nuova password', { exact: true });
    const confirm = page.getByLabel('Conferma nuova password');
    await pw.fill('corta');
    await page.getByText('Password deve essere di almeno 8 caratteri').waitFor();
    await pw.fill('nuovapassword1');
    await page.getByText('Password deve contenere almeno una lettera minuscola, una maiuscola e un numero').waitFor();
    const fresh = 'NuovaPassword9';
    await pw.fill(fresh);
    await confirm.fill('Altra');
    await page.getByText('Le password non coincidono').waitFor();
    await shot(page, 'accounts-reset-errors-375');
    await confirm.fill(fresh);
    await page.getByRole('button', { name: 'Salva la nuova password' }).click();
    await page.getByTestId('reset-done').waitFor();
    await shot(page, 'accounts-reset-done-375');

    // the link works once
    await go(page, link);
    await pw.fill(fresh);
    await confirm.fill(fresh);
    await page.getByRole('button', { name: 'Salva la nuova password' }).click();
    await page.getByTestId('reset-error').waitFor();
    expect(await page.getByTestId('reset-error').textContent()).toContain('non è valido o è scaduto');

    await go(page, '/login');
    await loginUi(page, email, PASSWORD);
    await page.getByText('Credenziali non valide').waitFor();
    await loginUi(page, email, fresh);
    await page.waitForURL('**/user');
    await ready(page);
    await page.close();
  });

  it('screens at 1280 px, and a reset page without token', async () => {
    const page = await freshPage(browsers.desktop);
    await go(page, '/forgot-password');
    await page.getByRole('heading', { name: 'Password dimenticata?' }).waitFor();
    await shot(page, 'accounts-forgot-1280');
    await go(page, '/reset-password');
    await page.getByText('Link non valido: manca il codice di reset. Richiedi un nuovo link.').waitFor();
    await shot(page, 'accounts-reset-notoken-1280');
    await go(page, '/reset-password?token=abc');
    await page.getByRole('heading', { name: 'Scegli una nuova password' }).waitFor();
    await shot(page, 'accounts-reset-1280');
    await go(page, '/login?token=not-a-token');
    await page.getByText('Token di verifica non valido o scaduto').waitFor();
    await shot(page, 'accounts-login-badtoken-1280');
    await page.close();
  });
});
