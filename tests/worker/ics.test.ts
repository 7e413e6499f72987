import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { publicOrigin, publishPage } from '../../worker/services/pages/publish';
import { call } from './helpers';
import { seedPage, settle, slugFor } from './public-helpers';

const FUTURE = '20 marzo 2099 ore 21:00';

async function pageNotFound(): Promise<string> {
  const res = await call(`/${slugFor('none')}`);
  expect(res.status).toBe(404);
  return res.text();
}

async function expectPage404(path: string, notFound: string): Promise<void> {
  const res = await call(path);
  expect(res.status, path).toBe(404);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(await res.text()).toBe(notFound);
}

async function setWindow(slug: string, from: string | null, until: string | null): Promise<void> {
  await env.DB.prepare('UPDATE landing_pages SET visible_from = ?, visible_until = ? WHERE folder_name = ?')
    .bind(from, until, slug)
    .run();
}

describe('GET /{slug}/events/{buttonId}.ics', () => {
  it('answers a dated upcoming event with a calendar file a strict parser accepts', async () => {
    const slug = slugFor('ics');
    const { buttonIds } = await seedPage(slug, {
      display_title: 'I Nomadi',
      buttons: [
        {
          text: `${FUTURE} - Forlì - Vidia Club|biglietti`,
          cta_buttons: [{ url: 'https://tickets.example/a', buttonText: 'biglietti' }],
        },
        { text: '21 marzo 2099 - Roma - Atlantico|biglietti', cta_buttons: [{ url: '', buttonText: 'soldout' }] },
      ],
    });
    const res = await call(`/${slug}/events/${buttonIds[0]}.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${slug}-forli.ics"`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
    const body = await res.text();
    expect(body).toContain('\r\nDTSTART:20990320T200000Z\r\n');
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(body)).getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe(`${buttonIds[0]}@localhost`);
    expect(event.summary).toBe('I Nomadi – Forlì');
    expect(event.location).toBe('Vidia Club, Forlì');
    expect(event.component.getFirstPropertyValue('url')).toBe('https://tickets.example/a');

    // all-day, and no ticket link: the page's URL
    const allDay = await (await call(`/${slug}/events/${buttonIds[1]}.ics`)).text();
    expect(allDay).toContain('\r\nDTSTART;VALUE=DATE:20990321\r\nDTEND;VALUE=DATE:20990322\r\n');
    expect(allDay).toContain(`\r\nURL:${publicOrigin(env, 'http://localhost')}/${slug}\r\n`);
    await settle();
  });

  it('the published page links to the files it serves', async () => {
    const slug = slugFor('icl');
    const { buttonIds } = await seedPage(slug, {
      buttons: [{ text: `${FUTURE} - Forlì - Vidia|biglietti`, cta_buttons: null }],
    });
    const html = await (await call(`/${slug}`)).text();
    expect(html).toContain(`href="/${slug}/events/${buttonIds[0]}.ics"`);
    expect((await call(`/${slug}/events/${buttonIds[0]}.ics`)).status).toBe(200);
    await settle();
  });

  it("answers the page's 404 for an undated or past event, a bad id or another page's button", async () => {
    const notFound = await pageNotFound();
    const slug = slugFor('icn');
    const other = slugFor('ico');
    const { buttonIds } = await seedPage(slug, {
      buttons: [
        { text: 'data da annunciare - Bari - Demodè|biglietti' },
        { text: '1 gennaio 2020 - Como - Teatro|biglietti' },
        { text: `${FUTURE} - Lecce - Officine|biglietti` },
      ],
    });
    const { buttonIds: otherIds } = await seedPage(other, { buttons: [{ text: `${FUTURE} - Pisa - Lumiere|x` }] });
    for (const path of [
      `/${slug}/events/${buttonIds[0]}.ics`,
      `/${slug}/events/${buttonIds[1]}.ics`,
      `/${slug}/events/${otherIds[0]}.ics`,
      `/${slug}/events/abc.ics`,
      `/${slug}/events/0.ics`,
      `/${slug}/events/-1.ics`,
      `/${slug}/events/1.5.ics`,
      `/${slug}/events/99999999999999999999.ics`,
      `/${slugFor('gone')}/events/${buttonIds[2]}.ics`,
    ]) {
      await expectPage404(path, notFound);
    }
    expect((await call(`/${slug}/events/${buttonIds[2]}.ics`)).status).toBe(200);
    await settle();
  });

  it('answers 404 for a hidden page, an image page and a page outside its publishing window', async () => {
    const notFound = await pageNotFound();
    const hidden = slugFor('ich');
    const h = await seedPage(hidden, { visible: false, buttons: [{ text: `${FUTURE} - Pisa - Lumiere|x` }] });
    await expectPage404(`/${hidden}/events/${h.buttonIds[0]}.ics`, notFound);

    const image = slugFor('ici');
    const i = await seedPage(image, { mode: 'image', buttons: [{ type: 'text', text: `${FUTURE} - Pisa - L|x` }] });
    await expectPage404(`/${image}/events/${i.buttonIds[0]}.ics`, notFound);

    const scheduled = slugFor('ics');
    const s = await seedPage(scheduled, { buttons: [{ text: `${FUTURE} - Pisa - Lumiere|x` }] });
    await setWindow(scheduled, '2098-01-01T00:00:00Z', null);
    await expectPage404(`/${scheduled}/events/${s.buttonIds[0]}.ics`, notFound);

    const expired = slugFor('ice');
    const e = await seedPage(expired, { buttons: [{ text: `${FUTURE} - Pisa - Lumiere|x` }] });
    await setWindow(expired, '2020-01-01T00:00:00Z', '2021-01-01T00:00:00Z');
    await expectPage404(`/${expired}/events/${e.buttonIds[0]}.ics`, notFound);

    // inside its window: served
    await setWindow(expired, '2020-01-01T00:00:00Z', '2098-01-01T00:00:00Z');
    expect((await call(`/${expired}/events/${e.buttonIds[0]}.ics`)).status).toBe(200);
    await settle();
  });

  it('is cached like the page: a second request does not read D1; publishing the page purges it', async () => {
    const slug = slugFor('icc');
    const { buttonIds } = await seedPage(slug, { buttons: [{ text: `${FUTURE} - Pisa - Lumiere|x` }] });
    const path = `/${slug}/events/${buttonIds[0]}.ics`;
    const first = await (await call(path)).text();
    await settle();
    await env.DB.prepare('UPDATE landing_pages SET visible = 0 WHERE folder_name = ?').bind(slug).run();
    const again = await call(path);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(first);
    const head = await call(path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    // the page is now hidden: its publish takes the page and its calendar files off the cache
    await publishPage(env, slug);
    expect((await call(path)).status).toBe(404);
  });
});
