// The navigation bar for anonymous visitors, organisers and admins at 375 px (menu collapsed,
// then opened) and 1280 px; logout with its confirmation. Screenshots: navbar-*.png.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { activeUser, adminCall, adminToken, login, register } from '../api';
import { go, pageWithSession, phoneAndDesktop, ready, shot } from '../browser';
import { API_PREFIX } from '../../../src/core/api-paths';

const browsers = phoneAndDesktop();

/** A new page with no session, on /home. */
async function anonymousPage(ctx: BrowserContext): Promise<Page> {
  const page = await pageWithSession(ctx, null);
  await go(page, '/home');
  return page;
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Navigazione principale' });

describe('navbar', () => {
  it('anonymous: Home, login, signup; collapsed menu on phones', async () => {
    const page = await anonymousPage(browsers.phone);
    const toggle = page.getByRole('button', { name: 'Apri il menu' });
    await toggle.waitFor();
    expect(await nav(page).getByRole('link', { name: 'Accedi' }).isVisible()).toBe(false);
    await shot(page, 'navbar-anonymous-375-closed', false);
    await toggle.click();
    expect(await page.getByRole('button', { name: 'Chiudi il menu' }).getAttribute('aria-expanded')).toBe('true');
    for (const [name, href] of [
      ['Home', '/home'],
      ['Accedi', '/login'],
      ['Registrati', '/signup'],
    ]) {
      const link = nav(page).getByRole('link', { name, exact: true });
      expect(await link.isVisible(), name).toBe(true);
      expect(await link.getAttribute('href')).toBe(href);
    }
    await shot(page, 'navbar-anonymous-375-open', false);
    await page.keyboard.press('Escape');
    expect(await nav(page).getByRole('link', { name: 'Accedi' }).isVisible()).toBe(false);
    await page.close();

    const wide = await anonymousPage(browsers.desktop);
    await nav(wide).getByRole('link', { name: 'Accedi' }).waitFor();
    expect(await wide.getByRole('button', { name: 'Apri il menu' }).isVisible()).toBe(false);
    expect(await nav(wide).getByRole('link', { name: 'Registrati' }).isVisible()).toBe(true);
    await shot(wide, 'navbar-anonymous-1280', false);
    await wide.close();
  });

  it('organiser: name, Utente badge, Crea → /user, no Utenti; e-mail prefix without a name', async () => {
    const token = await login((await activeUser()).email);
    for (const [ctx, width] of browsers.both()) {
      const page = await pageWithSession(ctx, token);
      await go(page, '/home');
      if (width === 375) {
        await page.getByRole('button', { name: 'Apri il menu' }).click();
      }
      await page.getByTestId('nav-name').waitFor();
      expect(await page.getByTestId('nav-name').textContent()).toBe('Giulia Bianchi');
      expect(await nav(page).getByText('Utente', { exact: true }).isVisible()).toBe(true);
      expect(await nav(page).getByRole('link', { name: 'Crea' }).getAttribute('href')).toBe('/user');
      expect(
        await nav(page)
          .getByRole('link', { name: /Utenti/ })
          .count(),
      ).toBe(0);
      expect(await page.getByTestId('home-panel').first().getAttribute('href')).toBe('/user');
      await shot(page, `navbar-user-${width}`, false);
      await page.close();
    }

    // no full name: the part of the e-mail before the at sign
    const bare = await register({ fullName: null });
    const page = await pageWithSession(browsers.desktop, await login(bare.email));
    await go(page, '/home');
    await page.getByTestId('nav-name').waitFor();
    expect(await page.getByTestId('nav-name').textContent()).toBe(bare.email.split('@')[0]);
    await page.close();
  });

  it('admin: Admin badge, Crea → /admin, Utenti with the pending count', async () => {
    await register();
    const pending = (await (await adminCall(`${API_PREFIX.admin}/users/pending`)).json()) as {
      users: unknown[];
      total?: number;
    };
    const count = pending.total ?? pending.users.length;
    expect(count).toBeGreaterThan(0);
    const token = await adminToken();
    for (const [ctx, width] of browsers.both()) {
      const page = await pageWithSession(ctx, token);
      await go(page, '/home');
      if (width === 375) {
        await page.getByRole('button', { name: 'Apri il menu' }).waitFor();
        await shot(page, 'navbar-admin-375-closed', false);
        await page.getByRole('button', { name: 'Apri il menu' }).click();
      }
      await page.getByTestId('pending-count').waitFor();
      expect(await page.getByTestId('pending-count').textContent()).toBe(String(count));
      expect(await nav(page).getByText('Admin', { exact: true }).isVisible()).toBe(true);
      expect(await nav(page).getByRole('link', { name: 'Crea' }).getAttribute('href')).toBe('/admin');
      expect(
        await nav(page)
          .getByRole('link', { name: /Utenti/ })
          .getAttribute('href'),
      ).toBe('/admin/users');
      await shot(page, `navbar-admin-${width}${width === 375 ? '-open' : ''}`, false);
      await page.close();
    }
  });

  it('logout asks first, then clears the session and goes to /login', async () => {
    const user = await activeUser();
    const page = await pageWithSession(browsers.phone, await login(user.email));
    await go(page, '/home');
    await page.getByRole('button', { name: 'Apri il menu' }).click();
    await nav(page).getByRole('button', { name: 'Esci' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Sei sicuro di voler uscire?').waitFor();
    await shot(page, 'navbar-logout-confirm-375', false);
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    expect(await dialog.isVisible()).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).not.toBeNull();

    await page.getByRole('button', { name: 'Apri il menu' }).click();
    await nav(page).getByRole('button', { name: 'Esci' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Esci' }).click();
    await page.waitForURL('**/login');
    await ready(page);
    await page.getByText('Logout effettuato').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await page.close();
  });

  it('public pages at both widths: home, about, terms, privacy, 404, with navbar and footer', async () => {
    for (const [ctx, width] of browsers.both()) {
      const page = await anonymousPage(ctx);
      expect(await page.getByRole('heading', { level: 1, name: 'Palco' }).isVisible()).toBe(true);
      expect(
        await page
          .getByText('Lo strumento potente per creare e gestire landing page per eventi e concerti.')
          .isVisible(),
      ).toBe(true);
      expect(await page.getByRole('link', { name: 'Scopri chi siamo' }).getAttribute('href')).toBe('/about');
      expect(await page.getByRole('link', { name: 'Crea il tuo account' }).first().getAttribute('href')).toBe(
        '/signup',
      );
      const footer = page.getByRole('contentinfo');
      expect(await footer.getByText(/© \d{4} Palco/).isVisible()).toBe(true);
      for (const [name, href] of [
        ['Chi siamo', '/about'],
        ['Termini di servizio', '/terms'],
        ['Privacy', '/privacy'],
      ] as const) {
        expect(await footer.getByRole('link', { name }).getAttribute('href')).toBe(href);
      }
      await shot(page, `home-${width}`);
      for (const [path, title] of [
        ['/about', 'Chi siamo'],
        ['/terms', 'Termini di servizio'],
        ['/privacy', 'Privacy'],
      ] as const) {
        await go(page, path);
        expect(await page.getByRole('heading', { level: 1, name: title }).isVisible()).toBe(true);
        await shot(page, `static${path.replace('/', '-')}-${width}`);
      }
      await go(page, '/questa-pagina-non-esiste');
      await page.getByRole('heading', { name: 'Pagina non trovata' }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Navigazione principale' }).isVisible()).toBe(true);
      await shot(page, `static-404-${width}`);
      await page.close();
    }
  });
});
