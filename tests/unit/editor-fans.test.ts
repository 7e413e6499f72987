// The editor's fan view and scheduled-alert notice (docs/behaviour.md#for-the-organiser): the words
// and figures it shows, the loads (the last one wins, a failure keeps what is shown), 'Invia ora'
// and 'Annulla' with the server's reason on a 404 or 409, 'Rimuovi' after the confirmation, and
// the page form's 'Avvisami' option in and out of the payload. The network is a stand-in for the
// Worker's fan routes, answering what the test sets.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { romeDateTime, romeTime } from '../../src/core/fans-export';
import { t } from '../../src/core/messages';
import type { FanAlert, FanSummary } from '../../src/core/schemas/fans';
import { offeredViews } from '../../src/islands/editor/ViewSwitch';
import { $dialog, registerDialogHost } from '../../src/stores/dialog';
import { $form } from '../../src/stores/editor/state';
import {
  $alertBusy,
  $fanList,
  $fans,
  $scheduledAlerts,
  alertHeldLine,
  alertNotice,
  alertReach,
  alertStatusLabel,
  alertWhen,
  cancelAlert,
  checkScheduledAlerts,
  cityBars,
  clearScheduledAlerts,
  fansText,
  hasNoFans,
  joinCities,
  loadFans,
  removeFan,
  searchFans,
  sendAlertNow,
  signupsTotal,
} from '../../src/stores/editor/fans';
import { setFanSignup } from '../../src/stores/editor/form';
import { applyPage, resetEditor } from '../../src/stores/editor/load';
import { $notice } from '../../src/stores/editor/notice';
import { buildPayload, previewPage } from '../../src/stores/editor/payload';
import { savedEvent, savedPage } from './saved-page';
import { API_PREFIX } from '../../src/core/api-paths';

function alert(patch: Partial<FanAlert> = {}): FanAlert {
  return {
    id: 1,
    kind: 'new_date',
    status: 'scheduled',
    due_at: '2027-05-12T08:42:00Z',
    held_until: null,
    created_at: '2027-05-12T08:32:00Z',
    finished_at: null,
    cities: ['Milano'],
    events: [{ button_id: 3, date: '20/05/2027', city: 'Milano', venue: 'Alcatraz' }],
    recipients: 2,
    sent: 0,
    failed: 0,
    ...patch,
  };
}

function summary(patch: Partial<FanSummary> = {}): FanSummary {
  return {
    total: 0,
    pending: 0,
    all_dates: 0,
    cities: [],
    requested: [],
    daily: [{ date: '2027-05-12', signups: 0 }],
    alerts: [],
    ...patch,
  };
}

// ---------------------------------------------------------------------------------------------
// The stand-in for the Worker

interface Call {
  method: string;
  path: string;
}
type Reply = { status: number; body: unknown } | 'stall';
let calls: Call[] = [];
let replies: Array<(call: Call) => Reply | undefined> = [];
const stalled: Array<(res: Response) => void> = [];

function route(path: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const call = { method: init?.method ?? 'GET', path: String(path) };
  calls.push(call);
  for (const reply of replies) {
    const r = reply(call);
    if (r === 'stall') return new Promise((resolve) => stalled.push(resolve));
    if (r) return Promise.resolve(new Response(JSON.stringify(r.body), { status: r.status }));
  }
  return Promise.resolve(new Response(JSON.stringify({ detail: 'Not Found' }), { status: 404 }));
}

/** Answers `GET …/fans?days=` with this summary (for any period). */
function summaryIs(s: FanSummary): (call: Call) => Reply | undefined {
  return (call) =>
    call.method === 'GET' && /\/fans\?days=\d+$/.test(call.path) ? { status: 200, body: s } : undefined;
}

async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
}

beforeEach(() => {
  calls = [];
  replies = [];
  stalled.length = 0;
  resetEditor();
  $fans.set(null);
  $fanList.set(null);
  $notice.set(null);
  $alertBusy.set(new Set());
  vi.stubGlobal('fetch', vi.fn(route));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

// ---------------------------------------------------------------------------------------------

describe('words', () => {
  it('joins cities the Italian way', () => {
    expect(joinCities([])).toBe('');
    expect(joinCities(['Milano'])).toBe('Milano');
    expect(joinCities(['Milano', 'Roma'])).toBe('Milano e Roma');
    expect(joinCities(['Milano', 'Roma', 'Torino'])).toBe('Milano, Roma e Torino');
  });

  it("the notice: 'Avviso ai fan di Milano alle 10:42' in Europe/Rome time, summer and winter", () => {
    expect(alertNotice(alert())).toBe('Avviso ai fan di Milano alle 10:42');
    expect(alertNotice(alert({ cities: ['Milano', 'Roma'], due_at: '2027-01-12T08:42:00Z' }))).toBe(
      'Avviso ai fan di Milano e Roma alle 09:42',
    );
    expect(alertNotice(alert({ cities: ['Milano', 'Roma', 'Torino'], due_at: '2027-03-28T23:05:00.123Z' }))).toBe(
      'Avviso ai fan di Milano, Roma e Torino alle 01:05',
    );
    expect(alertNotice(alert({ cities: [] }))).toBe('Avviso ai fan alle 10:42');
  });

  it('Rome date-times as the CSV and the view write them', () => {
    expect(romeDateTime('2027-05-12T08:42:00Z')).toBe('12/05/2027 10:42');
    expect(romeDateTime('2027-12-31T23:30:00Z')).toBe('01/01/2028 00:30');
    expect(romeTime('2027-12-31T23:30:00Z')).toBe('00:30');
    expect(romeDateTime('non una data')).toBe('');
  });

  it('status, when and to how many', () => {
    expect(alertStatusLabel('scheduled')).toBe('Programmato');
    expect(alertStatusLabel('sending')).toBe('In invio');
    expect(alertStatusLabel('sent')).toBe('Inviato');
    expect(alertStatusLabel('cancelled')).toBe('Annullato');
    expect(alertWhen(alert())).toBe('Parte il 12/05/2027 10:42');
    expect(alertWhen(alert({ status: 'sent', finished_at: '2027-05-12T08:50:00Z' }))).toBe(
      'Inviato il 12/05/2027 10:50',
    );
    expect(alertReach(alert({ recipients: 1 }))).toBe('A 1 fan');
    expect(alertReach(alert({ recipients: 12_000 }))).toBe('A 12.000 fan');
    expect(alertReach(alert({ status: 'sent', recipients: 12, sent: 11, failed: 1 }))).toBe(
      'A 12 fan · 11 inviati · 1 non riuscito',
    );
    expect(alertReach(alert({ status: 'sending', recipients: 3, sent: 1, failed: 0 }))).toBe('A 3 fan · 1 inviato');
    expect(alertReach(alert({ status: 'sent', recipients: 5, sent: 2, failed: 3 }))).toBe(
      'A 5 fan · 2 inviati · 3 non riusciti',
    );
    expect(fansText(0)).toBe('0 fan');
  });
});

describe('an alert the daily cap holds', () => {
  const held = (at: string) => alert({ due_at: at, held_until: at });

  it('says why it waits and when it leaves, in Europe/Rome time: today, tomorrow or the date', () => {
    // 12/05/2027 23:30 in Rome (21:30 UTC)
    const now = new Date('2027-05-12T21:30:00Z');
    expect(alertHeldLine(held('2027-05-12T21:50:00Z'), now)).toBe(
      'In attesa: al massimo 3 email in 24 ore per fan. Partirà alle 23:50.',
    );
    // 00:10 in Rome is already tomorrow
    expect(alertHeldLine(held('2027-05-12T22:10:00Z'), now)).toBe(
      'In attesa: al massimo 3 email in 24 ore per fan. Partirà domani alle 00:10.',
    );
    expect(alertHeldLine(held('2027-05-13T19:05:00Z'), now)).toBe(
      'In attesa: al massimo 3 email in 24 ore per fan. Partirà domani alle 21:05.',
    );
    expect(alertHeldLine(held('2027-05-13T22:05:00Z'), now)).toBe(
      'In attesa: al massimo 3 email in 24 ore per fan. Partirà il 14/05/2027 alle 00:05.',
    );
    // the day the clocks go back has 25 hours in Rome: 24 hours after 00:30 is still today
    const fallBack = new Date('2027-10-30T22:30:00Z');
    expect(alertHeldLine(held('2027-10-31T22:30:00Z'), fallBack)).toBe(
      'In attesa: al massimo 3 email in 24 ore per fan. Partirà alle 23:30.',
    );
    expect(alertHeldLine(held('2027-10-31T23:30:00Z'), fallBack)).toBe(
      'In attesa: al massimo 3 email in 24 ore per fan. Partirà domani alle 00:30.',
    );
    expect(alertHeldLine(alert(), now)).toBeNull();
  });

  it('the Fan view shows the line on the held alert only', async () => {
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { createElement } = await import('react');
    const { FanAlerts } = await import('../../src/islands/editor/extras/fans/FanAlerts');
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const html = renderToStaticMarkup(
      createElement(FanAlerts, {
        slug: 'tour',
        alerts: [{ ...held(soon), id: 2 }, alert({ id: 1, status: 'sent', finished_at: '2027-05-12T08:50:00Z' })],
      }),
    );
    expect(html.match(/data-testid="fan-alert-held"/g)).toHaveLength(1);
    expect(html).toMatch(
      /<li class="xs-fan-alert" data-alert-id="2".*In attesa: al massimo 3 email in 24 ore per fan\. Partirà .*<li class="xs-fan-alert" data-alert-id="1"/,
    );
    // a held alert cannot leave sooner: 'Annulla' only, no 'Invia ora'
    expect(html).toContain(t('fans.editor.cancel'));
    expect(html).not.toContain(t('fans.editor.sendNow'));
    const open = renderToStaticMarkup(createElement(FanAlerts, { slug: 'tour', alerts: [alert({ id: 3 })] }));
    expect(open).toContain(t('fans.editor.sendNow'));
  });

  it('the notice of a held alert says it waits and when, not a bare time', () => {
    const now = new Date();
    const at = new Date(now.getTime() + 3_600_000).toISOString();
    const line = alertHeldLine({ held_until: at }, now);
    expect(alertNotice(alert({ due_at: at, held_until: at }))).toBe(`Milano: ${line}`);
    expect(alertNotice(alert({ cities: [], due_at: at, held_until: at }))).toBe(`Avviso ai fan: ${line}`);
  });
});

describe('figures', () => {
  it('bars scale to the city with most fans; a city with fans is never thinner than 2 %, one without has none', () => {
    expect(
      cityBars([
        { key: 'milano', city: 'Milano', fans: 200 },
        { key: 'roma', city: 'Roma', fans: 50 },
        { key: 'bari', city: 'Bari', fans: 1 },
        { key: 'firenze', city: 'Firenze', fans: 0 },
      ]).map((b) => b.percent),
    ).toEqual([100, 25, 2, 0]);
    expect(cityBars([{ key: 'roma', city: 'Roma', fans: 0 }])[0]!.percent).toBe(0);
    expect(cityBars([])).toEqual([]);
  });

  it("the period's sign-ups; no fan at all only when none is confirmed or waiting", () => {
    expect(
      signupsTotal(
        summary({
          daily: [
            { date: '2027-05-11', signups: 2 },
            { date: '2027-05-12', signups: 3 },
          ],
        }),
      ),
    ).toBe(5);
    expect(hasNoFans(summary())).toBe(true);
    expect(hasNoFans(summary({ pending: 1 }))).toBe(false);
    expect(hasNoFans(summary({ total: 1 }))).toBe(false);
  });

  it('the Fan tab sits beside the statistics, and only there', () => {
    expect(offeredViews({ isAdmin: false, hasCode: true, hasStats: true, hasFans: true })).toEqual([
      'edit',
      'stats',
      'fans',
    ]);
    expect(offeredViews({ isAdmin: true, hasCode: true, hasStats: true, hasFans: true })).toEqual([
      'edit',
      'code',
      'stats',
      'fans',
    ]);
    expect(offeredViews({ isAdmin: false, hasCode: false, hasStats: false, hasFans: true })).toEqual([]);
  });
});

describe('loading the summary', () => {
  it('the last call wins; a failure keeps the figures on show and says so', async () => {
    const first = summary({ total: 1 });
    const second = summary({ total: 2 });
    replies = [(c) => (c.path.endsWith('days=7') ? 'stall' : undefined), summaryIs(second)];
    const older = loadFans('tour', 7);
    const newer = loadFans('tour', 30);
    await newer;
    stalled[0]!(new Response(JSON.stringify(first), { status: 200 }));
    await older;
    expect($fans.get()).toMatchObject({ slug: 'tour', days: 30, status: 'ready', data: { days: 30 } });
    expect($fans.get()!.data!.summary.total).toBe(2);
    expect(calls.map((c) => c.path)).toEqual([
      `${API_PREFIX.pages}/tour/fans?days=7`,
      `${API_PREFIX.pages}/tour/fans?days=30`,
    ]);

    replies = [() => ({ status: 500, body: { detail: 'Errore' } })];
    await loadFans('tour', 90);
    expect($fans.get()).toMatchObject({ days: 90, status: 'error' });
    expect($fans.get()!.data!.summary.total).toBe(2);
    expect($notice.get()).toMatchObject({ kind: 'error', text: t('fans.editor.loadFailed') });
  });

  it('an answer that does not fit the schema is a failure, not figures', async () => {
    replies = [() => ({ status: 200, body: { total: 'molti' } })];
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await loadFans('tour', 30);
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
    expect($fans.get()).toMatchObject({ status: 'error', data: null });
  });
});

describe('the scheduled-alert notice', () => {
  it('after a save or a load: only the scheduled alerts that reach a fan, oldest first; cleared by a new page', async () => {
    replies = [
      summaryIs(
        summary({
          alerts: [
            alert({ id: 9, cities: ['Roma'] }),
            alert({ id: 8, status: 'sent' }),
            alert({ id: 7, cities: ['Milano', 'Torino'] }),
            alert({ id: 6, status: 'cancelled' }),
            // no confirmed fan would get it (a new page's dates): no notice
            alert({ id: 5, cities: ['Bari'], recipients: 0 }),
          ],
        }),
      ),
    ];
    await checkScheduledAlerts('tour');
    expect(calls).toEqual([{ method: 'GET', path: `${API_PREFIX.pages}/tour/fans?days=1` }]);
    expect($scheduledAlerts.get()!.slug).toBe('tour');
    expect($scheduledAlerts.get()!.alerts.map((a) => a.id)).toEqual([7, 9]);
    clearScheduledAlerts();
    expect($scheduledAlerts.get()).toBeNull();
    resetEditor();
    expect($scheduledAlerts.get()).toBeNull();
  });

  it('a summary read for the view refreshes the notice too (an alert sent meanwhile goes)', async () => {
    replies = [summaryIs(summary({ alerts: [alert({ id: 4 })] }))];
    await checkScheduledAlerts('tour');
    expect($scheduledAlerts.get()!.alerts).toHaveLength(1);
    replies = [summaryIs(summary({ alerts: [alert({ id: 4, status: 'sending' })] }))];
    await loadFans('tour', 30);
    expect($scheduledAlerts.get()!.alerts).toEqual([]);
  });

  it("'Invia ora' and 'Annulla' post to the alert's routes, say so, and read the alerts again", async () => {
    let sent = false;
    replies = [
      (c) => {
        if (c.method === 'POST' && c.path === `${API_PREFIX.pages}/tour/fans/alerts/4/send`) {
          sent = true;
          return { status: 200, body: { alert: alert({ id: 4, status: 'sending' }) } };
        }
        return undefined;
      },
      (c) =>
        c.method === 'POST' && c.path.endsWith('/cancel')
          ? { status: 200, body: { alert: alert({ id: 5, status: 'cancelled' }) } }
          : undefined,
      (c) =>
        c.method === 'GET' ? { status: 200, body: summary({ alerts: sent ? [] : [alert({ id: 4 })] }) } : undefined,
    ];
    await checkScheduledAlerts('tour');
    expect(await sendAlertNow('tour', { id: 4 })).toBe(true);
    expect($notice.get()).toMatchObject({ kind: 'success', text: t('fans.editor.alert.sentNow') });
    expect($scheduledAlerts.get()!.alerts).toEqual([]);
    expect($alertBusy.get().size).toBe(0);

    expect(await cancelAlert('tour', { id: 5 })).toBe(true);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `${API_PREFIX.pages}/tour/fans/alerts/4/send`,
      `${API_PREFIX.pages}/tour/fans/alerts/5/cancel`,
    ]);
    expect($notice.get()).toMatchObject({ kind: 'success', text: t('fans.editor.alert.cancelled') });
  });

  it('a 404 or 409 shows the server’s reason as it is; another failure says the action failed', async () => {
    replies = [
      (c) =>
        c.path.endsWith('/4/cancel')
          ? { status: 409, body: { detail: "L'avviso è già partito" } }
          : c.path.endsWith('/5/send')
            ? { status: 404, body: { detail: 'Avviso non trovato' } }
            : c.path.endsWith('/6/send')
              ? { status: 500, body: { detail: 'Errore server' } }
              : undefined,
      summaryIs(summary()),
    ];
    expect(await cancelAlert('tour', { id: 4 })).toBe(false);
    expect($notice.get()).toMatchObject({ kind: 'error', text: "L'avviso è già partito" });
    expect(await sendAlertNow('tour', { id: 5 })).toBe(false);
    expect($notice.get()).toMatchObject({ kind: 'error', text: 'Avviso non trovato' });
    expect(await sendAlertNow('tour', { id: 6 })).toBe(false);
    expect($notice.get()).toMatchObject({
      kind: 'error',
      text: t('fans.editor.alert.failed', { detail: 'Errore server' }),
    });
    // each failure reads the alerts again: the notice shows what is true now
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(3);
  });

  it('a second press while the first is under way sends nothing more', async () => {
    replies = [(c) => (c.method === 'POST' ? 'stall' : undefined), summaryIs(summary())];
    const first = sendAlertNow('tour', { id: 4 });
    expect($alertBusy.get().has(4)).toBe(true);
    expect(await sendAlertNow('tour', { id: 4 })).toBe(false);
    stalled[0]!(new Response(JSON.stringify({ alert: alert({ id: 4, status: 'sending' }) }), { status: 200 }));
    expect(await first).toBe(true);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});

describe('the list and removing a fan', () => {
  const fan = {
    id: 31,
    email: 'anna@example.it',
    cities: ['Milano'],
    confirmed_at: null,
    created_at: '2027-05-12T08:00:00Z',
  };

  it('searches with the trimmed text, the latest search wins', async () => {
    replies = [
      (c) => (c.path.endsWith('q=ann') ? 'stall' : undefined),
      (c) => (c.path.includes('/fans/list?q=') ? { status: 200, body: { fans: [fan], total: 1 } } : undefined),
    ];
    const older = searchFans('tour', 'ann');
    const newer = searchFans('tour', ' anna@ ');
    await newer;
    stalled[0]!(new Response(JSON.stringify({ fans: [], total: 0 }), { status: 200 }));
    await older;
    expect($fanList.get()).toMatchObject({ slug: 'tour', query: 'anna@', status: 'ready', total: 1 });
    expect(calls.map((c) => c.path)).toEqual([
      `${API_PREFIX.pages}/tour/fans/list?q=ann`,
      `${API_PREFIX.pages}/tour/fans/list?q=anna%40`,
    ]);
  });

  it("'Rimuovi' asks first: no, nothing is sent; yes, the fan goes and list and summary are read again", async () => {
    const unregister = registerDialogHost();
    let answer = false;
    const stop = $dialog.listen((request) => {
      if (request) queueMicrotask(() => request.resolve(answer));
    });
    try {
      replies = [
        (c) => (c.method === 'DELETE' ? { status: 200, body: { success: true } } : undefined),
        (c) => (c.path.includes('/fans/list') ? { status: 200, body: { fans: [], total: 0 } } : undefined),
        summaryIs(summary()),
      ];
      await searchFans('tour', 'anna');
      await loadFans('tour', 7);
      calls = [];

      expect(await removeFan('tour', fan)).toBe(false);
      expect(calls).toEqual([]);

      answer = true;
      expect(await removeFan('tour', fan)).toBe(true);
      await flush();
      expect(calls).toEqual([
        { method: 'DELETE', path: `${API_PREFIX.pages}/tour/fans/31` },
        { method: 'GET', path: `${API_PREFIX.pages}/tour/fans/list?q=anna` },
        { method: 'GET', path: `${API_PREFIX.pages}/tour/fans?days=7` },
      ]);
      expect($notice.get()).toMatchObject({
        kind: 'success',
        text: t('fans.editor.remove.done', { email: fan.email }),
      });
    } finally {
      stop();
      unregister();
    }
  });
});

describe("the page form's 'Avvisami' option", () => {
  it('on for a new page; the payload and the preview carry it', () => {
    expect($form.get().fanSignup).toBe(true);
    expect(buildPayload().fan_signup).toBe(true);
    setFanSignup(false);
    expect(buildPayload().fan_signup).toBe(false);
    expect(previewPage().fan_signup).toBe(false);
  });

  it("a saved page's value comes into the form; a page answered without it is on", () => {
    applyPage(savedPage({ fan_signup: false, buttons: [savedEvent('12 maggio 2027 - Roma - Teatro|biglietti')] }));
    expect($form.get().fanSignup).toBe(false);
    expect(buildPayload().fan_signup).toBe(false);
    applyPage(savedPage({ fan_signup: true }));
    expect($form.get().fanSignup).toBe(true);
    const { fan_signup: _omitted, ...older } = savedPage();
    applyPage(older as ReturnType<typeof savedPage>);
    expect($form.get().fanSignup).toBe(true);
  });
});
