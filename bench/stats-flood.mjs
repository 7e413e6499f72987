// One page flooded with 10,000 views, each with a utm_source no one would send twice (ASCII,
// emoji, bidi and zero-width marks, full-width letters, over-long ones) and a forged
// CF-IPCountry that is no country, then 2,000 clicks with a random `u` and a random CTA index
// `k` (the button has two CTAs, so about 1 in 8 names none). Prints the page_stats rows and
// the distinct sources and countries they hold, and the size of the stats answer: both must
// stay bounded (at most 50 sources of its own a day, 'altro' for the rest; at most 20 names
// per breakdown in the answer), while the totals stay exact.
// Usage: npx node bench/stats-flood.mjs [views=10000] [clicks=2000] [concurrency=50]
import { api, countedStats, kb, loop, startServer, uniqueSlug } from './lib.mjs';
import { randomCountry, randomSource } from '../tests/worker/flood-sources.ts';
import { API_PREFIX } from '../src/core/api-paths.ts';

const views = Number(process.argv[2] ?? 10_000);
const clicks = Number(process.argv[3] ?? 2_000);
const concurrency = Number(process.argv[4] ?? 50);
const SOURCES_PER_DAY = 50; // src/core/traffic.ts
const BREAKDOWN_TOP = 20;
const FIXED = 13; // the named referrers, qr, other, direct and 'altro'

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const server = await startServer();
let bounded = false;
try {
  const slug = uniqueSlug('flood');
  const page = await api(server.base, server.token, API_PREFIX.pages, {
    method: 'POST',
    json: {
      folder_name: slug,
      title: `Flood ${slug}`,
      mode: 'text',
      style: 'light',
      header: '/demo/tour2099.svg',
      buttons: [
        {
          type: 'text',
          text: '12 aprile 2099 - Milano - Alcatraz|biglietti',
          cta_buttons: [
            { url: 'https://www.ticketone.it/event/a', buttonText: 'biglietti' },
            { url: 'https://www.vivaticket.com/it/ticket/b', buttonText: 'vip' },
          ],
        },
      ],
    },
  });
  const button = page.buttons[0].id;
  const viewRun = await loop({
    concurrency,
    total: views,
    task: async () => {
      const res = await fetch(`${server.base}/${slug}?utm_source=${encodeURIComponent(randomSource())}`, {
        headers: { 'user-agent': PHONE_UA, 'cf-ipcountry': randomCountry() },
      });
      await res.arrayBuffer();
      return res.status === 200 || `status ${res.status}`;
    },
  });
  let validClicks = 0;
  let c = 0;
  const clickRun = await loop({
    concurrency,
    total: clicks,
    task: async () => {
      const i = c++;
      const k = i % 4 === 0 ? Math.floor(Math.random() * 100) : i % 2;
      if (k <= 1) validClicks++;
      const res = await fetch(
        `${server.base}${API_PREFIX.pages}/${slug}/buttons/${button}/click?k=${k}&u=${encodeURIComponent(randomSource())}`,
        { method: 'POST', headers: { 'user-agent': PHONE_UA, 'cf-ipcountry': randomCountry() } },
      );
      await res.arrayBuffer();
      return res.status === 202 || `status ${res.status}`;
    },
  });
  const { flushed } = await countedStats(server, slug, { views, clicks: validClicks, limitMs: 120_000 });
  // a moment more: anything counted twice or late would show now
  await new Promise((r) => setTimeout(r, 2500));
  const answer = await fetch(`${server.base}${API_PREFIX.pages}/${slug}/stats?days=1`, {
    headers: { authorization: `Bearer ${server.token}` },
  }).then((r) => r.text());
  const monthAnswer = await fetch(`${server.base}${API_PREFIX.pages}/${slug}/stats?days=30`, {
    headers: { authorization: `Bearer ${server.token}` },
  }).then((r) => r.text());
  const stats = JSON.parse(answer);
  const [rows] = server.sql(
    `SELECT COUNT(*) AS rows, COUNT(DISTINCT day || ' ' || hour) AS hours, COUNT(DISTINCT source) AS sources,
       COUNT(DISTINCT country) AS countries, COALESCE(SUM(views), 0) AS views, COALESCE(SUM(clicks), 0) AS clicks
     FROM page_stats WHERE page_id = ${Number(page.id)}`,
  );
  const [folded] = server.sql(
    `SELECT COALESCE(SUM(views), 0) AS views, COALESCE(SUM(clicks), 0) AS clicks
     FROM page_stats WHERE page_id = ${Number(page.id)} AND source = 'altro'`,
  );
  const lifetime = await api(server.base, server.token, `${API_PREFIX.pages}/${slug}`);
  const sum = (list) =>
    list.reduce((n, r) => ({ views: n.views + r.views, clicks: n.clicks + r.clicks, signups: n.signups + r.signups }), {
      views: 0,
      clicks: 0,
      signups: 0,
    });
  const rowBound = rows.hours * (SOURCES_PER_DAY + FIXED) * 3; // one device and one country: the view and two CTAs
  const checks = {
    'answers (200 views, 202 clicks)': viewRun.failed === 0 && clickRun.failed === 0,
    'totals in the stats': stats.totals.views === views && stats.totals.clicks === validClicks,
    'buckets (page_stats sums)': rows.views === views && rows.clicks === validClicks,
    'lifetime totals (view_page, click_count)':
      lifetime.view_page === views && lifetime.buttons[0].click_count === validClicks,
    'each breakdown sums to the totals': [stats.sources, stats.countries, stats.devices].every(
      (b) => JSON.stringify(sum(b)) === JSON.stringify(stats.totals),
    ),
    [`sources a day ≤ ${SOURCES_PER_DAY} own + ${FIXED} fixed`]: rows.sources <= SOURCES_PER_DAY + FIXED,
    'countries: only XX': rows.countries === 1 && stats.countries.every((r) => r.country === 'XX'),
    [`rows ≤ ${rowBound}`]: rows.rows <= rowBound,
    [`answer: ≤ ${BREAKDOWN_TOP} sources + 'altro'`]: stats.sources.length <= BREAKDOWN_TOP + 1,
  };
  bounded = Object.values(checks).every(Boolean);
  console.log(
    `\n${views} views and ${clicks} clicks (${validClicks} on a CTA the button has), ${concurrency} in flight`,
  );
  console.log(
    `  views/s               ${viewRun.perSecond.toFixed(0)}  (${viewRun.seconds.toFixed(2)} s, ${viewRun.failed} failed)`,
  );
  console.log(
    `  clicks/s              ${clickRun.perSecond.toFixed(0)}  (${clickRun.seconds.toFixed(2)} s, ${clickRun.failed} failed)`,
  );
  console.log(`  in D1 after           ${flushed.toFixed(2)} s`);
  console.log(
    `  page_stats rows       ${rows.rows}  (${rows.hours} hour(s), ${rows.sources} sources, ${rows.countries} countries)`,
  );
  console.log(`  under 'altro'         ${folded.views} views, ${folded.clicks} clicks`);
  console.log(`  views, clicks         ${stats.totals.views}, ${stats.totals.clicks}`);
  console.log(
    `  stats answer          ${kb(Buffer.byteLength(answer))} (1 day), ${kb(Buffer.byteLength(monthAnswer))} (30 days); ${stats.sources.length} sources, ${stats.countries.length} countries`,
  );
  for (const [name, ok] of Object.entries(checks)) console.log(`  ${ok ? 'ok      ' : 'MISMATCH'}  ${name}`);
} finally {
  await server.stop();
}
process.exitCode = bounded ? 0 : 1;
