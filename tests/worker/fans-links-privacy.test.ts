// The fans' e-mailed links say nothing about pages: junk, used and misplaced links answer one bare
// page under every path, while valid ones keep working on hidden pages
// (docs/behaviour.md#fans-and-alerts).
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { fanPaths } from '../../src/core/api-paths';
import { t } from '../../src/core/messages';
import { call, uniqueEmail } from './helpers';
import { confirmPath, fanOf, fanPage, fanWithLink, oneClick, signUp } from './fans-helpers';
import { slugFor } from './public-helpers';

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
