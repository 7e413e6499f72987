// 5,000 views and 5,000 clicks at concurrency 50, from three sources, then the figures once the
// queue has written them: totals, today's row and per source must be exact. Prints requests per
// second and how long the counts took to reach D1 after the last answer.
// Usage: npx node bench/counts.mjs [total=5000] [concurrency=50]
import { api, countedStats, loop, startServer, tenEventPage, uniqueSlug } from './lib.mjs';
import { API_PREFIX } from '../src/core/api-paths.ts';

const total = Number(process.argv[2] ?? 5000);
const concurrency = Number(process.argv[3] ?? 50);
const SOURCES = [
  ['direct', ''],
  ['qr', '?utm_source=qr'],
  ['instagram', '?utm_source=instagram'],
];
const server = await startServer();
let exact = false;
try {
  const slug = uniqueSlug('counts');
  const page = await api(server.base, server.token, API_PREFIX.pages, {
    method: 'POST',
    json: tenEventPage(slug),
  });
  const id = page.buttons[0].id;
  const expected = Object.fromEntries(SOURCES.map(([name]) => [name, { views: 0, clicks: 0 }]));
  let v = 0;
  const views = await loop({
    concurrency,
    total,
    task: async () => {
      const [name, query] = SOURCES[v++ % SOURCES.length];
      expected[name].views++;
      const res = await fetch(`${server.base}/${slug}${query}`);
      await res.arrayBuffer();
      return res.status === 200 || `status ${res.status}`;
    },
  });
  let k = 0;
  const clicks = await loop({
    concurrency,
    total,
    task: async () => {
      // the page's script passes the view's utm_source on as `u`
      const [name, query] = SOURCES[k++ % SOURCES.length];
      expected[name].clicks++;
      const u = query ? `?u=${query.split('=')[1]}` : '';
      const res = await fetch(`${server.base}${API_PREFIX.pages}/${slug}/buttons/${id}/click${u}`, {
        method: 'POST',
      });
      await res.arrayBuffer();
      return res.status === 202 || `status ${res.status}`;
    },
  });
  const { stats, flushed } = await countedStats(server, slug, { views: total, clicks: total, limitMs: 60_000 });
  const today = stats.daily.at(-1);
  const bySource = Object.fromEntries(stats.sources.map((s) => [s.source, { views: s.views, clicks: s.clicks }]));
  const lifetime = await api(server.base, server.token, `${API_PREFIX.pages}/${slug}`);
  const lifetimeClicks = lifetime.buttons.reduce((n, b) => n + b.click_count, 0);
  const checks = {
    'answers (200 views, 202 clicks)': views.failed === 0 && clicks.failed === 0,
    'totals in the stats': stats.totals.views === total && stats.totals.clicks === total,
    "today's row": today.views === total && today.clicks === total,
    'per source':
      Object.keys(bySource).length === SOURCES.length &&
      SOURCES.every(([n]) => bySource[n]?.views === expected[n].views && bySource[n]?.clicks === expected[n].clicks),
    'lifetime totals (view_page, click_count)': lifetime.view_page === total && lifetimeClicks === total,
  };
  exact = Object.values(checks).every(Boolean);
  console.log(`\n${total} views and ${total} clicks, ${concurrency} in flight`);
  console.log(
    `  views/s               ${views.perSecond.toFixed(0)}  (${views.seconds.toFixed(2)} s, ${views.failed} failed)`,
  );
  console.log(
    `  clicks/s              ${clicks.perSecond.toFixed(0)}  (${clicks.seconds.toFixed(2)} s, ${clicks.failed} failed)`,
  );
  console.log(`  in D1 after           ${flushed.toFixed(2)} s`);
  console.log(`  views, clicks         ${stats.totals.views}, ${stats.totals.clicks}`);
  console.log(`  per source            ${JSON.stringify(bySource)}`);
  for (const [name, ok] of Object.entries(checks)) console.log(`  ${ok ? 'exact   ' : 'MISMATCH'}  ${name}`);
} finally {
  await server.stop();
}
process.exitCode = exact ? 0 : 1;
