// Presale e-mails at their edges (docs/behaviour.md#presales): an e-mail marks sent only the
// codes it carried; a start moved later after it passed holds the queued messages until the new
// start; a save that keeps a date's presale is held to its rules with the new CTAs.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { t } from '../../src/core/messages';
import { assignCodes } from '../../worker/db/fans/presale';
import type { FanAlertRow } from '../../worker/db/fans/alerts';
import { getPageRowById } from '../../worker/db/pages/pages';
import { presaleRecipients } from '../../worker/services/fans/presale-alerts';
import * as alerts from './fan-alerts-helpers';
import { call } from './helpers';
import { codeRows, loadCodes, mailsTo, presalePage, RESEND, runCron, providerPerTest } from './presale-helpers';
import { ahead, deliver, HOUR, iso } from './sale-alerts-helpers';

const provider = providerPerTest();

async function alertRow(id: number): Promise<FanAlertRow> {
  return (await env.DB.prepare('SELECT * FROM fan_alerts WHERE id = ?').bind(id).first<FanAlertRow>())!;
}

describe('presale e-mails at their edges', () => {
  it('a code given to a fan while the codes-gone e-mail is on its way stays unsent (its own e-mail carries it)', async () => {
    const start = ahead(2);
    const { p, ids, buttonId, alertId } = await presalePage(2, { start, sale: start + 2 * HOUR });
    await loadCodes(buttonId, ['ONLY-1']);
    await runCron(start - 2 * alerts.MINUTE, alertId);
    const page = (await getPageRowById(env.DB, p.id))!;
    const plan = await presaleRecipients(
      env.DB,
      'http://localhost',
      await alertRow(alertId),
      page,
      { fan_ids: ids },
      new Date(start + 1000),
    );
    if (plan.kind !== 'send') throw new Error(plan.kind);
    expect(plan.recipients.map((r) => r.id)).toEqual(ids);
    // 'Aggiungi codici' gives the second fan a code while this e-mail (codes gone, for them) is sent
    await loadCodes(buttonId, ['ADDED-2']);
    await assignCodes(env.DB, buttonId, [{ id: ids[1]!, mailbox: 'mailbox-of-fan-2' }]);
    await plan.onSent?.(ids);
    const rows = await codeRows(buttonId);
    expect(rows.map((r) => [r.fan_id, r.sent_at !== null])).toEqual([
      [ids[0], true],
      [ids[1], false],
    ]);
  });

  it('a start moved later after it had passed: the queued message waits for the new start, then sends', async () => {
    const start = ahead(2);
    const { buttonId, alertId } = await presalePage(1, { start, sale: start + 3 * HOUR });
    await loadCodes(buttonId, ['LATE-1']);
    const [queued] = await runCron(start - 2 * alerts.MINUTE, alertId);
    // the organiser moved the start an hour later once it had passed (the row as the page has it now)
    const row = await env.DB.prepare('SELECT presale FROM buttons WHERE id = ?')
      .bind(buttonId)
      .first<{ presale: string }>();
    const moved = { ...JSON.parse(row!.presale), starts_at: iso(start + HOUR) };
    await env.DB.prepare('UPDATE buttons SET presale = ? WHERE id = ?').bind(JSON.stringify(moved), buttonId).run();
    const early = await deliver([queued!.body], start + 1000, RESEND);
    expect(early).toMatchObject({ acked: 1, requeued: [{ body: queued!.body, delaySeconds: HOUR / 1000 - 1 }] });
    expect(provider.calls).toEqual([]);
    expect((await alertRow(alertId)).status).toBe('sending');
    await deliver([queued!.body], start + HOUR + 1000, RESEND);
    expect([...mailsTo(provider.calls).values()].flat()).toHaveLength(1);
  });

  it('a save that keeps the presale (leaves it out) but moves the general sale before it is a 422', async () => {
    const start = ahead(2);
    const { p, buttonId } = await presalePage(1, { start, sale: start + 2 * HOUR });
    const buttons = alerts.kept(p).map((b) =>
      b.id === buttonId
        ? {
            id: b.id,
            type: 'text',
            text: alerts.MILANO,
            cta_buttons: [{ url: 'https://t.example/x', buttonText: 'biglietti', on_sale_at: iso(start - HOUR) }],
          }
        : b,
    );
    const body = { folder_name: p.slug, title: `Tour ${p.slug}`, mode: 'text', style: 'light', buttons };
    const res = await call(`/api/db/landing-pages/${p.slug}`, { method: 'PUT', token: p.user.token, json: body });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ detail: t('presale.startAfterSale') });
  });
});
