// Presale e-mails exactly once (docs/behaviour.md#presales): a code is written to its fan in D1
// before the send, so a provider call failing once, a retried batch and a message delivered twice
// (one after the other, or at once) never give a code to two fans nor two codes to a fan; the
// shared code; a fan confirming during the presale gets theirs at once through the real queue,
// and the console mailer never prints a code.
import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fanPaths } from '../../src/core/api-paths';
import { confirmTokenHash, newConfirmToken } from '../../worker/services/fans/tokens';
import { presaleCodesAdded, presaleFanFigures } from '../../worker/services/presale/hooks';
import { eventually } from './counting-helpers';
import * as alerts from './fan-alerts-helpers';
import { call } from './helpers';
import { codeIn, codeRows, loadCodes, mailsTo, presalePage, RESEND, runCron, stubProvider } from './presale-helpers';
import { ahead, deliver, HOUR, recordingQueue } from './sale-alerts-helpers';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A presale that opened a minute ago, the general sale in a day: open on the real clock. */
const openNow = () => ({ start: Math.floor(Date.now() / 1000) * 1000 - 60_000, sale: Date.now() + 24 * HOUR });

describe('one code per fan, one fan per code', () => {
  let provider: ReturnType<typeof stubProvider>;
  beforeEach(() => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    provider = stubProvider();
  });

  it('a provider call failing once, a retried batch, a message delivered twice in a row and at once', async () => {
    const { fans, ids, buttonId, alertId } = await presalePage(6, openNow());
    await loadCodes(buttonId, ['K1', 'K2', 'K3', 'K4']);
    const [queued] = await runCron(Date.now(), alertId);
    expect(queued!.delaySeconds).toBeUndefined();
    const first = { ...queued!.body, fan_ids: ids.slice(0, 3) };
    const second = { ...queued!.body, fan_ids: ids.slice(3) };

    // the provider fails: retried, the codes already written to their fans, none marked sent
    provider.answers.push(() => new Response('{"message":"down"}', { status: 500 }));
    expect(await deliver([first], Date.now(), RESEND)).toMatchObject({ acked: 0, retried: 1 });
    const assigned = await codeRows(buttonId);
    expect(assigned.slice(0, 3).map((c) => c.fan_id)).toEqual(ids.slice(0, 3));
    expect(assigned.every((c) => c.sent_at === null)).toBe(true);
    // the retried batch, with the message twice in it: the same codes, the same key, sent once
    expect(await deliver([first, first], Date.now(), RESEND)).toMatchObject({ acked: 2, retried: 0 });
    expect(provider.calls).toHaveLength(2);
    expect(provider.calls[1]!.key).toBe(provider.calls[0]!.key);
    expect(provider.calls[1]!.body).toEqual(provider.calls[0]!.body);

    // the second message delivered twice at once: one code each, whatever interleaves
    await Promise.all([deliver([second], Date.now(), RESEND), deliver([second], Date.now(), RESEND)]);
    const rows = await codeRows(buttonId);
    expect(rows.map((c) => c.fan_id)).toEqual(ids.slice(0, 4));
    expect(rows.every((c) => c.sent_at !== null)).toBe(true);
    // two calls at once for the same fans carry one key: the provider sends it once
    const later = provider.calls.slice(2);
    expect(new Set(later.map((c) => c.key)).size).toBe(1);
    const byFan = mailsTo([provider.calls[1]!, later[0]!]);
    expect([...byFan.keys()].sort()).toEqual([...fans].sort());
    const codes = fans.map((f) => codeIn(byFan.get(f)![0]!.text));
    expect(codes).toEqual(['K1', 'K2', 'K3', 'K4', null, null]);
    expect(await alerts.deliveries(alertId)).toEqual(
      Object.fromEntries(ids.map((id) => [id, expect.objectContaining({ status: 'sent' })])),
    );
  });

  it('the shared code: every fan gets it, no one-time code is touched, waiting counts the fans not yet mailed', async () => {
    const { p, fans, ids, buttonId, alertId } = await presalePage(3, { ...openNow(), shared_code: 'PER-TUTTI' });
    expect(await presaleFanFigures(env, p.id, buttonId)).toEqual({ fans_waiting: 3, emails_sent: 0 });
    const [queued] = await runCron(Date.now(), alertId);
    await deliver([{ ...queued!.body, fan_ids: ids.slice(0, 2) }], Date.now(), RESEND);
    expect(await presaleFanFigures(env, p.id, buttonId)).toEqual({ fans_waiting: 1, emails_sent: 2 });
    await deliver([queued!.body, queued!.body], Date.now(), RESEND);
    const byFan = mailsTo(provider.calls);
    expect(fans.map((f) => byFan.get(f)!.map((m) => codeIn(m.text)))).toEqual([
      ['PER-TUTTI'],
      ['PER-TUTTI'],
      ['PER-TUTTI'],
    ]);
    expect(byFan.get(fans[0]!)![0]!.text).toContain('Il codice della prevendita: PER-TUTTI');
    expect(await presaleFanFigures(env, p.id, buttonId)).toEqual({ fans_waiting: 0, emails_sent: 3 });
    expect(await codeRows(buttonId)).toEqual([]);
  });

  it('codes added before the start wait for it: nothing is queued', async () => {
    const start = ahead(2);
    const { p, buttonId } = await presalePage(1, { start, sale: start + HOUR });
    await loadCodes(buttonId, ['EARLY']);
    const { sent, queue } = recordingQueue();
    await presaleCodesAdded({ ...env, FANS: queue } as Cloudflare.Env, p.id, buttonId);
    expect(sent).toEqual([]);
    expect((await codeRows(buttonId))[0]!.fan_id).toBeNull();
  });
});

describe('a fan who confirms during the presale', () => {
  it('gets the e-mail at once with the next code, through the real queue; no code is ever printed', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { p, fans, ids, buttonId, alertId } = await presalePage(1, openNow());
    await loadCodes(buttonId, ['FIRST-CODE-1', 'SECOND-CODE-2']);
    const [queued] = await runCron(Date.now(), alertId);
    // the console mailer of the tests: the dev mailbox keeps the e-mail in clear, the log never the code
    await deliver([queued!.body], Date.now());
    expect((await codeRows(buttonId))[0]!.fan_id).toBe(ids[0]);

    const late = alerts.fanEmail('late');
    const lateId = await alerts.seedFan(p.id, late, ['Milano'], { confirmed: false });
    const token = newConfirmToken();
    await env.DB.prepare('UPDATE fans SET confirm_hash = ? WHERE id = ?')
      .bind(await confirmTokenHash(token), lateId)
      .run();
    expect((await call(fanPaths.confirm(p.slug, token), { method: 'POST' })).status).toBe(200);
    const [mail] = await alerts.mailsFor([late]);
    expect(mail!.subject).toBe('Prevendita per te: Tour a Milano');
    expect(codeIn(mail!.body_text)).toBe('SECOND-CODE-2');
    expect((await codeRows(buttonId))[1]).toMatchObject({ fan_id: lateId, sent_at: expect.any(String) });
    expect(await alerts.alertMails([fans[0]!])).toHaveLength(1);

    const printed = log.mock.calls.map((args) => args.join(' ')).join('\n');
    expect(printed).toContain('subject="Prevendita per te: Tour a Milano"');
    expect(printed).not.toMatch(/FIRST-CODE-1|SECOND-CODE-2|presale\/milano/);
    await eventually(
      () => presaleFanFigures(env, p.id, buttonId),
      (f) => f.emails_sent === 2,
    );
    expect(await presaleFanFigures(env, p.id, buttonId)).toEqual({ fans_waiting: 0, emails_sent: 2 });
  });
});
