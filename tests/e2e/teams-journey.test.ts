// A company as a team, from end to end (docs/behaviour.md#teams, #history, #trash,
// #activity-log), as new users meet it: a Titolare invites an Editor and a Lettore from the Team
// screen, a stranger who names the company waits at the guard screen until refused, the Editor
// saves three times and restores the first version, the Lettore cannot save, the Titolare moves
// the page to the Cestino and brings it back with its views, clicks and fans exactly as before,
// and the activity log tells all of it with names. Phones with touch at 375 px, desktops at 1280.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pagePaths } from '../../src/core/api-paths';
import { api, decide, fetchUser, login, mailLink, PASSWORD } from './api';
import { DESKTOP, go, openBrowser, PHONE, pageWithSession, shot, PHONE_UA } from './browser';
import { createTextPageApi, editorPage, expectNotice, openSavedPage, openSidebar, poll } from './editor-helpers';
import { confirmLinkPath, signUpByApi } from './fans-api';
import { uniqueSlug } from './pages-api';
import { invitationLink, me, owner, requester, tokenOf } from './team-api';
import { dialog, notice, row, section, teamPage } from './team-helpers';

const REQUESTED = (company: string) =>
  `La tua richiesta di entrare in ${company} aspetta l'approvazione di un titolare`;

async function verify(email: string): Promise<void> {
  const link = new URL(await mailLink(email, '/verify-email?token='));
  const res = await api('/auth/verify', { method: 'POST', json: { token: link.searchParams.get('token') } });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** What the Titolare's API says the page holds: its statistics, its fans, its click counts. */
async function holdings(token: string, slug: string) {
  const stats = await (await api(pagePaths.stats(slug, 30), { token })).json();
  const fans = (await (await api(`${pagePaths.page(slug)}/fans?days=30`, { token })).json()) as Record<string, unknown>;
  const saved = (await (await api(pagePaths.page(slug), { token })).json()) as {
    view_page: number;
    buttons: { id: number; click_count: number }[];
  };
  const { alerts: _alerts, ...fanCounts } = fans;
  return { stats, fanCounts, views: saved.view_page, clicks: saved.buttons.map((b) => [b.id, b.click_count]) };
}

/** The holdings once the counting queue has caught up: the same twice, two seconds apart. */
async function settled(token: string, slug: string) {
  let last = await holdings(token, slug);
  for (let i = 0; i < 10; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const now = await holdings(token, slug);
    if (JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
  throw new Error('the counts never settled');
}

async function retitle(page: Page, title: string): Promise<void> {
  await page.getByLabel('Titolo', { exact: true }).fill(title);
  await page.locator('.ed-save').tap();
  await expectNotice(page, 'Landing page aggiornata con successo!');
}

describe('a team from end to end', () => {
  it('invites, refuses, saves, restores, trashes and brings back, and logs it all', {
    timeout: 300_000,
  }, async () => {
    const boss = await owner('Teresa Titolare');
    const company = boss.company;
    const desk = await openBrowser(DESKTOP);
    const phone = await openBrowser(PHONE, PHONE_UA, { touch: true });
    try {
      // the Titolare invites an Editor and a Lettore from the Team screen
      const team = await teamPage(desk, boss.token);
      const editorEmail = `elena.${Date.now().toString(36)}@example.com`;
      const viewerEmail = `luca.${Date.now().toString(36)}@example.com`;
      for (const [email, role] of [
        [editorEmail, 'editor'],
        [viewerEmail, 'viewer'],
      ] as const) {
        await team.getByLabel('Email', { exact: true }).fill(email);
        await team.locator('#tm-invite-role').selectOption(role);
        await team.getByRole('button', { name: 'Invia invito' }).click();
        await expect.poll(() => notice(team).textContent()).toBe(`Invito mandato a ${email}.`);
        // the form empties itself after an invitation: the next one starts from there
        await expect.poll(() => team.getByLabel('Email', { exact: true }).inputValue()).toBe('');
      }
      await shot(team, 'journey-team-invited-1280');

      // the Editor signs up from the invitation link on a phone: the company is already there
      const signup = await pageWithSession(phone, null);
      const editorLink = new URL(await invitationLink(editorEmail));
      await go(signup, `${editorLink.pathname}${editorLink.search}`);
      await expect.poll(() => signup.getByLabel('Azienda').inputValue()).toBe(company);
      expect(await signup.getByLabel('Email').inputValue()).toBe(editorEmail);
      await signup.getByLabel('Nome completo').fill('Elena Editor');
      await signup.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await signup.getByLabel('Conferma Password').fill(PASSWORD);
      await shot(signup, 'journey-invited-signup-375');
      await signup.getByRole('button', { name: 'Registrati', exact: true }).tap();
      await signup.getByRole('heading', { name: 'Registrazione in Attesa' }).waitFor({ timeout: 15_000 });
      await signup.close();
      // the Lettore registers with theirs through the API; both wait for the administrators
      const viewerToken = tokenOf(await invitationLink(viewerEmail));
      const reg = await api('/auth/register', {
        method: 'POST',
        json: { email: viewerEmail, password: PASSWORD, full_name: 'Luca Lettore', company, invitation: viewerToken },
      });
      expect(reg.status, await reg.clone().text()).toBe(201);
      const editorUser = (await fetchUser(editorEmail))!;
      const viewerUser = (await fetchUser(viewerEmail))!;
      await decide(editorUser, 'approve');
      await decide(viewerUser, 'approve');
      await verify(editorEmail);
      await verify(viewerEmail);
      const editorToken = await login(editorEmail);
      const viewerTokenSession = await login(viewerEmail);
      expect([(await me(editorToken)).company_role, (await me(viewerTokenSession)).company_role]).toEqual([
        'editor',
        'viewer',
      ]);

      // a stranger who names the company waits at the guard screen until a Titolare refuses
      const stranger = await requester(company, 'Sandro Sconosciuto');
      const guard = await pageWithSession(phone, stranger.token);
      await go(guard, '/user');
      await expect.poll(() => guard.getByTestId('team-requested').textContent()).toBe(REQUESTED(company));
      await shot(guard, 'journey-guard-requested-375');
      await team.reload();
      await row(team, 'requests', stranger.user.email)
        .getByRole('button', { name: 'Rifiuta Sandro Sconosciuto' })
        .click();
      await dialog(team).getByRole('button', { name: 'Rifiuta' }).click();
      await expect.poll(() => notice(team).textContent()).toBe('Richiesta di Sandro Sconosciuto rifiutata.');
      await guard.reload();
      await guard.getByTestId('team-outside').waitFor();
      expect((await me(stranger.token)).membership).toBeNull();
      await guard.close();

      // the page, with views, clicks and a confirmed fan
      const slug = uniqueSlug('squadra');
      const first = `Tour ${slug}`;
      await createTextPageApi(boss.token, slug, first, 'Milano');
      const visitor = await phone.newPage();
      expect((await visitor.goto(`/${slug}`))?.status()).toBe(200);
      expect((await visitor.goto(`/${slug}?utm_source=qr`))?.status()).toBe(200);
      await visitor.close();
      const saved = (await (await api(pagePaths.page(slug), { token: boss.token })).json()) as {
        buttons: { id: number }[];
      };
      const click = await api(pagePaths.buttonClick(slug, saved.buttons[0]!.id), {
        method: 'POST',
        headers: { 'user-agent': PHONE_UA },
      });
      expect(click.status).toBeLessThan(300);
      const fan = `fan.${Date.now().toString(36)}@example.it`;
      expect(await signUpByApi(slug, fan, 'Milano')).toBeLessThan(300);
      const confirmed = await api(await confirmLinkPath(fan), { method: 'POST' });
      expect(confirmed.status).toBeLessThan(400);
      await poll(async () => (await holdings(boss.token, slug)).views).toBe(2);
      await poll(async () => (await holdings(boss.token, slug)).clicks[0]?.[1]).toBe(1);

      // the Editor saves three times on a phone and restores the first version
      const ed = await editorPage(phone, editorToken, '/user');
      await openSavedPage(ed, slug, 'tap');
      for (const n of ['Due', 'Tre', 'Quattro']) await retitle(ed, `${n} ${slug}`);
      await ed.getByRole('tab', { name: 'Cronologia' }).tap();
      const versions = ed.getByTestId('history-view').locator('.hs-version');
      await poll(() => versions.count()).toBe(4);
      await versions.first().getByText('di Elena Editor').waitFor();
      await versions
        .last()
        .getByRole('button', { name: /^Ripristina la versione/ })
        .tap();
      await ed.locator('dialog.confirm-dialog[open]').getByRole('button', { name: 'Ripristina' }).tap();
      await expectNotice(ed, /ripristinata e pubblicata/);
      await poll(async () => (await (await api(`/${slug}`)).text()).includes(`<title>${first}`)).toBe(true);
      await shot(ed, 'journey-editor-restored-375');
      await ed.close();

      // the Lettore reads the page but cannot save it, neither on screen nor through the API
      const reader = await editorPage(desk, viewerTokenSession, '/user');
      await openSavedPage(reader, slug, 'click');
      expect(await reader.locator('.ed-save').count()).toBe(0);
      expect(await reader.getByLabel('Titolo', { exact: true }).isDisabled()).toBe(true);
      await shot(reader, 'journey-viewer-1280');
      const refused = await api(pagePaths.page(slug), {
        method: 'PUT',
        token: viewerTokenSession,
        json: { folder_name: slug, title: 'Mio', mode: 'text', buttons: [] },
      });
      expect(refused.status).toBe(403);
      await reader.close();

      // the Titolare moves the page to the Cestino and brings it back whole
      const before = await settled(boss.token, slug);
      const ownerEditor = await editorPage(desk, boss.token, '/user');
      await openSidebar(ownerEditor);
      await ownerEditor
        .locator(`.ed-page[data-slug="${slug}"]`)
        .getByRole('button', { name: `Elimina "${first}"` })
        .click();
      await ownerEditor
        .locator('dialog.confirm-dialog[open]')
        .getByRole('button', { name: 'Sposta nel cestino' })
        .click();
      await expectNotice(ownerEditor, /è nel cestino/);
      expect((await api(`/${slug}`)).status).toBe(404);
      const toggle = ownerEditor.locator('dialog.ed-drawer[open] .ed-trash__toggle');
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      const trashed = ownerEditor.locator(`dialog.ed-drawer[open] .ed-trash-item[data-slug="${slug}"]`);
      await trashed.getByText(/^Eliminata da Teresa Titolare il /).waitFor();
      await expect.poll(() => trashed.textContent()).toContain(`1 fan · ${before.views} visite`);
      await shot(ownerEditor, 'journey-cestino-1280');
      await trashed.getByRole('button', { name: `Ripristina "${first}"` }).click();
      await expectNotice(ownerEditor, /è tornata tra le pagine/);
      await poll(async () => (await api(`/${slug}`)).status).toBe(200);
      expect(await holdings(boss.token, slug)).toEqual(before);
      await ownerEditor.close();

      // the activity log tells it all, with names
      await team.reload();
      const log = section(team, 'activity');
      await log.waitFor();
      await expect
        .poll(() => log.textContent(), { timeout: 15_000 })
        .toContain('ha ripristinato la pagina dal cestino');
      const text = (await log.textContent()) ?? '';
      for (const line of [
        'Teresa Titolare',
        'ha invitato',
        'ha rifiutato la richiesta di',
        'Sandro Sconosciuto',
        'Elena Editor',
        'ha salvato la pagina',
        'ha ripristinato una versione della pagina',
        'ha spostato la pagina nel cestino',
        'ha ripristinato la pagina dal cestino',
      ]) {
        expect(text, line).toContain(line);
      }
      await shot(team, 'journey-activity-1280');
      await team.close();
    } finally {
      await desk.close();
      await phone.close();
    }
  });
});
