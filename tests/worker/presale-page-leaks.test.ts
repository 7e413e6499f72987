// A presale's link and codes never leave the organiser's side (docs/behaviour.md#presales-on-the-published-page):
// not in the published page (before and during the presale, its JSON-LD and the stored copy), the
// embed, the feeds (JSON, RSS, calendar), an event's calendar file, the public landing JSON, the
// sitemap, the statistics, nor the Worker's logs while it serves them.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pagePaths } from '../../src/core/api-paths';
import { instantText } from '../../src/core/schedule';
import { pageKey } from '../../worker/services/pages/publish';
import { call, createPage, textPage, uniqueSlug, organiserWithToken } from './helpers';
import { bodyText, settle } from './public-helpers';

const SHARED = 'SEGRETO-CONDIVISO';
const LINK = 'https://presale.example/segreto';
const ONE_TIME = ['UNICO-AAA-111', 'UNICO-BBB-222', 'UNICO-CCC-333'];
const SECRETS = [SHARED, LINK, 'presale.example', 'segreto', ...ONE_TIME];
const HOUR = 3600_000;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function ahead(ms: number): string {
  return instantText(new Date(Math.floor(Date.now() / 1000) * 1000 + ms));
}

function expectNoSecret(where: string, body: string) {
  for (const secret of SECRETS)
    expect(body.toLowerCase(), `${where} names ${secret}`).not.toContain(secret.toLowerCase());
}

describe("a presale's link and codes", () => {
  it('appear in no public answer, no statistic and no log line, before or during the presale', async () => {
    const logged: string[] = [];
    for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logged.push(args.map((a) => (typeof a === 'string' ? a : (JSON.stringify(a) ?? String(a)))).join(' '));
      });
    }
    const u = await organiserWithToken();
    const slug = uniqueSlug('leak');
    const start = ahead(HOUR);
    const sale = ahead(3 * HOUR);
    const page = await createPage(u.token, {
      ...textPage(slug),
      buttons: [
        {
          type: 'text',
          text: '12/05/2099 - Milano - Alcatraz|biglietti',
          cta_buttons: [{ url: 'https://www.ticketone.it/a', buttonText: 'biglietti', on_sale_at: sale }],
          presale: { starts_at: start, url: LINK, shared_code: SHARED },
        },
        {
          type: 'text',
          text: '13/05/2099 - Roma - Atlantico|biglietti',
          cta_buttons: [{ url: 'https://www.ticketone.it/b', buttonText: 'biglietti', on_sale_at: sale }],
          presale: { starts_at: start, url: LINK },
        },
      ],
    });
    // the organiser's own answer holds them: they are really there to leak
    expect(JSON.stringify(page)).toContain(SHARED);
    expect(JSON.stringify(page)).toContain(LINK);
    const [milano, roma] = page.buttons.map((b) => b.id);
    await env.DB.batch(
      ONE_TIME.map((code) =>
        env.DB.prepare('INSERT INTO presale_codes (button_id, code) VALUES (?, ?)').bind(roma, code),
      ),
    );
    // a change of the page publishes it again with the codes loaded
    await call(pagePaths.visibility(slug, true), { method: 'PATCH', token: u.token });

    const publicPaths = [
      `/${slug}`,
      `/${slug}/embed`,
      `/${slug}/events.json`,
      `/${slug}/feed.xml`,
      `/${slug}/calendar.ics`,
      `/${slug}/events/${milano}.ics`,
      `/${slug}/events/${roma}.ics`,
      `/api/db/public/landing/${slug}`,
      '/sitemap.xml',
    ];
    const read = async (state: string) => {
      for (const path of publicPaths) {
        const res = await call(path);
        expect(res.status, `${state} ${path}`).toBe(200);
        expectNoSecret(`${state} ${path}`, await bodyText(res));
      }
      await settle();
      const stored = await env.BUCKET.get(pageKey(slug));
      expectNoSecret(`${state} the stored page`, await stored!.text());
    };

    await read('before');
    // a fan taps both CTAs: the statistics count them by date
    for (const id of [milano!, roma!]) await call(pagePaths.buttonClick(slug, id), { method: 'POST' });

    // during the presale: the page shows it, and still names neither
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(start) + 1000);
    const open = await bodyText(await call(`/${slug}`));
    expect(open).toContain('<div class="pv">');
    await read('open');

    for (const path of [pagePaths.stats(slug, 30), pagePaths.statsCsv(slug, 30)]) {
      const res = await call(path, { token: u.token });
      expect(res.status, path).toBe(200);
      expectNoSecret(path, await res.text());
    }
    await settle();
    expectNoSecret('the logs', logged.join('\n'));
  });
});
