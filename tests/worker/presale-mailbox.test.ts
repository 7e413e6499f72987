// One one-time code per mailbox and date (docs/behaviour.md#presales): a mailbox is the address
// lower-cased, its '+tag' removed, as the sign-up caps count it. A fan who unsubscribed and signed
// up again gets the code they had, sent again, never a new one; another address of a mailbox
// that holds a code gets that same code; two of them in one message share it; 'Aggiungi codici'
// passes over them; 'Cancella i miei dati' makes the codes forget the mailbox.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { deleteFan, eraseFanAddress } from '../../worker/db/fans/fans';
import { mailboxHash } from '../../worker/services/fans/mailbox';
import { codesAdded, presaleFanConfirmed } from '../../worker/services/fans/presale-fans';
import * as alerts from './fan-alerts-helpers';
import {
  codeIn,
  codeRows,
  loadCodes,
  mailsTo,
  presalePage,
  RESEND,
  runCron,
  openNow,
  providerPerTest,
} from './presale-helpers';
import { deliver, recordingQueue } from './sale-alerts-helpers';

const provider = providerPerTest();

/** Another address of the same mailbox: a '+tag', in capitals. */
const sameMailbox = (email: string, tag: string) => email.replace('@', `+${tag}@`).toUpperCase();

/** A Milano fan of the page confirms now: queued by the confirmation, delivered at once. */
async function confirmed(pageId: number, email: string): Promise<number> {
  const fanId = await alerts.seedFan(pageId, email, ['Milano']);
  const { sent, queue } = recordingQueue();
  await presaleFanConfirmed({ ...env, FANS: queue } as Cloudflare.Env, pageId, fanId);
  await deliver(
    sent.map((m) => m.body),
    Date.now(),
    RESEND,
  );
  return fanId;
}

/** The codes each address's e-mails carried, in order. */
const codesTo = (email: string) => (mailsTo(provider.calls).get(email) ?? []).map((m) => codeIn(m.text));

describe('one code per mailbox and date', () => {
  it('another address of the mailbox gets the same code; a fan who left and came back gets theirs again', async () => {
    const { p, fans, ids, buttonId, alertId } = await presalePage(1, openNow());
    await loadCodes(buttonId, ['R1', 'R2', 'R3']);
    const [queued] = await runCron(Date.now(), alertId);
    await deliver([queued!.body], Date.now(), RESEND);
    expect(codesTo(fans[0]!)).toEqual(['R1']);

    // the same mailbox with a '+tag', in capitals, while the first address holds R1: R1 again
    const tagged = sameMailbox(fans[0]!, 'bis');
    await confirmed(p.id, tagged);
    expect(codesTo(tagged)).toEqual(['R1']);
    expect((await codeRows(buttonId)).map((c) => c.fan_id)).toEqual([ids[0], null, null]);

    // unsubscribed, then signed up again (a new fan row): R1 sent again, no new code spent
    expect(await deleteFan(env.DB, p.id, ids[0]!)).toBeGreaterThan(0);
    const back = await confirmed(p.id, fans[0]!);
    expect(codesTo(fans[0]!)).toEqual(['R1', 'R1']);
    const rows = await codeRows(buttonId);
    expect(rows.map((c) => c.fan_id)).toEqual([back, null, null]);
    expect(rows[0]!.sent_at).not.toBeNull();
  });

  it('two addresses of one mailbox in the start e-mail: one code between them', async () => {
    const { p, fans, ids, buttonId, alertId } = await presalePage(1, openNow());
    const tagged = sameMailbox(fans[0]!, 'x');
    const taggedId = await alerts.seedFan(p.id, tagged, ['Milano']);
    await loadCodes(buttonId, ['K1', 'K2']);
    const [queued] = await runCron(Date.now(), alertId);
    expect(queued!.body.fan_ids).toEqual([ids[0], taggedId]);
    await deliver([queued!.body], Date.now(), RESEND);
    expect([codesTo(fans[0]!), codesTo(tagged)]).toEqual([['K1'], ['K1']]);
    expect((await codeRows(buttonId)).map((c) => [c.code, c.fan_id])).toEqual([
      ['K1', ids[0]],
      ['K2', null],
    ]);
  });

  it("'Aggiungi codici' passes over an address whose mailbox holds a code, and reaches the fans after it", async () => {
    const { p, fans, ids, buttonId, alertId } = await presalePage(2, openNow());
    await loadCodes(buttonId, ['A1']);
    const [queued] = await runCron(Date.now(), alertId);
    await deliver([queued!.body], Date.now(), RESEND);
    const tagged = sameMailbox(fans[0]!, 'tre');
    await confirmed(p.id, tagged);
    const late = alerts.fanEmail('late');
    const lateId = await confirmed(p.id, late);
    expect([codesTo(fans[0]!), codesTo(fans[1]!), codesTo(tagged), codesTo(late)]).toEqual([
      ['A1'],
      [null],
      ['A1'],
      [null],
    ]);

    await loadCodes(buttonId, ['A2', 'A3']);
    const { sent, queue } = recordingQueue();
    await codesAdded({ ...env, FANS: queue } as Cloudflare.Env, p.id, buttonId);
    expect(sent.flatMap((m) => m.body.fan_ids).sort()).toEqual([ids[1], lateId].sort());
    await deliver(
      sent.map((m) => m.body),
      Date.now(),
      RESEND,
    );
    expect([codesTo(fans[1]!), codesTo(tagged), codesTo(late)]).toEqual([[null, 'A2'], ['A1'], [null, 'A3']]);
  });

  it("'Cancella i miei dati': the codes the mailbox got forget it, unless another address of it still holds one", async () => {
    const { p, fans, ids, buttonId, alertId } = await presalePage(2, openNow());
    await loadCodes(buttonId, ['E1', 'E2', 'E3']);
    const [queued] = await runCron(Date.now(), alertId);
    await deliver([queued!.body], Date.now(), RESEND);
    const mailboxes = async () =>
      (
        await env.DB.prepare('SELECT mailbox FROM presale_codes WHERE button_id = ? ORDER BY id')
          .bind(buttonId)
          .all<{ mailbox: string | null }>()
      ).results.map((r) => r.mailbox);
    expect(await mailboxes()).toEqual([await mailboxHash(fans[0]!), await mailboxHash(fans[1]!), null]);

    // the first fan erases: E1 stays given (it went out), its mailbox is forgotten
    expect(await eraseFanAddress(env.DB, p.id, ids[0]!, mailboxHash)).toBeGreaterThan(0);
    // a '+tag' address of the second fan's mailbox erases while the second fan holds E2: E2 keeps it
    const second = await mailboxHash(fans[1]!);
    const plusZ = await alerts.seedFan(p.id, fans[1]!.replace('@', '+z@'), ['Milano']);
    expect(await eraseFanAddress(env.DB, p.id, plusZ, mailboxHash)).toBeGreaterThan(0);
    expect(await mailboxes()).toEqual([null, second, null]);
    // the second fan left, and another such address erases: E2's holder is gone, so it forgets too
    expect(await deleteFan(env.DB, p.id, ids[1]!)).toBeGreaterThan(0);
    const plusY = await alerts.seedFan(p.id, fans[1]!.replace('@', '+y@'), ['Milano']);
    expect(await eraseFanAddress(env.DB, p.id, plusY, mailboxHash)).toBeGreaterThan(0);
    expect(await mailboxes()).toEqual([null, null, null]);
    expect((await codeRows(buttonId)).map((c) => c.fan_id)).toEqual([ids[0], ids[1], null]);

    // the first address signs up again: a mailbox the codes no longer know, the next free code
    await confirmed(p.id, fans[0]!);
    expect(codesTo(fans[0]!)).toEqual(['E1', 'E3']);
  });
});
