// /{slug} requests per second beside /api/test on the same wrangler dev, as a ratio (a published
// page should cost about as much as the Worker's cheapest answer: no D1 on its path, its view
// counted in the isolate's buffer and sent to the queue in batches). The two are measured in
// alternating rounds, so a busy machine weighs on both alike.
// Usage: npx node bench/throughput.mjs [seconds per round=3] [concurrency=20] [rounds=4]
import { api, startServer, tenEventPage, uniqueSlug, loop } from './lib.mjs';
import { API_PREFIX } from '../src/core/api-paths.ts';

const seconds = Number(process.argv[2] ?? 3);
const concurrency = Number(process.argv[3] ?? 20);
const rounds = Number(process.argv[4] ?? 4);
const server = await startServer();
try {
  const slug = uniqueSlug('rps');
  await api(server.base, server.token, API_PREFIX.pages, { method: 'POST', json: tenEventPage(slug) });
  const hit =
    (path, method = 'GET') =>
    async () => {
      const res = await fetch(`${server.base}${path}`, { method });
      await res.arrayBuffer();
      return res.status === 200 || `status ${res.status}`;
    };
  // warm both paths (first render, cache fill, JIT)
  await loop({ concurrency: 4, total: 200, task: hit(`/${slug}`) });
  await loop({ concurrency: 4, total: 200, task: hit('/api/test') });
  // a static file of about the page's compressed size, served by the asset server alone: how
  // much the bytes of a body cost on this server, whatever answers them
  const STATIC = '/about';
  await loop({ concurrency: 4, total: 100, task: hit(STATIC) });
  const sum = { page: 0, test: 0, head: 0, static: 0, failed: 0 };
  for (let i = 0; i < rounds; i++) {
    for (const [key, task] of [
      ['test', hit('/api/test')],
      ['page', hit(`/${slug}`)],
      ['head', hit(`/${slug}`, 'HEAD')],
      ['static', hit(STATIC)],
    ]) {
      const r = await loop({ concurrency, ms: seconds * 1000, task });
      sum[key] += r.perSecond / rounds;
      sum.failed += r.failed;
    }
  }
  const counted = await api(server.base, server.token, `${API_PREFIX.pages}/${slug}`);
  console.log(`\nwrangler dev, ${concurrency} in flight, ${rounds} alternating rounds of ${seconds}s`);
  console.log(`  GET /${slug.padEnd(16)} ${sum.page.toFixed(0).padStart(7)} req/s  (view counted)`);
  console.log(`  GET /api/test${' '.repeat(8)} ${sum.test.toFixed(0).padStart(7)} req/s`);
  console.log(`  HEAD /${slug.padEnd(15)} ${sum.head.toFixed(0).padStart(7)} req/s  (no view counted)`);
  console.log(
    `  GET ${STATIC} (static)${' '.repeat(6)} ${sum.static.toFixed(0).padStart(7)} req/s  (a file of about the page's size)`,
  );
  console.log(`  failed requests           ${sum.failed}`);
  console.log(`  ratio page / api-test     ${(sum.page / sum.test).toFixed(2)}   (target ≥ 0.90)`);
  console.log(`  ratio HEAD / api-test     ${(sum.head / sum.test).toFixed(2)}`);
  console.log(`  ratio static / api-test   ${(sum.static / sum.test).toFixed(2)}`);
  console.log(`  views in D1 so far        ${counted.view_page}  (the queue writes them within seconds)`);
} finally {
  await server.stop();
}
