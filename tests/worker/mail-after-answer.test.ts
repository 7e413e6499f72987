import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { t } from '../../src/core/messages';
import worker from '../../worker/index';
import { createUser, uniqueEmail } from './helpers';
import { fanPage } from './fans-helpers';

/**
 * forgot-password and request-verify-token answer the same way, in the same time, whether the
 * account exists or not: the token and the mail are made after the answer (waitUntil). So does
 * the fans' sign-up, whatever the address. These
 * tests hold the outbox write open and check that the answer arrives anyway.
 */

/** A D1 binding whose `INSERT INTO mail_outbox` waits until `open()` is called. */
function gatedDb(db: D1Database) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let reached!: () => void;
  const insertReached = new Promise<void>((resolve) => (reached = resolve));
  const hold = (stmt: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(stmt, {
      get(target, prop) {
        if (prop === 'bind') return (...values: unknown[]) => hold(target.bind(...values));
        if (prop === 'first' || prop === 'run' || prop === 'all' || prop === 'raw') {
          return async (...args: unknown[]) => {
            reached();
            await gate;
            return (target[prop] as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  const proxy = new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare') {
        return (sql: string) => {
          const stmt = target.prepare(sql);
          return /INSERT INTO mail_outbox/i.test(sql) ? hold(stmt) : stmt;
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: proxy, open, insertReached };
}

async function outboxCount(to: string): Promise<number> {
  const row = await env.DB.prepare('SELECT COUNT(*) AS n FROM mail_outbox WHERE to_addr = ? COLLATE NOCASE')
    .bind(to)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

function post(path: string, email: string): Request {
  return new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
}

/** Fails instead of hanging when the answer waits for the held outbox write. */
function answerOrFail(res: Promise<Response>): Promise<Response> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stuck = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the answer waited for the mail to be written')), 5_000);
  });
  return Promise.race([res, stuck]).finally(() => clearTimeout(timer));
}

describe.each([
  ['/auth/forgot-password', 'active', t('mail.reset.subject')],
  ['/auth/request-verify-token', 'approved', t('mail.verify.subject')],
] as const)('%s answers before the mail is written', (path, status, subject) => {
  it('202 while the outbox write is still pending; the mail is there once the after-answer work is done', async () => {
    const user = await createUser({ status });
    const gated = gatedDb(env.DB);
    const ctx = createExecutionContext();
    try {
      const res = await answerOrFail(
        Promise.resolve(worker.fetch(post(path, user.email), { ...env, DB: gated.db }, ctx)),
      );
      expect(res.status).toBe(202);
      expect(await res.text()).toBe('');
      // the work after the answer got as far as writing the mail, and it has not been written
      await gated.insertReached;
      expect(await outboxCount(user.email)).toBe(0);
    } finally {
      gated.open();
      await waitOnExecutionContext(ctx);
    }
    const row = await env.DB.prepare('SELECT subject, status FROM mail_outbox WHERE to_addr = ?')
      .bind(user.email)
      .first();
    expect(row).toEqual({ subject, status: 'sent' });
  });

  it('an unknown address gets the same answer and no mail', async () => {
    const email = uniqueEmail('nessuno');
    const ctx = createExecutionContext();
    const res = await worker.fetch(post(path, email), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('');
    expect(await outboxCount(email)).toBe(0);
  });
});

describe('POST /{slug}/fans answers before the confirmation e-mail is written', () => {
  it('202 while the outbox write is pending; the e-mail is there once the after-answer work is done', async () => {
    const { slug } = await fanPage();
    const email = uniqueEmail('fan');
    const gated = gatedDb(env.DB);
    const ctx = createExecutionContext();
    try {
      const request = new Request(`http://localhost/${slug}/fans`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email, city: 'Milano' }),
      });
      const res = await answerOrFail(Promise.resolve(worker.fetch(request, { ...env, DB: gated.db }, ctx)));
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ detail: t('fans.public.checkMail') });
      await gated.insertReached;
      expect(await outboxCount(email)).toBe(0);
    } finally {
      gated.open();
      await waitOnExecutionContext(ctx);
    }
    const row = await env.DB.prepare('SELECT kind, status FROM mail_outbox WHERE to_addr = ?').bind(email).first();
    expect(row).toEqual({ kind: 'fan_confirm', status: 'sent' });
  });
});
