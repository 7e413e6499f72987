// Presale e-mails (docs/behaviour.md#presales): the per-minute cron (run here at chosen instants)
// queues 'Prevendita per te' with a delay that ends on the presale's start, and the FANS consumer
// (run on batches built here, on a controlled clock, the provider stubbed at the transport) gives
// each fan a code of their own, written in D1 before the send: three Milano fans, three codes;
// the fourth the codes-gone e-mail; the Roma fan nothing; a code added later reaches the fourth,
// once. Retries, duplicates, the shared code and a fan confirming during the presale:
// presale-delivery-once.test.ts.
import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { FAN_CONSENT_VERSION_NEW_DATES } from '../../src/core/fans';
import { presaleCodesAdded, presaleFanFigures } from '../../worker/services/presale/hooks';
import * as alerts from './fan-alerts-helpers';
import {
  codeIn,
  codeRows,
  loadCodes,
  mailsTo,
  PRESALE_URL,
  presalePage,
  presaleRow,
  RESEND,
  runCron,
  savePresale,
  providerPerTest,
} from './presale-helpers';
import { ahead, deliver, HOUR, iso, recordingQueue } from './sale-alerts-helpers';

const provider = providerPerTest();

describe("'Prevendita per te' at the presale's start", () => {
  it('never before the start; three codes to three Milano fans, the fourth the codes-gone e-mail, Roma nothing; a code added later reaches the fourth once', async () => {
    const start = ahead(2);
    const sale = start + 2 * HOUR;
    const { p, fans, ids, roma, buttonId, alertId } = await presalePage(4, { start, sale });
    // agreed to the line that named new dates only; a suppressed address; a pending sign-up
    const old = alerts.fanEmail('old');
    const oldId = await alerts.seedFan(p.id, old, ['Milano']);
    await env.DB.prepare('UPDATE fans SET consent_version = ? WHERE id = ?')
      .bind(FAN_CONSENT_VERSION_NEW_DATES, oldId)
      .run();
    const bounced = alerts.fanEmail('bounced');
    await alerts.seedFan(p.id, bounced, ['Milano']);
    await alerts.suppress(bounced);
    await alerts.seedFan(p.id, alerts.fanEmail('pending'), ['Milano'], { confirmed: false });
    await loadCodes(buttonId, ['CODE-A1', 'CODE-B2', 'CODE-C3']);
    expect(await presaleRow(buttonId)).toMatchObject({ status: 'scheduled', due_at: iso(start) });
    expect(await presaleFanFigures(env, p.id, buttonId)).toEqual({ fans_waiting: 4, emails_sent: 0 });

    // three minutes before: nothing; two: queued with the seconds left, the start as not_before
    expect(await runCron(start - 3 * alerts.MINUTE, alertId)).toEqual([]);
    const queued = await runCron(start - 2 * alerts.MINUTE, alertId);
    expect(queued).toEqual([{ body: { alert_id: alertId, fan_ids: ids, not_before: iso(start) }, delaySeconds: 120 }]);
    expect(await presaleRow(buttonId)).toMatchObject({ status: 'sending', recipients: 4 });

    // a second early: queued again for that second, no code given, nothing sent
    const early = await deliver([queued[0]!.body], start - 1000, RESEND);
    expect(early).toMatchObject({ acked: 1, requeued: [{ body: queued[0]!.body, delaySeconds: 1 }] });
    expect(provider.calls).toEqual([]);
    expect((await codeRows(buttonId)).every((c) => c.fan_id === null)).toBe(true);

    await deliver([queued[0]!.body], start + 1000, RESEND);
    expect(provider.calls).toHaveLength(1);
    const byFan = mailsTo(provider.calls);
    expect([...byFan.keys()].sort()).toEqual([...fans].sort());
    expect(byFan.has(roma) || byFan.has(old) || byFan.has(bounced)).toBe(false);
    const codes = fans.slice(0, 3).map((f) => codeIn(byFan.get(f)![0]!.text));
    expect(codes).toEqual(['CODE-A1', 'CODE-B2', 'CODE-C3']);
    for (const [i, row] of (await codeRows(buttonId)).entries()) {
      expect(row.fan_id).toBe(ids[i]);
      expect(row.sent_at).not.toBeNull();
    }
    const withCode = byFan.get(fans[0]!)![0]!;
    expect(withCode.subject).toBe('Prevendita per te: Tour a Milano');
    expect(withCode.text.startsWith('Prevendita per te.')).toBe(true);
    expect(withCode.text).toContain('12/05/2099');
    expect(withCode.text).toContain('Alcatraz, Milano');
    expect(withCode.text).toContain(`Vai alla prevendita: ${PRESALE_URL}&utm_source=email`);
    expect(withCode.html).toContain('CODE-A1</span>');
    expect(withCode.html).toContain(`href="${PRESALE_URL}&amp;utm_source=email"`);
    expect(withCode.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(withCode.text).toContain(withCode.headers['List-Unsubscribe']!.slice(1, -1));
    expect(withCode.text).toContain('Tutte le date: ');
    const gone = byFan.get(fans[3]!)![0]!;
    expect(gone.subject).toBe('Prevendita per te: Tour a Milano');
    expect(codeIn(gone.text)).toBeNull();
    expect(gone.text).toContain('I codici della prevendita sono finiti');
    // two hours after the start, in Europe/Rome: the same day or, near midnight, the next
    expect(gone.text).toMatch(/Le vendite generali aprono (oggi|domani) alle \d\d:\d\d/);
    expect(gone.text).not.toContain(PRESALE_URL);
    // the outbox keeps the e-mails, the code and the presale link redacted
    const outbox = await alerts.alertMails(fans);
    expect(outbox).toHaveLength(4);
    for (const mail of outbox) {
      expect(`${mail.body_text}${mail.body_html}`).not.toMatch(/CODE-|presale\/milano/);
    }
    expect(await presaleFanFigures(env, p.id, buttonId)).toEqual({ fans_waiting: 1, emails_sent: 4 });

    // 'Aggiungi codici' with one more: the fourth fan gets it, once
    await loadCodes(buttonId, ['CODE-D4']);
    const { sent, queue } = recordingQueue();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start + 60_000);
    await presaleCodesAdded({ ...env, FANS: queue } as Cloudflare.Env, p.id, buttonId);
    vi.useRealTimers();
    expect(sent.map((m) => m.body)).toEqual([{ alert_id: alertId, fan_ids: [ids[3]], not_before: iso(start) }]);
    await deliver([sent[0]!.body, sent[0]!.body], start + 61_000, RESEND);
    await deliver([sent[0]!.body], start + 62_000, RESEND);
    const later = mailsTo(provider.calls.slice(1));
    expect([...later.keys()]).toEqual([fans[3]]);
    expect(later.get(fans[3]!)!.map((m) => codeIn(m.text))).toEqual(['CODE-D4']);
    expect((await codeRows(buttonId))[3]).toMatchObject({ fan_id: ids[3] });
    expect(await presaleFanFigures(env, p.id, buttonId)).toEqual({ fans_waiting: 0, emails_sent: 5 });
    // the first message again (a replay): nobody twice
    await deliver([queued[0]!.body], start + 63_000, RESEND);
    expect(provider.calls).toHaveLength(2);
  });

  it('a fan who left or was suppressed after the start was counted gets nothing', async () => {
    const start = ahead(2);
    const { p, fans, ids, buttonId, alertId } = await presalePage(3, { start, sale: start + HOUR });
    await loadCodes(buttonId, ['U1', 'U2', 'U3']);
    const [queued] = await runCron(start, alertId);
    await env.DB.prepare('DELETE FROM fans WHERE id = ?').bind(ids[0]).run();
    await alerts.suppress(fans[1]!, 'complained');
    await deliver([queued!.body], start + 1000, RESEND);
    expect([...mailsTo(provider.calls).keys()]).toEqual([fans[2]]);
    // the code goes to the fan who gets the e-mail, the first free one
    expect((await codeRows(buttonId)).map((c) => c.fan_id)).toEqual([ids[2], null, null]);
    expect(await alerts.deliveries(alertId)).toMatchObject({ [ids[1]!]: { status: 'skipped' } });
    expect(await presaleFanFigures(env, p.id, buttonId)).toEqual({ fans_waiting: 0, emails_sent: 1 });
  });

  it('a Roma fan gets nothing of a Milano presale; a Tutte le date fan does', async () => {
    const start = ahead(2);
    const { p, fans, roma, alertId } = await presalePage(1, { start, sale: start + HOUR, shared_code: 'TUTTI' });
    const all = alerts.fanEmail('tutte');
    await alerts.seedFan(p.id, all, ['*']);
    const [queued] = await runCron(start, alertId);
    expect(queued!.body.fan_ids).toHaveLength(2);
    // a message naming the Roma fan (a forged or stale one) still skips them
    const romaId = (await env.DB.prepare('SELECT id FROM fans WHERE email = ?').bind(roma).first<{ id: number }>())!.id;
    await deliver([{ ...queued!.body, fan_ids: [...queued!.body.fan_ids, romaId] }], start, RESEND);
    const byFan = mailsTo(provider.calls);
    expect([...byFan.keys()].sort()).toEqual([fans[0], all].sort());
    expect([...byFan.values()].map((m) => codeIn(m[0]!.text))).toEqual(['TUTTI', 'TUTTI']);
  });
});

describe('in step with the page', () => {
  it('a moved start moves the row, a removed presale cancels it, set again revives it; a hidden page sends nothing', async () => {
    const start = ahead(2);
    const sale = start + 5 * HOUR;
    const { p, buttonId, alertId } = await presalePage(1, { start, sale });
    await savePresale(p, { start: start + HOUR, sale });
    expect(await presaleRow(buttonId)).toMatchObject({ id: alertId, status: 'scheduled', due_at: iso(start + HOUR) });
    await savePresale(p, null);
    expect(await presaleRow(buttonId)).toMatchObject({ status: 'cancelled' });
    await savePresale(p, { start, sale });
    expect(await presaleRow(buttonId)).toMatchObject({ id: alertId, status: 'scheduled', due_at: iso(start) });
    // queued (its codes loaded: one-time codes with none wait for them), then the page hidden
    // before the start: cancelled, its message dropped unsent
    await loadCodes(buttonId, ['STEP-1']);
    const [queued] = await runCron(start - alerts.MINUTE, alertId);
    await savePresale(p, { start, sale }, { visible: false });
    expect(await presaleRow(buttonId)).toMatchObject({ status: 'cancelled' });
    expect(await deliver([queued!.body], start, RESEND)).toMatchObject({ acked: 1 });
    expect(provider.calls).toEqual([]);
  });
});
