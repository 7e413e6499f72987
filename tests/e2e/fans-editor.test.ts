import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sqlExec } from './d1';
import { FAN_CONSENT_VERSION } from '../../src/core/fans';
import { fansCsvFilename, romeTime } from '../../src/core/fans-export';
import { romeBucket } from '../../src/core/traffic';
import { Gate, expectAccessible, settle } from './a11y';
import { adminToken, api, organiser } from './api';
import { downloaded, pageWithSession, phoneAndDesktop, ready, shot, PHONE_UA } from './browser';
import { editorPage, expectNotice, openSavedPage, rankRows } from './editor-helpers';
import { createPage, textPageBody, uniqueSlug } from './pages-api';
import { API_PREFIX } from '../../src/core/api-paths';

interface Saved {
  id: number;
  buttons: { id: number; position: number; text: string }[];
}

/** A tour: Milano, Roma and Firenze in 2099. */
async function tourPage(token: string, slug: string, title: string): Promise<Saved> {
  const event = (text: string) => ({
    type: 'text',
    text,
    url: 'https://example.com/t',
    cta_buttons: [{ buttonText: 'biglietti', url: 'https://example.com/t' }],
  });
  const saved = await createPage<Saved>(
    token,
    textPageBody(slug, title, [
      event('12/05/2099 - Milano - Alcatraz|biglietti'),
      event('13/05/2099 - Roma - Atlantico|biglietti'),
      event('15/05/2099 - Firenze - Tuscany Hall|biglietti'),
    ]),
  );
  saved.buttons.sort((a, b) => a.position - b.position);
  return saved;
}

const q = (text: string) => `'${text.replaceAll("'", "''")}'`;
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

/** One fan with the cities they follow (['*'] for 'Tutte le date'); confirmed null: still waiting. */
function fanSql(pageId: number, email: string, cities: Array<[string, string]>, confirmed: string | null): string {
  return [
    `INSERT INTO fans (page_id, email, consent_version, consent_at, confirmed_at, created_at)
     VALUES (${pageId}, ${q(email)}, ${q(FAN_CONSENT_VERSION)}, ${q(confirmed ?? hoursAgo(1))},
       ${confirmed ? q(confirmed) : 'NULL'}, ${q(confirmed ?? hoursAgo(1))});`,
    ...cities.map(
      ([key, city]) =>
        `INSERT INTO fan_cities (fan_id, city_key, city) SELECT id, ${q(key)}, ${q(city)} FROM fans
         WHERE page_id = ${pageId} AND email = ${q(email)};`,
    ),
  ].join('\n');
}

function alertSql(pageId: number, status: string, buttonIds: number[], dueAt: string, extra = ''): string {
  return `INSERT INTO fan_alerts (page_id, status, button_ids, due_at, recipients, finished_at)
    VALUES (${pageId}, ${q(status)}, ${q(JSON.stringify(buttonIds))}, ${q(dueAt)}, ${extra || '0, NULL'});`;
}

async function kpi(page: Page, name: 'total' | 'pending' | 'all'): Promise<string> {
  return (await page.getByTestId('fans-view').locator(`[data-kpi="${name}"] .xs-kpi-value`).textContent()) ?? '';
}

/** A list of city rows as [city, fans] (fans from the row's data, not its wording). */
function cityRows(page: Page, testId: string): Promise<[string, number][]> {
  return rankRows(page, testId, '.xs-rank-text', 'data-fans');
}

describe('the Fan view', () => {
  const browsers = phoneAndDesktop({ userAgent: PHONE_UA, touch: true });
  const run = Date.now().toString(36);
  const fanMail = (name: string) => `${name}.${run}@fan.test`;
  let slug = '';
  let alertDue = '';

  it('phone, touch: figures, tour cities, requested cities, the scheduled alert, CSV, search, Rimuovi', {
    timeout: 180_000,
  }, async () => {
    const { token } = await organiser({ fullName: 'Fan Organizzatrice', company: `Fan Live ${run}` });
    slug = uniqueSlug('fans');
    const saved = await tourPage(token, slug, `Tour dei fan ${run}`);
    const [milano, roma] = saved.buttons;
    alertDue = new Date(Date.now() + 9 * 60_000).toISOString();
    await sqlExec(
      [
        fanSql(
          saved.id,
          fanMail('anna'),
          [
            ['*', '*'],
            ['milano', 'Milano'],
          ],
          hoursAgo(1),
        ),
        fanSql(saved.id, fanMail('bruno'), [['milano', 'Milan']], hoursAgo(26)),
        fanSql(saved.id, fanMail('carla'), [['milano', 'Milano']], hoursAgo(50)),
        fanSql(saved.id, fanMail('dario'), [['roma', 'Roma']], hoursAgo(2)),
        fanSql(saved.id, fanMail('elena'), [['*', '*']], hoursAgo(74)),
        fanSql(saved.id, fanMail('franco'), [['bari', 'Bari']], hoursAgo(3)),
        fanSql(saved.id, fanMail('gina'), [['bari', 'bari']], hoursAgo(4)),
        fanSql(saved.id, fanMail('=hugo'), [['forli', 'Forlì']], hoursAgo(5)),
        fanSql(saved.id, fanMail('ivo'), [['milano', 'Milano']], null),
        alertSql(saved.id, 'sent', [roma!.id], hoursAgo(48), `3, ${q(hoursAgo(47.9))}`),
        `INSERT INTO fan_deliveries (alert_id, fan_id, status)
           SELECT a.id, f.id, CASE WHEN f.email = ${q(fanMail('dario'))} THEN 'failed' ELSE 'sent' END
           FROM fan_alerts a JOIN fans f ON f.page_id = a.page_id
           WHERE a.page_id = ${saved.id} AND a.status = 'sent'
             AND f.email IN (${[fanMail('anna'), fanMail('elena'), fanMail('dario')].map(q).join(', ')});`,
        alertSql(saved.id, 'scheduled', [milano!.id], alertDue),
      ].join('\n'),
    );

    const page = await editorPage(browsers.phone, token, '/user');
    await openSavedPage(page, slug, 'tap');

    // the notice of the scheduled alert, in Europe/Rome time, with its two buttons
    const notice = page.getByTestId('fan-alert-notice');
    await notice.getByText(`Avviso ai fan di Milano alle ${romeTime(alertDue)}`).waitFor();
    expect(await notice.getByRole('button', { name: /^Invia ora/ }).isVisible()).toBe(true);
    expect(await notice.getByRole('button', { name: /^Annulla/ }).isVisible()).toBe(true);
    // it stays in sight down by the save button: it sticks under the navbar with the messages
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(async () => (await notice.boundingBox())?.y ?? -1).toBeGreaterThan(0);
    expect((await notice.boundingBox())!.y).toBeLessThan(200);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await settle(page);
    await shot(page, 'fans-notice-375', false);
    await page.evaluate(() => window.scrollTo(0, 0));

    await page.getByRole('tab', { name: 'Fan' }).tap();
    const view = page.getByTestId('fans-view');
    await view.waitFor();
    await expect.poll(() => kpi(page, 'total')).toBe('8');
    expect([await kpi(page, 'pending'), await kpi(page, 'all')]).toEqual(['1', '2']);
    // the notice stays out of the Fan view: its alerts list has the same buttons
    expect(await notice.count()).toBe(0);

    expect(await cityRows(page, 'fans-cities-list')).toEqual([
      ['Milano', 3],
      ['Roma', 1],
      ['Firenze', 0],
    ]);
    expect(await cityRows(page, 'fans-requested-list')).toEqual([
      ['Bari', 2],
      ['Forlì', 1],
    ]);
    await page.getByTestId('fans-requested').getByRole('heading', { name: 'Città richieste' }).waitFor();

    // the alerts: the scheduled one first, to the Milano fans and 'Tutte le date'; the sent one
    const alerts = page.getByTestId('fans-alerts');
    const scheduled = alerts.locator('[data-status="scheduled"]');
    expect(await scheduled.locator('.badge').textContent()).toBe('Programmato');
    expect(await scheduled.locator('.xs-fan-alert-what').textContent()).toBe('Milano');
    expect(await scheduled.locator('.xs-fan-alert-reach').textContent()).toBe('A 4 fan');
    expect(await scheduled.getByRole('button', { name: /^Annulla/ }).isVisible()).toBe(true);
    expect(await scheduled.getByRole('button', { name: /^Invia ora/ }).isVisible()).toBe(true);
    const sent = alerts.locator('[data-status="sent"]');
    expect(await sent.locator('.badge').textContent()).toBe('Inviato');
    expect(await sent.locator('.xs-fan-alert-reach').textContent()).toBe('A 3 fan · 2 inviati · 1 non riuscito');
    expect(
      await alerts.locator('li[data-alert-id]').evaluateAll((l) => l.map((e) => e.getAttribute('data-status'))),
    ).toEqual(['scheduled', 'sent']);

    // sign-ups per day: the chart says the period's total in words
    expect(await page.getByTestId('fans-chart').getAttribute('aria-label')).toContain('8 iscrizioni in tutto');

    // nothing is wider than the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'fans-375');

    // the CSV: the confirmed fans, one row per city, the formula-like address kept as text
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      view.getByRole('button', { name: 'Scarica CSV' }).tap(),
    ]);
    expect(file.suggestedFilename()).toBe(fansCsvFilename(slug, romeBucket(Date.now()).day));
    const bytes = await downloaded(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Email;Città;Confermato il;Consenso');
    expect(lines).toHaveLength(1 + 9); // 8 confirmed fans, anna with two cities; ivo waits
    expect(lines.find((l) => l.includes('hugo'))).toMatch(/^'=hugo\..*;Forlì;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};/);
    expect(lines.filter((l) => l.startsWith(fanMail('anna'))).map((l) => l.split(';')[1])).toEqual([
      'Tutte le date',
      'Milano',
    ]);

    // the list, its search and 'Rimuovi' after the confirmation
    const list = page.getByTestId('fans-list');
    await expect.poll(() => list.locator('li[data-fan-id]').count()).toBe(9);
    await list.getByRole('searchbox', { name: 'Cerca per email' }).fill(`bruno.${run}`);
    await expect.poll(() => list.locator('li[data-fan-id]').count()).toBe(1);
    await list.getByRole('button', { name: `Rimuovi ${fanMail('bruno')}` }).tap();
    const dialog = page.getByRole('dialog', { name: 'Rimuovere il fan?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Rimuovi' }).tap();
    await expectNotice(page, `${fanMail('bruno')} non è più tra i fan`);
    await expect.poll(() => list.locator('li[data-fan-id]').count()).toBe(0);
    await list.getByText('Nessun fan con questa email.').waitFor();
    await expect.poll(() => kpi(page, 'total')).toBe('7');
    expect(await cityRows(page, 'fans-cities-list')).toEqual([
      ['Milano', 2],
      ['Roma', 1],
      ['Firenze', 0],
    ]);

    const gate = new Gate();
    expectAccessible(await gate.audit(page, 'fan view with figures, alerts and the list', { widths: [375] }));
    await page.close();
  });

  it('desktop, mouse: the notice on opening and after a save, Avvisami off, the empty state, the admin total', {
    timeout: 180_000,
  }, async () => {
    const token = await adminToken();
    const page = await editorPage(browsers.desktop, token, '/admin');

    // the phone's page at 1280 px: figures, chart and its table
    await openSavedPage(page, slug, 'click');
    await page.getByRole('tab', { name: 'Fan' }).click();
    await expect.poll(() => kpi(page, 'total')).toBe('7');
    await page.getByTestId('fans-view').getByRole('button', { name: 'Mostra come tabella' }).click();
    const table = page.getByTestId('fans-table');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(30);
    const signups = await table.locator('tbody td').allTextContents();
    expect(signups.map(Number).reduce((a, b) => a + b, 0)).toBe(7);
    await page.getByRole('radio', { name: '7 giorni' }).check();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(7);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'fans-1280');
    const gate = new Gate();
    expectAccessible(await gate.audit(page, 'fan view at 1280 px', { widths: [1280] }));

    // a page with one fan of 'Tutte le date', with a scheduled alert to Roma and Milano (named in
    // date order); the notice names only an alert that reaches someone
    const quiet = uniqueSlug('fansquiet');
    const saved = await tourPage(token, quiet, `Tour tranquillo ${Date.now().toString(36)}`);
    const due = new Date(Date.now() + 5 * 60_000).toISOString();
    await sqlExec(
      [
        fanSql(saved.id, fanMail('solo'), [['*', 'Tutte le date']], hoursAgo(1)),
        alertSql(saved.id, 'scheduled', [saved.buttons[1]!.id, saved.buttons[0]!.id], due),
      ].join('\n'),
    );
    await openSavedPage(page, quiet, 'click');
    const notice = page.getByTestId('fan-alert-notice');
    await notice.getByText(`Avviso ai fan di Milano e Roma alle ${romeTime(due)}`).waitFor();

    // 'Avvisami' is on by default; turned off and saved, the page says so, the notice stays
    const option = page.getByRole('checkbox', { name: "Mostra 'Avvisami' sotto le date" });
    expect(await option.isChecked()).toBe(true);
    await option.uncheck();
    await page.getByRole('button', { name: 'Aggiorna landing' }).click();
    await expectNotice(page, /aggiornata/i);
    const res = await api(`${API_PREFIX.pages}/${quiet}`, { token });
    expect(((await res.json()) as { fan_signup: boolean }).fan_signup).toBe(false);
    await notice.getByText(`Avviso ai fan di Milano e Roma alle ${romeTime(due)}`).waitFor();
    expect(await option.isChecked()).toBe(false);
    // in sight after the save, at the bottom of the page
    expect((await notice.boundingBox())!.y).toBeLessThan(250);
    await settle(page);
    await shot(page, 'fans-notice-1280', false);

    // its only fan removed: the empty state explains the 'Avvisami' block, and that it is off here
    const listed = await api(`${API_PREFIX.pages}/${quiet}/fans/list?q=`, { token });
    const [solo] = ((await listed.json()) as { fans: Array<{ id: number }> }).fans;
    expect((await api(`${API_PREFIX.pages}/${quiet}/fans/${solo!.id}`, { token, method: 'DELETE' })).status).toBe(200);
    await page.getByRole('tab', { name: 'Fan' }).click();
    const empty = page.getByTestId('fans-empty');
    await empty.getByText('Ancora nessun fan').waitFor();
    await empty.getByText("Il blocco 'Avvisami' è spento per questa pagina").waitFor();
    await page.getByTestId('fans-alerts').locator('[data-status="scheduled"]').waitFor();
    await shot(page, 'fans-empty-1280');
    await page.close();

    // the administrators' screen: confirmed fans across companies. Other files confirm and erase
    // fans meanwhile, so the figure is checked as a total that arrives (the Worker tests check
    // its sum: fans-owner-list.test.ts)
    const users = await pageWithSession(browsers.desktop, token);
    await users.goto('/admin/users');
    await ready(users);
    const fans = users.locator('[data-stat="fans"]');
    // a dash holds the place until the total arrives
    await expect.poll(async () => (await fans.textContent()) ?? '', { timeout: 20_000 }).toMatch(/^[1-9][\d.]*$/);
    expect(await users.locator('[data-stat="fan-companies"]').textContent()).toMatch(
      /^confermati, in [\d.]+ aziend[ae]$/,
    );
    await shot(users, 'fans-admin-1280', false);
    await users.close();
  });
});
