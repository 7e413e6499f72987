import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { fanPaths } from '../../src/core/api-paths';
import { t } from '../../src/core/messages';
import { fanUnsubscribeUrl } from '../../worker/services/fans/links';
import { unsubscribeToken } from '../../worker/services/fans/tokens';
import { call, uniqueEmail } from './helpers';
import { citiesOf, confirmPath, fanOf, fanPage, signUp } from './fans-helpers';
import { slugFor } from './public-helpers';

/** A page and a fan of it (confirmed unless told), with its unsubscribe link's path. */
async function fanWithLink(opts: { confirmed?: boolean; email?: string; page?: { slug: string; id: number } } = {}) {
  const page = opts.page ?? (await fanPage());
  const email = opts.email ?? uniqueEmail('fan');
  await signUp(page.slug, { email, city: 'Milano' });
  if (opts.confirmed !== false) await call(await confirmPath(email), { method: 'POST' });
  const fan = (await fanOf(page.id, email))!;
  const url = new URL(await fanUnsubscribeUrl(env, 'http://localhost:8787', page, fan.id));
  return { ...page, email, fan, path: `${url.pathname}${url.search}`, token: url.searchParams.get('token')! };
}

function oneClick(path: string, type: 'urlencoded' | 'multipart' = 'urlencoded'): Promise<Response> {
  if (type === 'urlencoded') return call(path, { form: { 'List-Unsubscribe': 'One-Click' } });
  const body = new FormData();
  body.append('List-Unsubscribe', 'One-Click');
  return call(path, { method: 'POST', body });
}

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

/**
 * The unsubscribe token of links mailed before tokens named their page: `{fanId}.{HMAC}` of the
 * fan id alone. Frozen here on purpose: those links are in mailboxes and must keep working.
 */
async function mailedBeforeToken(fanId: number): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(env.JWT_SECRET),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(`palco:fan-unsubscribe:${fanId}`)));
  const text = btoa(String.fromCharCode(...mac));
  return `${fanId}.${text.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

/** Everything an answer shows: status, body and the headers a page could differ by. */
async function whole(res: Response) {
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    csp: res.headers.get('content-security-policy'),
    cache: res.headers.get('cache-control'),
    body: await res.text(),
  };
}

const SECRET_TITLE = 'Tour Segretissimo';
const SECRET_COLOUR = '#1A2B3C';

/** A page in a look of its own, in the given state (the public sees it unless told). */
async function lookingPage(state: 'visible' | 'hidden' | 'scheduled' | 'expired') {
  return fanPage({
    title: `${SECRET_TITLE} ${Math.random().toString(36).slice(2, 8)}`,
    display_title: SECRET_TITLE,
    style: 'custom',
    custom_styles: { background: { color: SECRET_COLOUR } },
    visible: state !== 'hidden',
    visible_from: state === 'scheduled' ? '2099-01-01T00:00:00Z' : null,
    visible_until: state === 'expired' ? '2000-01-01T00:00:00Z' : null,
  });
}

/** Makes a visible page hidden (after its fans signed up: signing up needs a visible page). */
async function hide(pageId: number): Promise<void> {
  await env.DB.prepare('UPDATE landing_pages SET visible = 0 WHERE id = ?').bind(pageId).run();
}

describe('links say nothing about pages', () => {
  const JUNK: Array<[string, (slug: string) => string, string]> = [
    ['confirm, no token', (s) => `/${s}/fans/confirm`, 'GET'],
    ['confirm, malformed token', (s) => `/${s}/fans/confirm?token=abc`, 'GET'],
    ['confirm, unknown token', (s) => `/${s}/fans/confirm?token=${'A'.repeat(43)}`, 'GET'],
    ['confirm POST, unknown token', (s) => `/${s}/fans/confirm?token=${'A'.repeat(43)}`, 'POST'],
    ['unsubscribe, forged token', (s) => `/${s}/fans/unsubscribe?token=1.${'A'.repeat(43)}`, 'GET'],
    ['unsubscribe POST, junk', (s) => `/${s}/fans/unsubscribe?token=%zz%E0`, 'POST'],
    ['erase, no token', (s) => `/${s}/fans/erase`, 'GET'],
    ['erase POST, forged token', (s) => `/${s}/fans/erase?token=7.${'B'.repeat(43)}`, 'POST'],
  ];

  it.each(JUNK)('%s: the same bare page under every path, whatever the page', async (_name, path, method) => {
    const pages = {
      visible: await lookingPage('visible'),
      hidden: await lookingPage('hidden'),
      scheduled: await lookingPage('scheduled'),
      expired: await lookingPage('expired'),
    };
    const reference = await whole(await call(path(slugFor('nessuna')), { method }));
    expect(reference.status).toBe(404);
    expect(reference.type).toBe('text/html; charset=utf-8');
    expect(reference.body).toContain(t('fans.link.invalidTitle'));
    expect(reference.body).not.toContain('class="bk"');
    for (const { slug } of Object.values(pages)) {
      const res = await whole(await call(path(slug), { method }));
      expect(res).toEqual(reference);
      expect(res.body).not.toContain(SECRET_TITLE);
      expect(res.body).not.toContain(SECRET_COLOUR);
      expect(res.body).not.toContain(slug);
    }
    // a reserved slug, a malformed one, one too long
    for (const slug of ['home', 'www', 'Maiuscolo', 'x'.repeat(80)]) {
      expect(await whole(await call(path(slug), { method }))).toEqual(reference);
    }
  });

  it('a one-click POST with junk answers the same text under every path', async () => {
    const hidden = await lookingPage('hidden');
    const visible = await lookingPage('visible');
    const query = `?token=1.${'A'.repeat(43)}`;
    const reference = await whole(await oneClick(`/${slugFor('nessuna')}/fans/unsubscribe${query}`));
    expect(reference.status).toBe(404);
    for (const slug of [hidden.slug, visible.slug, 'home']) {
      expect(await whole(await oneClick(`/${slug}/fans/unsubscribe${query}`))).toEqual(reference);
    }
  });

  it('a used confirmation link is the same bare page as an unknown one, on a hidden page too', async () => {
    const page = await lookingPage('visible');
    const email = uniqueEmail('usato');
    await signUp(page.slug, { email, city: 'Roma' });
    const path = await confirmPath(email);
    expect((await call(path, { method: 'POST' })).status).toBe(200);
    await hide(page.id);
    const reference = await whole(await call(`/${slugFor('nessuna')}/fans/confirm?token=${'A'.repeat(43)}`));
    for (const method of ['GET', 'POST']) expect(await whole(await call(path, { method }))).toEqual(reference);
  });

  it('a valid confirmation link still works on a hidden page, in its own look', async () => {
    const page = await lookingPage('visible');
    const email = uniqueEmail('nascosta');
    await signUp(page.slug, { email, city: 'Roma' });
    const path = await confirmPath(email);
    await hide(page.id);
    const look = await call(path);
    expect(look.status).toBe(200);
    expect(await look.text()).toContain(t('fans.confirm.button'));
    const done = await call(path, { method: 'POST' });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(t('fans.confirm.doneTitle'));
    expect((await fanOf(page.id, email))!.confirmed_at).not.toBeNull();
  });

  it('a confirmation link under another page is the bare page and confirms no one', async () => {
    const a = await lookingPage('visible');
    const b = await lookingPage('hidden');
    const email = uniqueEmail('altrove');
    await signUp(a.slug, { email, city: 'Roma' });
    const path = await confirmPath(email);
    const reference = await whole(await call(`/${slugFor('nessuna')}/fans/confirm?token=${'A'.repeat(43)}`));
    for (const method of ['GET', 'POST']) {
      expect(await whole(await call(path.replace(`/${a.slug}/`, `/${b.slug}/`), { method }))).toEqual(reference);
    }
    expect((await fanOf(a.id, email))!.confirmed_at).toBeNull();
  });

  it('a valid unsubscribe link works on a hidden page: the page, leaving, erasing', async () => {
    const page = await lookingPage('visible');
    const leaving = await fanWithLink({ page });
    const erasing = await fanWithLink({ page });
    const third = await fanWithLink({ page });
    await hide(page.id);
    const look = await call(leaving.path);
    expect(look.status).toBe(200);
    expect(await look.text()).toContain(t('fans.unsubscribe.button'));
    expect((await call(leaving.path, { method: 'POST' })).status).toBe(200);
    expect(await fanOf(page.id, leaving.email)).toBeNull();
    const erased = await call(fanPaths.erase(page.slug, erasing.token), { method: 'POST' });
    expect(erased.status).toBe(200);
    expect(await erased.text()).toContain(t('fans.erase.doneTitle'));
    expect(await fanOf(page.id, erasing.email)).toBeNull();
    // a one-click POST too
    expect((await oneClick(third.path)).status).toBe(200);
    expect(await fanOf(page.id, third.email)).toBeNull();
  });

  it("an unsubscribe link of page A under page B's path is junk and does nothing", async () => {
    const a = await lookingPage('visible');
    const b = await lookingPage('visible');
    const email = uniqueEmail('incrocio');
    const onA = await fanWithLink({ page: a, email });
    await fanWithLink({ page: b, email });
    const reference = await whole(await call(`/${slugFor('nessuna')}/fans/unsubscribe?token=1.${'A'.repeat(43)}`));
    const textReference = await whole(
      await oneClick(`/${slugFor('nessuna')}/fans/unsubscribe?token=1.${'A'.repeat(43)}`),
    );
    for (const token of [onA.token, await mailedBeforeToken(onA.fan.id)]) {
      const unsubscribe = fanPaths.unsubscribe(b.slug, token);
      const erase = fanPaths.erase(b.slug, token);
      expect(await whole(await call(unsubscribe))).toEqual(reference);
      expect(await whole(await call(erase))).toEqual(reference);
      expect(await whole(await call(unsubscribe, { method: 'POST' }))).toEqual(reference);
      expect(await whole(await call(erase, { method: 'POST' }))).toEqual(reference);
      expect(await whole(await oneClick(unsubscribe))).toEqual(textReference);
    }
    expect(await fanOf(a.id, email)).not.toBeNull();
    expect(await fanOf(b.id, email)).not.toBeNull();
  });

  it('a link mailed before tokens named their page works on its own page only, while the fan is there', async () => {
    const a = await lookingPage('visible');
    const b = await lookingPage('visible');
    const onA = await fanWithLink({ page: a });
    const token = await mailedBeforeToken(onA.fan.id);
    const look = await call(fanPaths.unsubscribe(a.slug, token));
    expect(look.status).toBe(200);
    expect(await look.text()).toContain(t('fans.unsubscribe.button'));
    expect((await call(fanPaths.unsubscribe(b.slug, token), { method: 'POST' })).status).toBe(404);
    expect(await fanOf(a.id, onA.email)).not.toBeNull();
    const done = await call(fanPaths.unsubscribe(a.slug, token), { method: 'POST' });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(t('fans.unsubscribe.doneTitle'));
    expect(await fanOf(a.id, onA.email)).toBeNull();
    // the fan gone, the old link names no one: the bare page, as any junk
    const reference = await whole(await call(`/${slugFor('nessuna')}/fans/unsubscribe?token=1.${'A'.repeat(43)}`));
    expect(await whole(await call(fanPaths.unsubscribe(a.slug, token)))).toEqual(reference);
    expect(await whole(await call(fanPaths.unsubscribe(a.slug, token), { method: 'POST' }))).toEqual(reference);
  });
});
