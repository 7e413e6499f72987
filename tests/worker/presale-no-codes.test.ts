// A presale of one-time codes with none loaded (docs/behaviour.md#presales): it sends nothing at
// its start and waits, scheduled; the first upload during the presale starts it at once (the
// POST route, through its hook), codes loaded before the start let the cron start it there; a
// shared code needs none. Waiting presales take no place of the per-minute dispatch's batch
// (ALERT_DISPATCH_BATCH), so a due alert behind them still starts.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { instantText } from '../../src/core/schedule';
import { dueAlertIds } from '../../worker/db/fans/alerts';
import { ALERT_DISPATCH_BATCH } from '../../worker/services/fans/delivery';
import { SALE_QUEUE_LEAD_MS } from '../../worker/services/fans/sale-alerts';
import * as alerts from './fan-alerts-helpers';
import { call } from './helpers';
import { codeIn, mailsTo, presalePage, presaleRow, RESEND, runCron, openNow, providerPerTest } from './presale-helpers';
import { ahead, deliver, HOUR, iso, recordingQueue } from './sale-alerts-helpers';

const provider = providerPerTest();

/** POST codes to the date as the Fan view does, its hook awaited, the FANS messages recorded. */
async function uploadCodes(p: alerts.AlertPage, buttonId: number, text: string) {
  const { sent, queue } = recordingQueue();
  const res = await call(`${alerts.BASE}/${p.slug}/buttons/${buttonId}/presale-codes`, {
    method: 'POST',
    token: p.user.token,
    headers: { 'content-type': 'text/plain' },
    body: text,
    settle: true,
    env: { ...env, FANS: queue } as Cloudflare.Env,
  });
  expect(res.status).toBe(200);
  return sent;
}

describe('a presale of one-time codes with none loaded', () => {
  it('sends nothing at its start and waits; the first upload during the presale starts it at once', async () => {
    const { p, fans, buttonId, alertId } = await presalePage(2, openNow());
    expect(await runCron(Date.now(), alertId)).toEqual([]);
    expect(await runCron(Date.now() + 5 * alerts.MINUTE, alertId)).toEqual([]);
    expect(await presaleRow(buttonId)).toMatchObject({ status: 'scheduled', recipients: 0 });
    expect(provider.calls).toEqual([]);
    // the Fan view's list says why it has not left
    const presaleAlert = async () => (await alerts.listAlerts(p)).find((a) => a.id === alertId)!;
    expect(await presaleAlert()).toMatchObject({ kind: 'presale', status: 'scheduled', waits_for_codes: true });

    const sent = await uploadCodes(p, buttonId, 'LATE-1\n');
    expect(sent.map((m) => m.body.fan_ids)).toHaveLength(1);
    expect(await presaleRow(buttonId)).toMatchObject({ status: 'sending', recipients: 2 });
    expect(await presaleAlert()).toMatchObject({ status: 'sending', waits_for_codes: false });
    await deliver([sent[0]!.body], Date.now(), RESEND);
    const byFan = mailsTo(provider.calls);
    // the one code to the first fan, the codes-gone e-mail to the second, as at a start
    expect(fans.map((f) => byFan.get(f)!.map((m) => codeIn(m.text)))).toEqual([['LATE-1'], [null]]);
  });

  it('codes loaded before the start: the cron starts it at the start, as any presale', async () => {
    const start = ahead(2);
    const { p, fans, buttonId, alertId } = await presalePage(1, { start, sale: start + HOUR });
    expect(await runCron(start - SALE_QUEUE_LEAD_MS, alertId)).toEqual([]);
    expect(await presaleRow(buttonId)).toMatchObject({ status: 'scheduled', due_at: iso(start) });
    expect((await alerts.listAlerts(p)).find((a) => a.id === alertId)).toMatchObject({ waits_for_codes: true });
    // the upload before the start queues nothing: the start's e-mail carries the code
    expect(await uploadCodes(p, buttonId, 'EARLY-1')).toEqual([]);
    expect((await alerts.listAlerts(p)).find((a) => a.id === alertId)).toMatchObject({
      status: 'scheduled',
      waits_for_codes: false,
    });
    const queued = await runCron(start - SALE_QUEUE_LEAD_MS, alertId);
    expect(queued).toHaveLength(1);
    await deliver([queued[0]!.body], start, RESEND);
    expect(codeIn(mailsTo(provider.calls).get(fans[0]!)![0]!.text)).toBe('EARLY-1');
  });

  it('a shared code needs no code loaded: it starts at its start', async () => {
    const { buttonId, alertId } = await presalePage(1, { ...openNow(), shared_code: 'TUTTI' });
    expect(await runCron(Date.now(), alertId)).toHaveLength(1);
    expect(await presaleRow(buttonId)).toMatchObject({ status: 'sending', recipients: 1 });
  });
});

describe('waiting presales and the dispatch', () => {
  it('more waiting presales than the batch holds, due first: a due alert behind them still starts', async () => {
    const { p, buttonId } = await presalePage(1, openNow());
    // ALERT_DISPATCH_BATCH + 5 more dates like Milano, each with its presale due a day ago, no code
    const waiting = ALERT_DISPATCH_BATCH + 5;
    const dayAgo = instantText(Date.now() - 24 * HOUR);
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
       INSERT INTO buttons (page_id, position, type, text, url, cta_buttons, presale)
       SELECT page_id, position + i, type, text, url, cta_buttons, presale FROM buttons, n WHERE id = ?1`,
    )
      .bind(buttonId, waiting)
      .run();
    await env.DB.prepare(
      `INSERT INTO fan_alerts (page_id, kind, status, button_ids, due_at, button_id)
       SELECT page_id, 'presale', 'scheduled', json_array(id), ?2, id FROM buttons
       WHERE page_id = ?1 AND id != ?3 AND presale IS NOT NULL`,
    )
      .bind(p.id, dayAgo, buttonId)
      .run();
    // a new-date alert for the Roma date, due now: it comes last in the dispatch's order
    const roma = p.buttons.find((b) => !b.text.startsWith('12/05/2099'))!;
    const alert = await env.DB.prepare(
      `INSERT INTO fan_alerts (page_id, kind, status, button_ids, due_at)
       VALUES (?, 'new_date', 'scheduled', json_array(?), ?) RETURNING id`,
    )
      .bind(p.id, roma.id, instantText(Date.now() - alerts.MINUTE))
      .first<{ id: number }>();
    const now = instantText(Date.now());
    const due = await dueAlertIds(env.DB, now, instantText(Date.now() + SALE_QUEUE_LEAD_MS), ALERT_DISPATCH_BATCH);
    expect(due).toContain(alert!.id);

    const queued = await runCron(Date.now(), alert!.id);
    expect(queued).toHaveLength(1);
    expect(await alerts.alertRow(alert!.id)).toMatchObject({ status: 'sending', recipients: 1 });
    const { results } = await env.DB.prepare(
      `SELECT status, COUNT(*) AS n FROM fan_alerts WHERE page_id = ? AND kind = 'presale' GROUP BY status`,
    )
      .bind(p.id)
      .all<{ status: string; n: number }>();
    expect(results).toEqual([{ status: 'scheduled', n: waiting + 1 }]);
  });
});
