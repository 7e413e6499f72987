// The editor's fan view and scheduled-alert notice (docs/behaviour.md#for-the-organiser): the
// loads (the last one wins, a failure keeps what is shown), 'Invia ora' and 'Annulla' with the
// server's reason on a 404 or 409, 'Rimuovi' after the confirmation, and the page form's
// 'Avvisami' option in and out of the payload. The network is a stand-in for the Worker's fan
// routes, answering what the test sets. Words and figures: editor-fans.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { t } from '../../src/core/messages';
import type { FanSummary } from '../../src/core/schemas/fans';
import { $dialog, registerDialogHost } from '../../src/stores/dialog';
import { $form } from '../../src/stores/editor/state';
import {
  $alertBusy,
  $fanList,
  $fans,
  $scheduledAlerts,
  cancelAlert,
  checkScheduledAlerts,
  clearScheduledAlerts,
  loadFans,
  removeFan,
  searchFans,
  sendAlertNow,
} from '../../src/stores/editor/fans';
import { setFanSignup } from '../../src/stores/editor/form';
import { applyPage, resetEditor } from '../../src/stores/editor/load';
import { $notice } from '../../src/stores/editor/notice';
import { buildPayload, previewPage } from '../../src/stores/editor/payload';
import { savedEvent, savedPage } from './saved-page';
import { API_PREFIX } from '../../src/core/api-paths';
import { alert, summary } from './editor-fans-helpers';

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
