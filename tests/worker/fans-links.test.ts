// The fans' e-mailed links: confirming, unsubscribing, erasing (docs/behaviour.md#fans-and-alerts).
// What junk links show, whatever the page: fans-links-privacy.test.ts.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { fanPaths } from '../../src/core/api-paths';
import { t } from '../../src/core/messages';
import { fanUnsubscribeUrl } from '../../worker/services/fans/links';
import { unsubscribeToken } from '../../worker/services/fans/tokens';
import { call, uniqueEmail } from './helpers';
import { citiesOf, confirmPath, fanOf, fanPage, fanWithLink, oneClick, signUp } from './fans-helpers';

async function outboxFanMails(to: string): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT COUNT(*) AS n FROM mail_outbox WHERE to_addr = ? AND kind IN ('fan_confirm', 'fan_alert')",
  )
    .bind(to)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe('fanUnsubscribeUrl', () => {
  it('is the page unsubscribe path on the given origin, with a token signed for the fan and its page', async () => {
    const url = await fanUnsubscribeUrl(env, 'https://palco.example/', { id: 7, slug: 'tour' }, 42);
    expect(url).toBe(`https://palco.example${fanPaths.unsubscribe('tour', await unsubscribeToken(env, 7, 42))}`);
    expect(new URL(url).searchParams.get('token')).toMatch(/^42\.[A-Za-z0-9_-]{43}$/);
    // the same fan id under another page signs differently
    expect(await unsubscribeToken(env, 8, 42)).not.toBe(await unsubscribeToken(env, 7, 42));
  });
});

describe('confirmation link: a GET never confirms', () => {
  it('GET shows the button that posts to the same link; only the POST confirms, once', async () => {
    const { slug, id } = await fanPage({ style: 'custom', custom_styles: { background: { color: '#0B1F4D' } } });
    const email = uniqueEmail('conferma');
    await signUp(slug, { email, city: 'Roma' });
    const path = await confirmPath(email);

    for (let i = 0; i < 3; i++) {
      const res = await call(path);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(t('fans.confirm.title'));
      expect(html).toContain(`<form action="${path}" method="post">`);
      expect(html).toContain(t('fans.confirm.button'));
      // in the page's own colours
      expect(html).toContain('--bg:#0B1F4D');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('content-security-policy')).toContain("form-action 'self'");
    }
    expect((await call(path, { method: 'HEAD' })).status).toBe(200);
    expect((await fanOf(id, email))!.confirmed_at).toBeNull();

    const done = await call(path, { method: 'POST' });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(`href="/${slug}"`);
    expect((await fanOf(id, email))!.confirmed_at).not.toBeNull();

    // used: both GET and POST now say the link is no longer valid
    for (const method of ['GET', 'POST']) {
      const again = await call(path, { method });
      expect(again.status).toBe(404);
      expect(await again.text()).toContain(t('fans.link.invalidTitle'));
    }
  });

  it.each([
    ['no token', ''],
    ['a short token', '?token=abc'],
    ['an unknown token', `?token=${'A'.repeat(43)}`],
    ['junk', '?token=%E0%80%zz'],
    ['a very long token', `?token=${'x'.repeat(5000)}`],
  ])('%s: a friendly 404 page, never a 500', async (_name, query) => {
    const { slug } = await fanPage();
    for (const method of ['GET', 'POST']) {
      const res = await call(`/${slug}/fans/confirm${query}`, { method });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toContain(t('fans.link.invalidLead').replace(/'/g, '&#x27;'));
    }
  });

  it("a link of one page does not confirm on another page's path", async () => {
    const a = await fanPage();
    const b = await fanPage();
    const email = uniqueEmail('altra');
    await signUp(a.slug, { email, city: 'Roma' });
    const path = (await confirmPath(email)).replace(`/${a.slug}/`, `/${b.slug}/`);
    expect((await call(path, { method: 'POST' })).status).toBe(404);
    expect((await fanOf(a.id, email))!.confirmed_at).toBeNull();
  });
});

describe('unsubscribe link', () => {
  it('GET shows both buttons and deletes nothing', async () => {
    const { path, slug, token, fan, id, email } = await fanWithLink();
    for (let i = 0; i < 2; i++) {
      const res = await call(path);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(t('fans.unsubscribe.button'));
      expect(html).toContain(t('fans.unsubscribe.eraseButton'));
      expect(html).toContain(`<form action="${fanPaths.unsubscribe(slug, token)}" method="post">`);
      expect(html).toContain(`<form action="${fanPaths.erase(slug, token)}" method="post">`);
    }
    // the erase path opened with GET shows the same page
    expect((await call(fanPaths.erase(slug, token))).status).toBe(200);
    expect((await fanOf(id, email))?.id).toBe(fan.id);
  });

  it.each(['urlencoded', 'multipart'] as const)(
    'one-click POST (List-Unsubscribe=One-Click, %s): no login, no cookie, no confirmation; 200 text, again 200',
    async (type) => {
      const { path, fan, id, email } = await fanWithLink();
      const res = await oneClick(path, type);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await res.text()).toBe(t('fans.unsubscribe.doneTitle'));
      expect(await fanOf(id, email)).toBeNull();
      expect(await citiesOf(fan.id)).toEqual([]);
      // already gone: the same answer
      const again = await oneClick(path, type);
      expect(again.status).toBe(200);
      expect(await again.text()).toBe(t('fans.unsubscribe.doneTitle'));
    },
  );

  it("the page's 'Annulla iscrizione' form deletes this page's fan only and answers the done page", async () => {
    const a = await fanPage();
    const b = await fanPage();
    const email = uniqueEmail('una');
    const onA = await fanWithLink({ page: a, email });
    await fanWithLink({ page: b, email });
    const res = await call(onA.path, { method: 'POST' });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(t('fans.unsubscribe.doneTitle'));
    expect(html).toContain(`href="/${a.slug}"`);
    expect(await fanOf(a.id, email)).toBeNull();
    expect(await fanOf(b.id, email)).not.toBeNull();
    // twice is once
    expect((await call(onA.path, { method: 'POST' })).status).toBe(200);
  });

  it('an unconfirmed sign-up can leave too', async () => {
    const { path, id, email } = await fanWithLink({ confirmed: false });
    expect((await oneClick(path)).status).toBe(200);
    expect(await fanOf(id, email)).toBeNull();
  });

  it.each([
    ['no token', ''],
    ['a forged token', `?token=1.${'A'.repeat(43)}`],
    ['junk', '?token=%zz%E0'],
    ['a very long token', `?token=${'1'.repeat(5000)}`],
  ])('%s: 404, nothing deleted, never a 500', async (_name, query) => {
    const { slug, id, email } = await fanWithLink();
    for (const path of [`/${slug}/fans/unsubscribe${query}`, `/${slug}/fans/erase${query}`]) {
      expect((await call(path)).status).toBe(404);
      expect((await call(path, { method: 'POST' })).status).toBe(404);
      expect((await oneClick(path)).status).toBe(404);
    }
    expect(await fanOf(id, email)).not.toBeNull();
  });
});

describe("'Cancella i miei dati'", () => {
  it("deletes every fan row of the address on every page, and its fan e-mails; others' rows stay", async () => {
    const a = await fanPage();
    const b = await fanPage();
    const email = uniqueEmail('cancella');
    const other = uniqueEmail('resta');
    const onA = await fanWithLink({ page: a, email });
    const onB = await fanWithLink({ page: b, email, confirmed: false });
    await fanWithLink({ page: a, email: other });
    expect(await outboxFanMails(email)).toBe(2);

    // a GET erases nothing
    expect((await call(fanPaths.erase(a.slug, onA.token))).status).toBe(200);
    expect(await fanOf(a.id, email)).not.toBeNull();

    const res = await call(fanPaths.erase(a.slug, onA.token), { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(t('fans.erase.doneTitle'));
    expect(await fanOf(a.id, email)).toBeNull();
    expect(await fanOf(b.id, email)).toBeNull();
    expect(await citiesOf(onA.fan.id)).toEqual([]);
    expect(await citiesOf(onB.fan.id)).toEqual([]);
    expect(await outboxFanMails(email)).toBe(0);
    expect(await fanOf(a.id, other)).not.toBeNull();
    expect(await outboxFanMails(other)).toBe(1);

    // already gone: the same page
    const again = await call(fanPaths.erase(b.slug, onB.token), { method: 'POST' });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain(t('fans.erase.doneTitle'));
  });
});
