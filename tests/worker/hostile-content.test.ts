// A hostile user's payloads, in one place: markup in every text field that reaches the published
// page, a flood of made-up sources on one page's counts, hostile company names. Prints how many
// requests each part sent. The access matrix: hostile.test.ts.
import { env } from 'cloudflare:test';
import { API_PREFIX } from '../../src/core/api-paths';
import { afterAll, describe, expect, it } from 'vitest';
import { companyKey } from '../../src/core/company';
import { t } from '../../src/core/messages';
import * as h from './helpers';
import { burst, countsWritten, eventually, PHONE_UA, published } from './counting-helpers';
import { randomCountry as forgedCountry, randomSource } from './flood-sources';
import { COUNTRY_CODES } from '../../src/core/countries';
import { pageStatsSchema } from '../../src/core/schemas/stats';
import { BREAKDOWN_TOP, FIXED_SOURCES, SOURCES_PER_DAY } from '../../src/core/traffic';

const counts = { payloads: 0, refused: 0, names: 0, flood: 0, floodRows: 0, floodBytes: 0 };
afterAll(() => {
  console.log(
    `hostile payloads: ${counts.payloads} payload pages published ` +
      `(${counts.refused} payloads refused at the door), ${counts.names} hostile company-name requests, ${counts.flood} flood requests on one page ` +
      `(${counts.floodRows} page_stats rows, a ${counts.floodBytes}-byte stats answer)`,
  );
});

describe('markup payloads in every text field never reach the published page as markup', () => {
  const PAYLOADS = [
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    "'><svg onload=alert(1)>",
    '</style><script>alert(1)</script>',
    '</title><script>alert(1)</script>',
    '<!--',
    ']]></script><script>alert(1)</script>',
    '{"a":"</script>"}',
    '\u2028\u2029<iframe src=javascript:alert(1)>',
  ];
  const URLS = [
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://x.it/"><script>alert(1)</script>',
  ];

  /** Publishes a page through the API; null (counted as refused) when validation turned it away. */
  async function published(token: string, slug: string, json: unknown): Promise<string | null> {
    const res = await h.call(`${API_PREFIX.pages}`, { token, json });
    if (res.status !== 201) {
      counts.refused += 1;
      expect(res.status).toBe(422);
      return null;
    }
    counts.payloads += 1;
    return (await h.call(`/${slug}`)).text();
  }

  /**
   * What is active in a published document, as a browser's parser sees it (HTMLRewriter
   * parses HTML5 in workerd): script and frame elements, event-handler attributes,
   * javascript: URLs.
   */
  async function active(html: string) {
    const found = { scripts: 0, iframes: 0, objects: 0, handlers: 0, jsUrls: 0 };
    await new HTMLRewriter()
      .on('*', {
        element(el) {
          if (el.tagName === 'script') found.scripts += 1;
          if (el.tagName === 'iframe' || el.tagName === 'frame') found.iframes += 1;
          if (el.tagName === 'object' || el.tagName === 'embed') found.objects += 1;
          for (const [name = '', value = ''] of el.attributes) {
            if (/^on/i.test(name)) found.handlers += 1;
            if (/^(href|src|action|formaction|xlink:href)$/i.test(name) && /^\s*javascript:/i.test(value))
              found.jsUrls += 1;
          }
        },
      })
      .transform(new Response(html))
      .text();
    return found;
  }

  it.each(PAYLOADS)('%j', async (payload) => {
    const { token } = await h.adminWithToken();
    const base = h.uniqueSlug('xss');
    await h.createPage(token, h.textPage(base));
    const baseline = await active(await (await h.call(`/${base}`)).text());

    const slug = h.uniqueSlug('xss');
    const body = h.textPage(slug, {
      title: `T ${slug} ${payload}`.slice(0, 200),
      display_title: payload,
      company: `C ${payload}`.slice(0, 100),
      buttons: [
        { type: 'text', text: `${payload} - ${payload} - ${payload}|${payload}`, url: 'https://www.ticketone.it/x' },
        {
          type: 'text',
          text: `12/05/2099 - ${payload} - V|x`,
          url: 'https://x.it/a',
          cta_buttons: [{ url: 'https://x.it/a', buttonText: payload }],
        },
      ],
    });
    const html = await published(token, slug, body);
    if (html === null) return;
    expect(await active(html)).toEqual(baseline);
    expect(html).not.toContain(payload.includes('<') ? payload : '\u0000');
  });

  it.each(URLS)('link %j is refused or made harmless', async (url) => {
    const { token } = await h.adminWithToken();
    const slug = h.uniqueSlug('url');
    const html = await published(
      token,
      slug,
      h.textPage(slug, { header: url, buttons: [{ type: 'text', text: '12/05/2099 - Roma - V|x', url }] }),
    );
    if (html === null) return;
    expect((await active(html)).jsUrls).toBe(0);
    expect(html).not.toContain('<script>alert(1)');
  });
});

describe('a flood of made-up sources, countries and CTAs on one page', () => {
  // fifty times the sources a day may keep: enough to fill every cap (bench/stats-flood.mjs
  // floods with 10,000 views and prints the figures)
  const VIEWS = 2_500;
  const CLICKS = 500;
  /** What a forged CF-IPCountry may say: nothing here is a country but IT. */
  const randomCountry = () => forgedCountry(['IT', 'it']);

  it(`${VIEWS.toLocaleString('en')} views with random sources stay within ${SOURCES_PER_DAY} sources a day, the answer small, the totals exact`, async () => {
    const u = await h.organiserWithToken({ company: 'Gamma Live' });
    const slug = h.uniqueSlug('flood');
    const page = await h.createPage(
      u.token,
      h.textPage(slug, {
        buttons: [
          {
            type: 'text',
            text: '12/05/2099 - Milano - Alcatraz|biglietti',
            cta_buttons: [
              { url: 'https://www.ticketone.it/a', buttonText: 'biglietti' },
              { url: 'https://www.vivaticket.com/b', buttonText: 'vip' },
            ],
          },
        ],
      }),
    );
    const button = page.buttons[0]!.id as number;
    await burst(VIEWS, 50, async () => {
      const res = await h.call(`/${slug}?utm_source=${encodeURIComponent(randomSource())}`, {
        headers: { 'user-agent': PHONE_UA, 'accept-encoding': 'gzip', 'cf-ipcountry': randomCountry() },
      });
      await res.arrayBuffer();
      counts.flood += 1;
      if (res.status !== 200) throw new Error(`view: ${res.status}`);
    });
    // clicks with a random u and a random CTA index: only k=0 and k=1 exist on that button
    let validClicks = 0;
    await burst(CLICKS, 50, async (i) => {
      const k = i % 4 === 0 ? Math.floor(Math.random() * 100) : i % 2;
      if (k <= 1) validClicks += 1;
      const res = await h.call(
        `${API_PREFIX.pages}/${slug}/buttons/${button}/click?k=${k}&u=${encodeURIComponent(randomSource())}`,
        { method: 'POST', headers: { 'user-agent': PHONE_UA, 'cf-ipcountry': randomCountry() } },
      );
      counts.flood += 1;
      if (res.status !== 202) throw new Error(`click: ${res.status}`);
    });

    const lifetime = () =>
      env.DB.prepare(
        `SELECT p.view_page AS views, (SELECT SUM(click_count) FROM buttons WHERE page_id = p.id) AS clicks,
           (SELECT COUNT(*) FROM page_stats WHERE page_id = p.id) AS rows,
           (SELECT SUM(views) FROM page_stats WHERE page_id = p.id) AS bucketViews,
           (SELECT SUM(clicks) FROM page_stats WHERE page_id = p.id) AS bucketClicks
         FROM landing_pages p WHERE p.folder_name = ?`,
      )
        .bind(slug)
        .first<{ views: number; clicks: number; rows: number; bucketViews: number; bucketClicks: number }>();
    const after = (await eventually(lifetime, (r) => !!r && r.views >= VIEWS && r.clicks >= validClicks, 60_000))!;
    await countsWritten((await published('mark')).slug);
    expect(await lifetime()).toEqual(after);
    expect(after).toMatchObject({ views: VIEWS, clicks: validClicks, bucketViews: VIEWS, bucketClicks: validClicks });

    const sql = (query: string) =>
      env.DB.prepare(query).bind(page.id).all<{ day: string; hour: number; source: string; country: string }>();
    const buckets = (await sql('SELECT day, hour, source, country FROM page_stats WHERE page_id = ?')).results;
    const own = new Set(buckets.filter((b) => !FIXED_SOURCES.includes(b.source)).map((b) => `${b.day} ${b.source}`));
    const days = new Set(buckets.map((b) => b.day)).size;
    const hours = new Set(buckets.map((b) => `${b.day} ${b.hour}`)).size;
    expect(own.size).toBeLessThanOrEqual(SOURCES_PER_DAY * days);
    for (const b of buckets) {
      expect(b.source, b.source).toMatch(/^[a-z0-9]([a-z0-9._-]{0,38}[a-z0-9])?$/);
      expect(['IT', 'XX'], b.country).toContain(b.country);
      expect(COUNTRY_CODES.has(b.country) || b.country === 'XX').toBe(true);
    }
    // one device, two countries, the view and two CTAs: at most (50 + the fixed sources) names an hour
    const bound = hours * (SOURCES_PER_DAY + FIXED_SOURCES.length) * 2 * 3;
    expect(after.rows).toBeLessThanOrEqual(bound);
    counts.floodRows = after.rows;

    const res = await h.call(`${API_PREFIX.pages}/${slug}/stats?days=1`, { token: u.token });
    const text = await res.text();
    counts.floodBytes = new TextEncoder().encode(text).length;
    const stats = pageStatsSchema.parse(JSON.parse(text));
    expect(stats.sources.length).toBeLessThanOrEqual(BREAKDOWN_TOP + 1);
    expect(stats.countries.map((c) => c.country).sort()).toEqual(['IT', 'XX']);
    expect(counts.floodBytes).toBeLessThan(4096);
    if (days === 1) {
      expect(stats.totals).toEqual({ views: VIEWS, clicks: validClicks, signups: 0 });
      const sum = stats.sources.reduce(
        (n, r) => ({ views: n.views + r.views, clicks: n.clicks + r.clicks, signups: n.signups + r.signups }),
        { views: 0, clicks: 0, signups: 0 },
      );
      expect(sum).toEqual(stats.totals);
    }
  }, 180_000);
});

describe('hostile company names: each refused at the door, or plain text offered only once approved', () => {
  // the names that were once all accepted and listed publicly the moment they registered
  const NAMES: [string, string, 'validation.company.hidden' | 'validation.company.reserved' | null][] = [
    ['a zero-width space', 'Pal\u200Bco', 'validation.company.hidden'],
    ['a soft hyphen', 'Palco\u00AD', 'validation.company.hidden'],
    ['a right-to-left override', '\u202EPalco', 'validation.company.hidden'],
    ['a Cyrillic а', 'P\u0430lco', 'validation.company.reserved'],
    ['a NUL byte', 'Acme\u0000Live', 'validation.company.hidden'],
    ['markup', '<script>alert(1)</script>', null],
    ['a spreadsheet formula', '=HYPERLINK("https://x.it","Palco")', null],
  ];
  let network = 0;

  it.each(NAMES)('%s', async (_label, company, refusal) => {
    const { token } = await h.adminWithToken();
    network += 1;
    const email = h.uniqueEmail('nome');
    const reg = await h.callJson('/auth/register', {
      json: { email, password: h.PASSWORD, company },
      headers: { 'cf-connecting-ip': `203.0.113.${network}` },
    });
    counts.names += 1;
    const publicList = async () => {
      counts.names += 1;
      return (await h.callJson(`${API_PREFIX.admin}/companies`)).body.companies as string[];
    };
    if (refusal) {
      expect(reg.status).toBe(422);
      expect(String(reg.body.detail)).toContain(t(refusal));
      expect(await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first()).toBeNull();
      expect(
        await env.DB.prepare('SELECT id FROM companies WHERE key = ?').bind(companyKey(company)).first(),
      ).toBeNull();
      expect(await publicList()).not.toContain(company);
      return;
    }
    // plain text: stored as typed, offered to no one while the account waits
    expect(reg.status).toBe(201);
    expect(reg.body.company).toBe(company);
    expect(await publicList()).not.toContain(company);
    // rejected and deleted, its name goes from every list
    const reject = await h.callJson(`${API_PREFIX.admin}/users/${reg.body.id}/approve`, {
      token,
      json: { action: 'reject' },
    });
    expect(reject.status).toBe(200);
    const remove = await h.callJson(`${API_PREFIX.admin}/users/${reg.body.id}`, { token, method: 'DELETE' });
    expect(remove.status).toBe(200);
    counts.names += 2;
    const all = await h.callJson(`${API_PREFIX.admin}/companies/all`, { token });
    expect(all.body.companies).not.toContain(company);
    expect(await publicList()).not.toContain(company);
  });
});
