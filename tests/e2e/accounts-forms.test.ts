// Accounts' forms in Chromium: every validation message of login and signup, and the forgotten
// password from request to new login. Screenshots go to tests/e2e/screenshots/accounts-*.png.
import { describe, expect, it } from 'vitest';
import { PASSWORD, activeUser, mailLink } from './api';
import { go, phoneAndDesktop, ready, shot } from './browser';
import { freshPage, loginUi } from './accounts-helpers';

const browsers = phoneAndDesktop();

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
