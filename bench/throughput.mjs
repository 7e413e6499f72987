// /{slug} requests per second beside /api/test on the same wrangler dev, as a ratio (a published
// page should cost about as much as the Worker's cheapest answer: Cache API or R2, never D1).
// Usage: npx node bench/throughput.mjs [seconds=5] [concurrency=20]
import { api, startServer, tenEventPage, uniqueSlug, loop } from './lib.mjs';

const seconds = Number(process.argv[2] ?? 5);
const concurrency = Number(process.argv[3] ?? 20);
const server = await startServer();
try {
  const slug = uniqueSlug('rps');
  await api(server.base, server.token, '/api/db/landing-pages', { method: 'POST', json: tenEventPage(slug) });
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
  const page = await loop({ concurrency, ms: seconds * 1000, task: hit(`/${slug}`) });
  const test = await loop({ concurrency, ms: seconds * 1000, task: hit('/api/test') });
  // HEAD is served the same way but counts no view: the difference is the D1 view counter
  const head = await loop({ concurrency, ms: seconds * 1000, task: hit(`/${slug}`, 'HEAD') });
  console.log(`\nwrangler dev, ${concurrency} in flight, ${seconds}s each`);
  console.log(
    `  /${slug.padEnd(20)} ${page.perSecond.toFixed(0).padStart(7)} req/s  (${page.ok} ok, ${page.failed} failed${page.failed ? ` ${JSON.stringify(page.reasons)}` : ''})`,
  );
  console.log(
    `  /api/test${' '.repeat(13)} ${test.perSecond.toFixed(0).padStart(7)} req/s  (${test.ok} ok, ${test.failed} failed${test.failed ? ` ${JSON.stringify(test.reasons)}` : ''})`,
  );
  console.log(`  HEAD /${slug.padEnd(15)} ${head.perSecond.toFixed(0).padStart(7)} req/s  (no view counted)`);
  console.log(`  ratio page / api-test     ${(page.perSecond / test.perSecond).toFixed(2)}`);
  console.log(`  ratio HEAD / api-test     ${(head.perSecond / test.perSecond).toFixed(2)}`);
} finally {
  await server.stop();
}
