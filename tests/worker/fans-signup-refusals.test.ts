// The fans' sign-up, POST /{slug}/fans, refusing (docs/behaviour.md#signing-up): bad input is a
// 4xx, pages that take no sign-up are 404, the honeypot and the network limit.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { t } from '../../src/core/messages';
import { NETWORK_LIMITS } from '../../worker/services/throttle';
import { call, callJson, uniqueEmail } from './helpers';
import { answerOf, fanCount, fanOf, fanPage, outboxRows, signUp, uniqueIp } from './fans-helpers';

describe('POST /{slug}/fans: bad input is a 4xx, never a 5xx', () => {
  it.each([
    ['no body', undefined, undefined],
    ['JSON', 'application/json', JSON.stringify({ email: 'a@b.it', city: 'Milano' })],
    ['text', 'text/plain', 'email=a@b.it&city=Milano'],
    ['no email', 'application/x-www-form-urlencoded', 'city=Milano'],
    ['no city', 'application/x-www-form-urlencoded', 'email=a%40b.it'],
    [
      'broken multipart',
      'multipart/form-data; boundary=zz',
      '--zz\r\nContent-Disposition: form-data; name="email"\r\n\r\na',
    ],
    [
      'a file for the email',
      'multipart/form-data; boundary=zz',
      '--zz\r\nContent-Disposition: form-data; name="email"; filename="a.txt"\r\n\r\na@b.it\r\n--zz\r\nContent-Disposition: form-data; name="city"\r\n\r\nMilano\r\n--zz--\r\n',
    ],
    ['an overlong city', 'application/x-www-form-urlencoded', `email=a%40b.it&city=${'x'.repeat(2000)}`],
  ])('%s → 422 with the Italian detail', async (_name, type, body) => {
    const { slug } = await fanPage();
    const res = await call(`/${slug}/fans`, {
      method: 'POST',
      body,
      headers: { accept: 'application/json', ...(type ? { 'content-type': type } : {}) },
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ detail: t('fans.public.invalidForm') });
  });

  it.each([
    '',
    'mario',
    'mario@',
    '@esempio.it',
    'mario@esempio',
    'ma rio@esempio.it',
    'mario@esempio..it',
    `${'x'.repeat(250)}@esempio.it`,
  ])('the address %j → 422', async (email) => {
    const { slug } = await fanPage();
    const { status, body } = await callJson(`/${slug}/fans`, {
      form: { email, city: 'Milano' },
      headers: { accept: 'application/json' },
    });
    expect(status).toBe(422);
    expect(body).toEqual({ detail: t('fans.public.invalidEmail') });
  });

  it('the plain form gets its error as a page with the link back, same status', async () => {
    const { slug } = await fanPage();
    const res = await signUp(slug, { email: 'nope', city: 'Milano' });
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain(t('fans.page.errorTitle'));
    expect(html).toContain(t('fans.public.invalidEmail'));
    expect(html).toContain(`href="/${slug}"`);
  });

  it('a body over the small cap is a 413', async () => {
    const { slug } = await fanPage();
    const res = await call(`/${slug}/fans`, {
      form: { email: 'a@b.it', city: 'Milano', website: '', r: 'x'.repeat(20_000) },
      headers: { accept: 'application/json' },
    });
    expect(res.status).toBe(413);
  });

  it('the source fields of the script (u, r) are taken and do not change the answer', async () => {
    const { slug, id } = await fanPage();
    const email = uniqueEmail('fonte');
    const res = await signUp(
      slug,
      { email, city: 'Roma', u: 'instagram', r: 'https://l.instagram.com' },
      { json: true },
    );
    expect(res.status).toBe(202);
    expect(await fanOf(id, email)).not.toBeNull();
  });
});

describe('POST /{slug}/fans: pages that take no sign-up are 404', () => {
  it.each([
    ['hidden', { visible: false }],
    ['not open yet', { visible_from: '2098-01-01T00:00:00Z' }],
    ['closed', { visible_until: '2001-01-01T00:00:00Z' }],
    ['with the block off', { fan_signup: false }],
    [
      'in image mode',
      {
        mode: 'image' as const,
        buttons: [{ type: 'image' as const, image_path: '/stores/spotify.svg', url: 'https://x.it' }],
      },
    ],
  ])('a page %s', async (_name, page) => {
    const { slug } = await fanPage(page);
    const email = uniqueEmail('chiusa');
    const { status, body } = await callJson(`/${slug}/fans`, {
      form: { email, city: '*' },
      headers: { accept: 'application/json' },
      settle: true,
    });
    expect(status).toBe(404);
    expect(body).toEqual({ detail: t('fans.public.closed') });
    expect(await fanCount(email)).toBe(0);
    // the plain form: a page, no 500
    const res = await signUp(slug, { email, city: '*' });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain(t('fans.page.closedTitle'));
  });

  it.each(['nessunapagina123', 'api', 'admin', 'x'.repeat(80), 'Maiuscole'])('the slug %j', async (slug) => {
    const res = await signUp(slug, { email: uniqueEmail(), city: '*' }, { json: true });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: t('fans.public.closed') });
  });
});

describe('POST /{slug}/fans: honeypot and network limit', () => {
  it('a filled honeypot gets the success answer; nothing is stored or sent and no limit is used', async () => {
    const { slug } = await fanPage();
    const email = uniqueEmail('robot');
    const ip = uniqueIp();
    const person = await answerOf(
      await signUp(slug, { email: uniqueEmail('persona'), city: 'Milano' }, { json: true }),
    );
    const robot = await answerOf(
      await signUp(slug, { email, city: 'Milano', website: 'https://spam.example' }, { json: true, ip }),
    );
    expect(robot).toEqual(person);
    expect(await fanCount(email)).toBe(0);
    expect(await outboxRows(email)).toEqual([]);
    const used = await env.DB.prepare("SELECT COUNT(*) AS n FROM rate_events WHERE scope = 'fan-signup' AND net = ?")
      .bind(ip)
      .first<{ n: number }>();
    expect(used?.n).toBe(0);
  });

  it(`a network gets ${NETWORK_LIMITS['fan-signup'].max} sign-ups an hour, then a 429 in Italian; another network is not affected`, async () => {
    const { slug } = await fanPage();
    const ip = uniqueIp();
    const { max } = NETWORK_LIMITS['fan-signup'];
    for (let i = 0; i < max; i++) {
      const res = await signUp(slug, { email: uniqueEmail('rete'), city: '*' }, { json: true, ip, settle: false });
      expect(res.status).toBe(202);
    }
    const email = uniqueEmail('troppi');
    const { status, body, res } = await callJson(`/${slug}/fans`, {
      form: { email, city: '*' },
      headers: { accept: 'application/json', 'cf-connecting-ip': ip },
      settle: true,
    });
    expect(status).toBe(429);
    expect(body.detail).toMatch(/^Troppe iscrizioni dalla tua rete in poco tempo\. Riprova tra \d+ minuti\.$/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await fanCount(email)).toBe(0);
    // the plain form: the message and the link back, same status
    const page = await signUp(slug, { email, city: '*' }, { ip });
    expect(page.status).toBe(429);
    expect(await page.text()).toContain(`href="/${slug}"`);
    expect((await signUp(slug, { email, city: '*' }, { json: true, ip: uniqueIp() })).status).toBe(202);
  });
});
