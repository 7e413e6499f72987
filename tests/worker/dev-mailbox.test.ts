import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { adminPaths } from '../../src/core/api-paths';
import { t } from '../../src/core/messages';
import { createApp } from '../../worker/app';
import { appOrigin, linksIn, redactTokens, sendMail } from '../../worker/services/mail';
import type { MailboxMessage } from '../../worker/routes/dev';
import { adminWithToken, call, callJson, createUser, mailbox, uniqueEmail } from './helpers';

/** The URL of a request to the local stack (the console mailer works only on loopback). */
const LOCAL = 'http://localhost:8787/';

describe('dev mailbox (MAILER=console)', () => {
  it('GET /api/dev/mailbox lists messages newest first with to, subject, text and links', async () => {
    const a = uniqueEmail('primo');
    const b = uniqueEmail('secondo');
    await sendMail(
      env,
      { to: a, subject: 'Uno', text: 'Vai a http://localhost:8787/verify-email?token=abc ora', kind: 'verify' },
      LOCAL,
    );
    await sendMail(env, { to: b, subject: 'Due', text: 'Niente link qui', kind: 'reset' }, LOCAL);
    const { status, body } = await callJson('/api/dev/mailbox');
    expect(status).toBe(200);
    // this file's two among the messages other files of the shared database left (vitest.config.ts)
    const [newest, older] = (body.messages as MailboxMessage[]).filter((m) => m.to === a || m.to === b);
    expect(newest).toEqual({
      id: expect.any(Number),
      to: b,
      subject: 'Due',
      text: 'Niente link qui',
      links: [],
      status: 'sent',
      created_at: expect.stringMatching(/^\d{4}-/),
    });
    expect(older).toMatchObject({ to: a, subject: 'Uno', links: ['http://localhost:8787/verify-email?token=abc'] });
    expect(newest!.id).toBeGreaterThan(older!.id);
  });

  it('?to= filters ignoring case', async () => {
    const to = uniqueEmail('Filtro');
    await sendMail(env, { to, subject: 'Per te', text: 'ciao', kind: 'verify' }, LOCAL);
    expect((await mailbox(to.toUpperCase())).map((m) => m.subject)).toEqual(['Per te']);
    expect(await mailbox('nessuno@example.it')).toEqual([]);
    const long = await call(`/api/dev/mailbox?to=${'x'.repeat(100_000)}`);
    expect(long.status).toBe(200);
  });

  it('GET /dev/mailbox is an Italian HTML page with escaped content and clickable links', async () => {
    const admin = await adminWithToken();
    // a company of its own: joining a company with Titolari would mail each of them too, and
    // their requests would push this mail off the page (docs/behaviour.md#teams)
    const user = await createUser({
      status: 'pending',
      full_name: '<script>alert(1)</script> & "Co"',
      company: `Posta ${uniqueEmail('co')}`,
    });
    await callJson(adminPaths.approve(user.id), { token: admin.token, json: { action: 'approve' }, settle: true });
    const res = await call('/dev/mailbox');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain('<html lang="it">');
    expect(html).toContain(t('devMailbox.title'));
    expect(html).toContain(t('mail.verify.subject'));
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;');
    expect(html).toMatch(/<a href="http:\/\/localhost:8787\/verify-email\?token=[\w.-]+">/);
    const filtered = await (await call(`/dev/mailbox?to=${encodeURIComponent('"><img src=x>')}`)).text();
    expect(filtered).not.toContain('"><img src=x>');
    expect(filtered).toContain(t('devMailbox.empty'));
  });

  it('GET /dev/mailbox shows each mail at its Europe/Rome time, as the editor writes it', async () => {
    const to = uniqueEmail('orario');
    // one mail in winter (UTC+1) and one in summer (UTC+2), at known instants
    for (const at of ['2027-01-12T08:42:05.123Z', '2027-07-12T23:30:00.000Z']) {
      const { id } = await sendMail(env, { to, subject: `Alle ${at}`, text: 'ciao', kind: 'verify' }, LOCAL);
      await env.DB.prepare('UPDATE mail_outbox SET created_at = ? WHERE id = ?').bind(at, id).run();
    }
    const html = await (await call(`/dev/mailbox?to=${encodeURIComponent(to)}`)).text();
    expect(html).toContain('<time datetime="2027-01-12T08:42:05.123Z">12/01/2027 09:42</time>');
    expect(html).toContain('<time datetime="2027-07-12T23:30:00.000Z">13/07/2027 01:30</time>');
    // the JSON keeps the instant itself
    expect((await mailbox(to)).map((m) => m.created_at)).toEqual([
      '2027-07-12T23:30:00.000Z',
      '2027-01-12T08:42:05.123Z',
    ]);
  });
});

describe('dev mailbox absent with another mailer', () => {
  const app = createApp();
  const resendEnv = { ...env, MAILER: 'resend', RESEND_API_KEY: undefined };

  it.each(['/api/dev/mailbox', '/dev/mailbox', '/api/dev/mailbox?to=a@b.it'])('%s → 404', async (path) => {
    const res = await app.request(path, {}, resendEnv);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'Not Found' });
  });

  it('the same app serves it with MAILER=console (the guard is what differs)', async () => {
    const res = await app.request('/api/dev/mailbox', {}, { ...env, MAILER: 'console' });
    expect(res.status).toBe(200);
  });

  it.each([
    'https://palco.example/dev/mailbox',
    'https://palco.example/api/dev/mailbox',
    'http://192.168.1.5:8787/api/dev/mailbox',
  ])('even with MAILER=console, a non-loopback host gets 404: %s', async (url) => {
    const res = await app.request(url, {}, { ...env, MAILER: 'console' });
    expect(res.status).toBe(404);
  });

  it('loopback hosts: localhost, 127.0.0.1, [::1], *.localhost', async () => {
    for (const host of ['localhost:8787', '127.0.0.1:8787', '[::1]:8787', 'palco.localhost']) {
      const res = await app.request(`http://${host}/api/dev/mailbox`, {}, { ...env, MAILER: 'console' });
      expect(res.status, host).toBe(200);
    }
  });

  it('a failing provider never fails the request: the outbox row is marked failed', async () => {
    const admin = await adminWithToken();
    const user = await createUser({ status: 'pending' });
    const res = await app.request(
      adminPaths.approve(user.id),
      {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'approve' }),
      },
      resendEnv,
    );
    expect(res.status).toBe(200);
    const row = await env.DB.prepare('SELECT status, error, kind FROM mail_outbox WHERE to_addr = ? ORDER BY id DESC')
      .bind(user.email)
      .first<{ status: string; error: string; kind: string }>();
    expect(row).toMatchObject({ status: 'failed', kind: 'verify' });
    expect(row?.error).toMatch(/RESEND_API_KEY/);
  });

  it('an unknown mailer is recorded as failed too', async () => {
    const to = uniqueEmail('ignoto');
    const result = await sendMail(
      { ...env, MAILER: 'piccione' },
      { to, subject: 's', text: 't', kind: 'reset' },
      LOCAL,
    );
    expect(result.sent).toBe(false);
    const row = await env.DB.prepare('SELECT status FROM mail_outbox WHERE id = ?').bind(result.id).first();
    expect(row).toEqual({ status: 'failed' });
  });
});

describe('mail helpers', () => {
  it('appOrigin prefers APP_URL (origin only), else the request origin', () => {
    expect(appOrigin({ APP_URL: 'https://palco.example/sub/' }, 'http://x.test/a')).toBe('https://palco.example');
    expect(appOrigin({ APP_URL: '' }, 'http://x.test:9000/a?b')).toBe('http://x.test:9000');
    expect(appOrigin({ APP_URL: 'not a url' }, 'http://x.test/a')).toBe('http://x.test');
  });

  it('redactTokens blanks token values (what a delivered mail leaves in the outbox)', () => {
    expect(redactTokens('apri https://p.it/reset-password?token=eyJ.a.b-c_d\n\ne https://p.it/x?a=1&token=zz#f')).toBe(
      'apri https://p.it/reset-password?token=[rimosso]\n\ne https://p.it/x?a=1&token=[rimosso]#f',
    );
    expect(redactTokens('nessun link')).toBe('nessun link');
  });

  it('linksIn finds distinct http(s) links', () => {
    expect(linksIn('a http://a.it/x?y=1 b https://b.it c http://a.it/x?y=1 ftp://no')).toEqual([
      'http://a.it/x?y=1',
      'https://b.it',
    ]);
  });
});
