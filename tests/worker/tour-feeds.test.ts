// The tour feeds of a page: GET /{slug}/calendar.ics, /{slug}/events.json and /{slug}/feed.xml,
// each read back by a parser made by others (ical.js, rss-parser, the zod schema of the JSON).
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/core/api-paths';
import ICAL from 'ical.js';
import Parser from 'rss-parser';
import { t } from '../../src/core/messages';
import { eventItemListSchema } from '../../src/core/schemas/tour';
import { publishPage } from '../../worker/services/pages/publish';
import { seedPage, settle, slugFor } from './public-helpers';
import { call, createPage, textPage, uniqueSlug, organiserWithToken } from './helpers';

const FUTURE = '20 marzo 2099 ore 21:00';
const FEEDS = ['calendar.ics', 'events.json', 'feed.xml'] as const;

function vevents(body: string): ICAL.Component[] {
  return new ICAL.Component(ICAL.parse(body)).getAllSubcomponents('vevent');
}

function prop(c: ICAL.Component, name: string): unknown {
  return c.getFirstPropertyValue(name);
}

async function setWindow(slug: string, from: string | null, until: string | null): Promise<void> {
  await env.DB.prepare('UPDATE landing_pages SET visible_from = ?, visible_until = ? WHERE folder_name = ?')
    .bind(from, until, slug)
    .run();
}

/** A tour: two dated upcoming events, one undated, one past. */
async function seedTour(slug: string) {
  return seedPage(slug, {
    display_title: 'I Nomadi <&> "Elettrici"',
    buttons: [
      {
        text: `${FUTURE} - Forlì - Vidia <Club> & bar|biglietti`,
        cta_buttons: [
          { url: 'https://tickets.example/a?x=1&y=2', buttonText: 'biglietti' },
          { url: '', buttonText: 'soldout' },
        ],
      },
      { text: 'data da annunciare - Bari - Demodè|biglietti', cta_buttons: null },
      { text: '1 gennaio 2020 - Como - Teatro|biglietti', cta_buttons: null },
      { text: '21 marzo 2099 - Roma - Atlantico|biglietti', cta_buttons: [{ url: '', buttonText: 'soldout' }] },
    ],
  });
}

describe('GET /{slug}/calendar.ics', () => {
  it('holds every upcoming dated event with the UIDs of the single-event files and the refresh hints', async () => {
    const slug = slugFor('tca');
    const { buttonIds } = await seedTour(slug);
    const res = await call(`/${slug}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${slug}.ics"`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
    const body = await res.text();
    expect(body).toContain('\r\nREFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n');
    expect(body).toContain('\r\nX-PUBLISHED-TTL:PT1H\r\n');
    const calendar = new ICAL.Component(ICAL.parse(body));
    expect(prop(calendar, 'x-wr-calname')).toBe('I Nomadi <&> "Elettrici"');
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Europe/Rome');
    const events = vevents(body);
    // the undated and the past events are not in it
    expect(events.map((e) => prop(e, 'uid'))).toEqual([`${buttonIds[0]}@localhost`, `${buttonIds[3]}@localhost`]);
    const first = new ICAL.Event(events[0]!);
    expect(first.summary).toBe('I Nomadi <&> "Elettrici" – Forlì');
    expect(first.location).toBe('Vidia <Club> & bar, Forlì');
    expect(first.startDate.toJSDate().toISOString()).toBe('2099-03-20T20:00:00.000Z');
    expect(first.sequence).toBe(0);
    expect(prop(events[0]!, 'last-modified')).toBeTruthy();
    expect(new ICAL.Event(events[1]!).startDate.isDate).toBe(true);

    // the single-event file of the same event carries the same UID and revision
    const single = vevents(await (await call(`/${slug}/events/${buttonIds[0]}.ics`)).text())[0]!;
    expect(prop(single, 'uid')).toBe(prop(events[0]!, 'uid'));
    expect(prop(single, 'sequence')).toBe(0);
    await settle();
  });

  it('a calendar whose dates are all past is still a calendar, with no event', async () => {
    const slug = slugFor('tcp');
    await seedPage(slug, { buttons: [{ text: '1 gennaio 2020 - Como - Teatro|x' }] });
    const res = await call(`/${slug}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(vevents(await res.text())).toEqual([]);
    await settle();
  });
});

describe('GET /{slug}/events.json', () => {
  it('is the page JSON-LD as a schema.org ItemList, readable from any origin', async () => {
    const slug = slugFor('tjs');
    await seedTour(slug);
    const res = await call(`/${slug}/events.json`, { headers: { origin: 'https://band.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
    const list = eventItemListSchema.parse(await res.json());
    expect(list.numberOfItems).toBe(3);
    expect(list.itemListElement.map((i) => i.item.location.address.addressLocality)).toEqual(['Forlì', 'Bari', 'Roma']);
    expect(list.itemListElement[0]!.item.startDate).toBe('2099-03-20T21:00');
    expect(list.itemListElement[2]!.item.offers[0]!.availability).toBe('https://schema.org/SoldOut');

    // the same objects as the page's own JSON-LD
    const html = await (await call(`/${slug}`)).text();
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(list.itemListElement.map((i) => i.item)).toEqual(JSON.parse(ld));
    await settle();
  });

  it('answers a preflight, refuses writing, and its 404 is JSON the caller may read', async () => {
    const slug = slugFor('tjo');
    await seedTour(slug);
    const pre = await call(`/${slug}/events.json`, {
      method: 'OPTIONS',
      headers: { origin: 'https://band.example', 'access-control-request-method': 'GET' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const res = await call(`/${slug}/events.json`, { method, body: method === 'DELETE' ? undefined : '{}' });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    }
    const missing = await call(`/${slugFor('tjn')}/events.json`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('access-control-allow-origin')).toBe('*');
    expect(missing.headers.get('cache-control')).toBe('no-store');
    expect(await missing.json()).toEqual({ detail: t('public.notFound') });
    await settle();
  });
});

describe('GET /{slug}/feed.xml', () => {
  it('is RSS 2.0 with one item per upcoming event, escaped, with stable guids and first-publication dates', async () => {
    const slug = slugFor('trs');
    const { buttonIds } = await seedTour(slug);
    await publishPage(env, slug);
    const res = await call(`/${slug}/feed.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
    const body = await res.text();
    const feed = await new Parser().parseString(body);
    expect(feed.title).toBe('I Nomadi <&> "Elettrici" – date');
    expect(feed.link).toBe(`http://localhost:8787/${slug}`);
    expect(feed.items.map((i) => i.guid)).toEqual([0, 1, 3].map((n) => `${buttonIds[n]}@localhost`));
    const [forli, bari] = feed.items;
    expect(forli!.title).toBe(`${FUTURE} – Forlì, Vidia <Club> & bar`);
    expect(forli!.link).toBe('https://tickets.example/a?x=1&y=2');
    expect(forli!.contentSnippet).toContain('biglietti: https://tickets.example/a?x=1&y=2 · Sold out');
    expect(bari!.title).toBe('data da annunciare – Bari, Demodè');
    expect(bari!.link).toBe(`http://localhost:8787/${slug}`);
    const stamped = await env.DB.prepare('SELECT published_at FROM buttons WHERE id = ?')
      .bind(buttonIds[0])
      .first<{ published_at: string }>();
    expect(new Date(forli!.pubDate!).getTime()).toBe(Math.floor(Date.parse(stamped!.published_at) / 1000) * 1000);
    await settle();
  });
  it('drops what XML cannot carry, so one odd character never breaks the whole feed', async () => {
    const slug = slugFor('trx');
    await seedPage(slug, {
      buttons: [{ text: `${FUTURE} - Pisa - Lumi\u0007ere\uffff ]]> <x>|x`, cta_buttons: null }],
    });
    const body = await (await call(`/${slug}/feed.xml`)).text();
    expect(body).not.toContain('\u0007');
    const feed = await new Parser().parseString(body);
    expect(feed.items[0]!.title).toBe(`${FUTURE} – Pisa, Lumiere ]]> <x>`);
    await settle();
  });

  it('says when a CTA goes on sale instead of its link, and sold out by its availability', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug('trs');
    await createPage(u.token, {
      ...textPage(slug),
      buttons: [
        {
          type: 'text',
          text: `${FUTURE} - Pisa - Lumiere|biglietti`,
          cta_buttons: [
            { url: 'https://tickets.example/wait', buttonText: 'biglietti', on_sale_at: '2099-03-01T09:00:00Z' },
            { url: 'https://tickets.example/vip', buttonText: 'vip', availability: 'sold_out' },
          ],
        },
      ],
    });
    const feed = await new Parser().parseString(await (await call(`/${slug}/feed.xml`)).text());
    const description = feed.items[0]!.content ?? '';
    expect(description).toContain('biglietti: In vendita dal 1 marzo 2099 alle 10:00');
    expect(description).toContain(t('landing.soldoutLabel'));
    expect(description).not.toContain('tickets.example');
    await settle();
  });
});

describe('the three feeds', () => {
  it('answer 404 with no-store for a hidden, scheduled, expired, unknown or image page', async () => {
    const hidden = slugFor('tvh');
    await seedPage(hidden, { visible: false, buttons: [{ text: `${FUTURE} - Pisa - Lumiere|x` }] });
    const scheduled = slugFor('tvs');
    await seedPage(scheduled, { buttons: [{ text: `${FUTURE} - Pisa - Lumiere|x` }] });
    await setWindow(scheduled, '2098-01-01T00:00:00Z', null);
    const expired = slugFor('tve');
    await seedPage(expired, { buttons: [{ text: `${FUTURE} - Pisa - Lumiere|x` }] });
    await setWindow(expired, '2020-01-01T00:00:00Z', '2021-01-01T00:00:00Z');
    const image = slugFor('tvi');
    await seedPage(image, { mode: 'image', buttons: [{ type: 'image', image_path: `/dati/${image}/a.jpg` }] });
    for (const slug of [hidden, scheduled, expired, slugFor('tvu'), image]) {
      for (const feed of FEEDS) {
        const res = await call(`/${slug}/${feed}`);
        expect(res.status, `${slug}/${feed}`).toBe(404);
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect((await call(`/${slug}/${feed}`, { method: 'HEAD' })).status).toBe(404);
      }
    }
    // inside its window: served
    await setWindow(expired, '2020-01-01T00:00:00Z', '2098-01-01T00:00:00Z');
    for (const feed of FEEDS) expect((await call(`/${expired}/${feed}`)).status, feed).toBe(200);
    await settle();
  });

  it('answer 404, never 500, for a slug in capitals, a reserved one, one too long or with other signs', async () => {
    for (const slug of ['Tour', 'TOUR', 'login', 'home', 'calendar', 'a'.repeat(65), 'a_b', 'a%20b', 'caf%C3%A9']) {
      for (const feed of FEEDS) {
        const res = await call(`/${slug}/${feed}`);
        expect(res.status, `${slug}/${feed}`).toBe(404);
      }
    }
  });

  it('are cached like the page and purged together by a publish', async () => {
    const slug = slugFor('tcc');
    await seedTour(slug);
    const first = new Map<string, string>();
    for (const feed of FEEDS) first.set(feed, await (await call(`/${slug}/${feed}`)).text());
    await settle();
    // a change behind the publisher's back is not seen: the cached copies answer
    await env.DB.prepare('UPDATE landing_pages SET visible = 0 WHERE folder_name = ?').bind(slug).run();
    for (const feed of FEEDS) {
      const again = await call(`/${slug}/${feed}`);
      expect(again.status, feed).toBe(200);
      expect(await again.text()).toBe(first.get(feed));
      expect((await call(`/${slug}/${feed}`, { method: 'HEAD' })).status).toBe(200);
    }
    // the publish of the now hidden page takes them all off
    await publishPage(env, slug);
    for (const feed of FEEDS) expect((await call(`/${slug}/${feed}`)).status, feed).toBe(404);
  });

  it('a save bumps SEQUENCE and LAST-MODIFIED of the changed event alone, keeps pubDate, and is seen at once', async () => {
    const owner = await organiserWithToken();
    const slug = uniqueSlug('tsv');
    const created = await createPage(
      owner.token,
      textPage(slug, {
        buttons: [
          { type: 'text', text: '12/05/2099 - Milano - Alcatraz|biglietti', url: 'https://www.ticketone.it/x' },
          { type: 'text', text: '13/05/2099 - Roma - Atlantico|biglietti', url: 'https://www.ticketone.it/y' },
        ],
      }),
    );
    const ids = (created.buttons as Array<{ id: number }>).map((b) => b.id);
    const calendarOf = async () => {
      const events = vevents(await (await call(`/${slug}/calendar.ics`)).text());
      return new Map(events.map((e) => [prop(e, 'uid'), e]));
    };
    const feedOf = async () => new Parser().parseString(await (await call(`/${slug}/feed.xml`)).text());
    const before = await calendarOf();
    const feedBefore = await feedOf();
    expect(feedBefore.items).toHaveLength(2);
    expect(feedBefore.items.every((i) => i.pubDate)).toBe(true);
    await settle(1100); // LAST-MODIFIED counts seconds

    const save = (buttons: unknown[]) =>
      call(`${API_PREFIX.pages}/${slug}`, { method: 'PUT', token: owner.token, json: textPage(slug, { buttons }) });
    const saved = await save([
      { id: ids[0], type: 'text', text: '12/05/2099 - Milano - Alcatraz|biglietti', url: 'https://www.ticketone.it/x' },
      {
        id: ids[1],
        type: 'text',
        text: '13/05/2099 - Roma - Palazzo dello Sport|biglietti',
        url: 'https://www.ticketone.it/y',
      },
      { type: 'text', text: '14/05/2099 - Bari - Demodè|biglietti', url: 'https://www.ticketone.it/z' },
    ]);
    expect(saved.status).toBe(200);
    // no wait for the cache: the save purged it
    const after = await calendarOf();
    const same = `${ids[0]}@localhost`;
    const changed = `${ids[1]}@localhost`;
    expect(prop(after.get(same)!, 'sequence')).toBe(0);
    expect(String(prop(after.get(same)!, 'last-modified'))).toBe(String(prop(before.get(same)!, 'last-modified')));
    expect(prop(after.get(changed)!, 'sequence')).toBe(1);
    expect(new ICAL.Event(after.get(changed)!).location).toBe('Palazzo dello Sport, Roma');
    expect(
      String(prop(after.get(changed)!, 'last-modified')) > String(prop(before.get(changed)!, 'last-modified')),
    ).toBe(true);
    expect(after.size).toBe(3);

    const feedAfter = await feedOf();
    const pub = (feed: typeof feedBefore, guid: string) => feed.items.find((i) => i.guid === guid)?.pubDate;
    expect(pub(feedAfter, same)).toBe(pub(feedBefore, same));
    expect(pub(feedAfter, changed)).toBe(pub(feedBefore, changed));
    const added = feedAfter.items.find((i) => ![same, changed].includes(i.guid!))!;
    expect(Date.parse(added.pubDate!)).toBeGreaterThan(Date.parse(pub(feedBefore, same)!));

    // the JSON follows the save at once as well
    const list = eventItemListSchema.parse(await (await call(`/${slug}/events.json`)).json());
    expect(list.itemListElement.map((i) => i.item.location.name)).toEqual([
      'Alcatraz',
      'Palazzo dello Sport',
      'Demodè',
    ]);
    await settle();
  });

  it('the page offers the calendar as a webcal:// subscription and as a file, and names its feed', async () => {
    const slug = slugFor('tpl');
    await seedTour(slug);
    const html = await (await call(`/${slug}`)).text();
    expect(html).toContain(`href="webcal://localhost:8787/${slug}/calendar.ics"`);
    expect(html).toContain('Aggiungi tutte le date al calendario');
    expect(html).toContain(`href="/${slug}/calendar.ics"`);
    expect(html).toContain('oppure scarica il file');
    expect(html).toContain(`<link rel="alternate" type="application/rss+xml"`);
    expect(html).toContain(`href="/${slug}/feed.xml"`);

    // no dated upcoming event: no subscription link
    const undated = slugFor('tpu');
    await seedPage(undated, { buttons: [{ text: 'data da annunciare - Bari - Demodè|x' }] });
    expect(await (await call(`/${undated}`)).text()).not.toContain('calendar.ics');
    await settle();
  });
});
