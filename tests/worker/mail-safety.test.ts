import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { t } from '../../src/core/messages';
import { consoleMailerAllowed, sendMail } from '../../worker/services/mail';
import worker from '../../worker/index';
import { createUser, uniqueEmail } from './helpers';

// The tokens we mail are JWTs: every one starts with the base64url of '{"' (eyJ).
const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/;
// a token= value that is not the redaction marker
const CLEAR_TOKEN = /token=(?!\[rimosso\])[^\s&#"]/;

type Env = Cloudflare.Env;

/** Everything the Worker writes to the console during a test. */
let logged: string[] = [];

beforeEach(() => {
  logged = [];
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : String(a))).join(' '));
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** POST /auth/forgot-password at `url`, waiting for the work the Worker does after its answer. */
async function forgot(runEnv: Env, email: string, url = 'http://localhost/auth/forgot-password'): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    }),
    runEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

interface Row {
  body_text: string;
  status: string;
  error: string | null;
}

async function outbox(to: string): Promise<Row[]> {
  const { results } = await env.DB.prepare(
    'SELECT body_text, status, error FROM mail_outbox WHERE to_addr = ? ORDER BY id',
  )
    .bind(to)
    .all<Row>();
  return results;
}

function expectNoTokenAnywhere(rows: Row[]): void {
  for (const row of rows) {
    expect(row.body_text).not.toMatch(JWT);
    expect(row.body_text).not.toMatch(CLEAR_TOKEN);
    expect(row.error ?? '').not.toMatch(JWT);
    expect(row.error ?? '').not.toMatch(CLEAR_TOKEN);
  }
  for (const line of logged) {
    expect(line).not.toMatch(JWT);
    expect(line).not.toMatch(CLEAR_TOKEN);
  }
}

describe('the default mailer (MAILER unset or resend): no token in clear, ever', () => {
  it.each([
    ['MAILER unset', undefined],
    ['MAILER empty', ''],
    ["MAILER 'resend'", 'resend'],
  ])('%s and no RESEND_API_KEY: forgot-password stores no clear token and logs none', async (_name, mailer) => {
    const user = await createUser({ status: 'active' });
    const res = await forgot({ ...env, MAILER: mailer, RESEND_API_KEY: undefined }, user.email);
    expect(res.status).toBe(202);
    const rows = await outbox(user.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'failed', error: expect.stringMatching(/RESEND_API_KEY/) });
    expect(rows[0]!.body_text).toContain('/reset-password?token=[rimosso]');
    expectNoTokenAnywhere(rows);
  });

  it('the body is redacted before the provider is called, and the provider still gets the real link', async () => {
    const user = await createUser({ status: 'active' });
    let storedWhileSending: string | null = null;
    let sentText = '';
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      expect(String(input instanceof Request ? input.url : input)).toBe('https://api.resend.com/emails');
      sentText = JSON.parse(String(init?.body)).text;
      storedWhileSending = (await outbox(user.email))[0]?.body_text ?? null;
      return Response.json({ id: 'msg_1' });
    });
    await forgot({ ...env, MAILER: 'resend', RESEND_API_KEY: 're_test' }, user.email);
    expect(sentText).toMatch(new RegExp(`http://localhost:8787/reset-password\\?token=${JWT.source}`));
    expect(storedWhileSending).toContain('token=[rimosso]');
    const rows = await outbox(user.email);
    expect(rows).toEqual([expect.objectContaining({ status: 'sent', error: null })]);
    expectNoTokenAnywhere(rows);
  });

  it("a provider error that echoes the message keeps the token out of the row's error and the log", async () => {
    const user = await createUser({ status: 'active' });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      // a provider answering with the request it refused, token included
      return new Response(`invalid request: ${String(init?.body)}`, { status: 422 });
    });
    await forgot({ ...env, MAILER: 'resend', RESEND_API_KEY: 're_test' }, user.email);
    const rows = await outbox(user.email);
    expect(rows).toEqual([expect.objectContaining({ status: 'failed', error: expect.stringContaining('422') })]);
    expectNoTokenAnywhere(rows);
  });
});

describe('the console mailer works on loopback only', () => {
  it.each([
    ['a public request host', 'https://palco.example/auth/forgot-password', undefined],
    [
      'a public request host, APP_URL on localhost',
      'https://palco.example/auth/forgot-password',
      'http://localhost:8787',
    ],
    ['a public APP_URL, request on localhost', 'http://localhost/auth/forgot-password', 'https://palco.example'],
    ['a LAN address', 'http://192.168.1.5:8787/auth/forgot-password', undefined],
  ])('with %s nothing goes through the console: the row fails, redacted', async (_name, url, appUrl) => {
    const user = await createUser({ status: 'active' });
    const res = await forgot({ ...env, MAILER: 'console', APP_URL: appUrl }, user.email, url);
    expect(res.status).toBe(202);
    const rows = await outbox(user.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'failed', error: expect.stringMatching(/console mailer refused/) });
    expect(rows[0]!.body_text).toContain('token=[rimosso]');
    expectNoTokenAnywhere(rows);
    // nothing printed as a message: one line saying it was refused
    expect(logged.some((line) => line.includes(t('mail.reset.subject')))).toBe(false);
    expect(logged.filter((line) => line.includes('console mailer refused'))).toHaveLength(1);
  });

  it('sendMail itself refuses a non-loopback request (any caller, e.g. an approval)', async () => {
    const to = uniqueEmail('diretto');
    const text = 'Apri https://palco.example/verify-email?token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJh';
    const result = await sendMail(
      { ...env, MAILER: 'console', APP_URL: undefined },
      { to, subject: 'S', text, kind: 'verify' },
      'https://palco.example/api/admin/users/1/approve',
    );
    expect(result.sent).toBe(false);
    expectNoTokenAnywhere(await outbox(to));
  });

  it('on localhost the console mailer prints the message and the dev mailbox shows the link (as before)', async () => {
    const user = await createUser({ status: 'active' });
    const local = { ...env, MAILER: 'console', APP_URL: 'http://localhost:8787' };
    expect((await forgot(local, user.email, 'http://localhost:8787/auth/forgot-password')).status).toBe(202);
    const rows = await outbox(user.email);
    expect(rows).toEqual([expect.objectContaining({ status: 'sent', error: null })]);
    expect(rows[0]!.body_text).toMatch(new RegExp(`http://localhost:8787/reset-password\\?token=${JWT.source}`));
    expect(logged.some((line) => line.includes(t('mail.reset.subject')) && JWT.test(line))).toBe(true);

    const box = await worker.fetch(
      new Request(`http://localhost:8787/api/dev/mailbox?to=${encodeURIComponent(user.email)}`),
      local,
      createExecutionContext(),
    );
    expect(box.status).toBe(200);
    const { messages } = (await box.json()) as { messages: { links: string[] }[] };
    expect(messages[0]?.links[0]).toMatch(new RegExp(`^http://localhost:8787/reset-password\\?token=${JWT.source}$`));
  });

  it('the dev mailbox is a 404 when APP_URL is not on loopback, even for a loopback request', async () => {
    const res = await worker.fetch(
      new Request('http://localhost:8787/api/dev/mailbox'),
      { ...env, MAILER: 'console', APP_URL: 'https://palco.example' },
      createExecutionContext(),
    );
    expect(res.status).toBe(404);
  });

  it('consoleMailerAllowed: console mailer, loopback request and loopback link origin, all three', () => {
    const local = 'http://127.0.0.1:8787/x';
    expect(consoleMailerAllowed({ MAILER: 'console', APP_URL: undefined }, local)).toBe(true);
    expect(consoleMailerAllowed({ MAILER: ' Console ', APP_URL: 'http://[::1]:8787' }, local)).toBe(true);
    expect(
      consoleMailerAllowed({ MAILER: 'console', APP_URL: 'http://palco.localhost' }, 'http://palco.localhost/x'),
    ).toBe(true);
    expect(consoleMailerAllowed({ MAILER: undefined, APP_URL: undefined }, local)).toBe(false);
    expect(consoleMailerAllowed({ MAILER: 'resend', APP_URL: undefined }, local)).toBe(false);
    expect(consoleMailerAllowed({ MAILER: 'console', APP_URL: 'https://palco.example' }, local)).toBe(false);
    expect(consoleMailerAllowed({ MAILER: 'console', APP_URL: undefined }, 'https://localhost.palco.example/x')).toBe(
      false,
    );
  });
});
