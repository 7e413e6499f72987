// The provider's webhook: requests signed here the Svix way (HMAC-SHA256 over id.timestamp.body
// with the whsec_ secret), accepted; forged, old, future, unsigned ones refused; bounces and
// complaints suppress the address, which then gets no alert from any page.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorAnswerSchema } from '../../src/core/schemas/error';
import { webhookAnswerSchema } from '../../src/core/schemas/fans';
import { fanPaths } from '../../src/core/api-paths';
import worker from '../../worker/index';
import { recipientIds } from '../../worker/db/fans/deliveries';
import { alertPage, fanEmail, seedFan } from './fan-alerts-helpers';

/** An alert made after every fan seeded here. */
const LATER = '9999-12-31T23:59:59.999Z';

const KEY = crypto.getRandomValues(new Uint8Array(32));
const SECRET = `whsec_${btoa(String.fromCharCode(...KEY))}`;
const WITH_SECRET = { ...env, RESEND_WEBHOOK_SECRET: SECRET };

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function sign(key: Uint8Array, id: string, timestamp: number, body: string): Promise<string> {
  const hmac = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await crypto.subtle.sign('HMAC', hmac, new TextEncoder().encode(`${id}.${timestamp}.${body}`));
  return btoa(String.fromCharCode(...new Uint8Array(mac)));
}

interface Hook {
  body: string;
  headers?: Record<string, string>;
  runEnv?: Cloudflare.Env;
}

async function post({ body, headers = {}, runEnv = WITH_SECRET }: Hook) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`http://localhost${fanPaths.webhook}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    }),
    runEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  const json: unknown = await res.json();
  // a success is the route's answer, anything else an error: each checked against its schema
  return {
    status: res.status,
    body: res.status === 200 ? webhookAnswerSchema.parse(json) : errorAnswerSchema.parse(json),
  };
}

let seq = 0;
/** A request signed as Resend signs it, `skew` seconds from now. */
async function signed(
  event: unknown,
  opts: { skew?: number; key?: Uint8Array; raw?: string; id?: string } = {},
): Promise<Hook> {
  const body = opts.raw ?? JSON.stringify(event);
  const id = opts.id ?? `msg_${Date.now()}_${++seq}`;
  const timestamp = Math.floor(Date.now() / 1000) + (opts.skew ?? 0);
  const signature = await sign(opts.key ?? KEY, id, timestamp, body);
  return {
    body,
    headers: { 'svix-id': id, 'svix-timestamp': String(timestamp), 'svix-signature': `v1,${signature}` },
  };
}

function bounce(to: string | string[], type = 'email.bounced') {
  return {
    type,
    created_at: new Date().toISOString(),
    data: { email_id: 'e_1', from: 'Palco <noreply@palco.local>', to: Array.isArray(to) ? to : [to], subject: 'x' },
  };
}

async function suppression(email: string) {
  return env.DB.prepare('SELECT reason FROM fan_suppressions WHERE email = ?').bind(email).first<{ reason: string }>();
}

describe('signed events', () => {
  it('a bounce suppresses the address (normalised); the fan then gets no alert from any page', async () => {
    const email = fanEmail('bounce');
    const p = await alertPage();
    const q = await alertPage();
    const fanP = await seedFan(p.id, email, ['*']);
    await seedFan(q.id, email, ['Milano']);
    expect(await recipientIds(env.DB, p.id, [{ key: 'milano', since: LATER }])).toEqual([fanP]);
    const res = await post(await signed(bounce(`  ${email.toUpperCase()} `)));
    expect(res).toEqual({ status: 200, body: { received: true } });
    expect(await suppression(email)).toEqual({ reason: 'bounced' });
    expect(await recipientIds(env.DB, p.id, [{ key: 'milano', since: LATER }])).toEqual([]);
    expect(await recipientIds(env.DB, q.id, [{ key: 'milano', since: LATER }])).toEqual([]);
  });

  it("a complaint suppresses every recipient it names ('Name <address>' too); a second event keeps the first reason", async () => {
    const a = fanEmail('complaint');
    const b = fanEmail('complaint');
    const res = await post(await signed(bounce([a, `Fan <${b}>`], 'email.complained')));
    expect(res.status).toBe(200);
    expect(await suppression(a)).toEqual({ reason: 'complained' });
    expect(await suppression(b)).toEqual({ reason: 'complained' });
    expect((await post(await signed(bounce(a)))).status).toBe(200);
    expect(await suppression(a)).toEqual({ reason: 'complained' });
  });

  it('other events are acknowledged and change nothing', async () => {
    const email = fanEmail('delivered');
    for (const type of ['email.delivered', 'email.sent', 'email.opened', 'contact.created']) {
      expect(await post(await signed(bounce(email, type)))).toEqual({ status: 200, body: { received: true } });
    }
    expect(await suppression(email)).toBeNull();
  });

  it('several signatures (a secret being rotated): one valid one is enough', async () => {
    const email = fanEmail('rotated');
    const hook = await signed(bounce(email));
    const other = await sign(crypto.getRandomValues(new Uint8Array(32)), 'x', 1, 'y');
    hook.headers!['svix-signature'] = `v1,${other} v2,abc ${hook.headers!['svix-signature']}`;
    expect((await post(hook)).status).toBe(200);
    expect(await suppression(email)).toEqual({ reason: 'bounced' });
  });

  it('a signed body that is not JSON, or not an event, is 422', async () => {
    expect(await post(await signed(null, { raw: '{not json' }))).toEqual({
      status: 422,
      body: { detail: 'Evento del webhook non valido.' },
    });
    expect((await post(await signed({ data: {} }))).status).toBe(422);
    expect((await post(await signed({ type: 'email.bounced', data: { to: 42 } }))).status).toBe(422);
  });
});

async function unsuppress(email: string) {
  await env.DB.prepare('DELETE FROM fan_suppressions WHERE email = ?').bind(email).run();
}

async function deliveriesOf(id: string): Promise<number> {
  const row = await env.DB.prepare('SELECT COUNT(*) AS n FROM webhook_deliveries WHERE id = ?')
    .bind(id)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe('replayed deliveries (the same svix-id within 24 hours)', () => {
  const taken = { status: 200, body: { received: true } };

  it('the same signed delivery twice: the second is answered 200 and changes nothing', async () => {
    const email = fanEmail('replay');
    const hook = await signed(bounce(email));
    expect(await post(hook)).toEqual(taken);
    expect(await suppression(email)).toEqual({ reason: 'bounced' });
    // the address was taken off the list in between: the replay does not put it back
    await unsuppress(email);
    expect(await post(hook)).toEqual(taken);
    expect(await suppression(email)).toBeNull();
    // nor does the same id signed again at another time (a provider's retry)
    const id = hook.headers!['svix-id']!;
    expect(await post(await signed(bounce(email), { id, skew: -60 }))).toEqual(taken);
    expect(await suppression(email)).toBeNull();
    expect(await deliveriesOf(id)).toBe(1);
  });

  it('sent many times at once, it is taken once', async () => {
    const email = fanEmail('parallel');
    const hook = await signed(bounce(email, 'email.complained'));
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(hook)));
    expect(answers).toEqual(Array.from({ length: 8 }, () => taken));
    expect(await suppression(email)).toEqual({ reason: 'complained' });
    expect(await deliveriesOf(hook.headers!['svix-id']!)).toBe(1);
  });

  it('an id seen more than 24 hours ago is processed again', async () => {
    const email = fanEmail('later');
    const id = `msg_old_${Date.now()}_${++seq}`;
    await env.DB.prepare('INSERT INTO webhook_deliveries (id, seen_at) VALUES (?, ?)')
      .bind(id, Date.now() - 24 * 60 * 60 * 1000 - 1000)
      .run();
    expect(await post(await signed(bounce(email), { id }))).toEqual(taken);
    expect(await suppression(email)).toEqual({ reason: 'bounced' });
    const row = await env.DB.prepare('SELECT seen_at FROM webhook_deliveries WHERE id = ?')
      .bind(id)
      .first<{ seen_at: number }>();
    expect(row!.seen_at).toBeGreaterThan(Date.now() - 60_000);
  });

  it('a badly signed request is refused as before and does not use up its id', async () => {
    const email = fanEmail('forged-first');
    const id = `msg_forged_${Date.now()}_${++seq}`;
    const forged = await signed(bounce(email), { id, key: crypto.getRandomValues(new Uint8Array(32)) });
    expect((await post(forged)).status).toBe(401);
    expect((await post(forged)).status).toBe(401);
    expect(await deliveriesOf(id)).toBe(0);
    expect(await post(await signed(bounce(email), { id }))).toEqual(taken);
    expect(await suppression(email)).toEqual({ reason: 'bounced' });
    // a seen id does not turn a bad signature into a 200
    expect((await post(forged)).status).toBe(401);
  });

  it('a signed body that is not an event stays 422 each time (its id is not recorded)', async () => {
    const hook = await signed(null, { raw: '{not json' });
    expect((await post(hook)).status).toBe(422);
    expect((await post(hook)).status).toBe(422);
    expect(await deliveriesOf(hook.headers!['svix-id']!)).toBe(0);
  });
});

describe('refused requests', () => {
  const refused = { status: 401, body: { detail: 'Firma del webhook non valida.' } };

  it('a forged signature, another secret, a changed body or id, or no signature: 401, nothing suppressed', async () => {
    const email = fanEmail('forged');
    const event = bounce(email);
    expect(await post(await signed(event, { key: crypto.getRandomValues(new Uint8Array(32)) }))).toEqual(refused);
    const tampered = await signed(event);
    expect(await post({ ...tampered, body: JSON.stringify(bounce(fanEmail('other'))) })).toEqual(refused);
    const otherId = await signed(event);
    expect(await post({ ...otherId, headers: { ...otherId.headers, 'svix-id': 'msg_other' } })).toEqual(refused);
    const bare = await signed(event);
    for (const name of ['svix-id', 'svix-timestamp', 'svix-signature']) {
      const headers = { ...bare.headers };
      delete headers[name];
      expect(await post({ ...bare, headers })).toEqual(refused);
    }
    expect(await post({ ...bare, headers: { ...bare.headers, 'svix-signature': 'v1,not-base64!' } })).toEqual(refused);
    expect(await post({ body: bare.body })).toEqual(refused);
    expect(await suppression(email)).toBeNull();
  });

  it('a timestamp more than 5 minutes old or ahead is refused (a replay); within 5 minutes it is taken', async () => {
    const email = fanEmail('old');
    expect(await post(await signed(bounce(email), { skew: -6 * 60 }))).toEqual(refused);
    expect(await post(await signed(bounce(email), { skew: 6 * 60 }))).toEqual(refused);
    expect(await suppression(email)).toBeNull();
    expect((await post(await signed(bounce(email), { skew: -4 * 60 }))).status).toBe(200);
    expect(await suppression(email)).toEqual({ reason: 'bounced' });
  });

  it('without a configured secret every request is refused (401, never a 5xx)', async () => {
    const email = fanEmail('nosecret');
    const hook = await signed(bounce(email));
    for (const secret of [undefined, '', 'not-a-whsec-secret', 'whsec_!!!']) {
      const res = await post({ ...hook, runEnv: { ...env, RESEND_WEBHOOK_SECRET: secret } });
      expect(res).toEqual({ status: 401, body: { detail: 'Il webhook delle email non è configurato.' } });
    }
    expect(await suppression(email)).toBeNull();
  });

  it('a body over the small-body cap is 413, never a 5xx', async () => {
    const hook = await signed(null, { raw: JSON.stringify({ type: 'email.bounced', pad: 'x'.repeat(20_000) }) });
    expect((await post(hook)).status).toBe(413);
  });
});
