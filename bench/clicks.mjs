// 5,000 clicks at concurrency 50 on one button → click_count must be exactly 5,000; prints clicks/s.
// Usage: npx node bench/clicks.mjs [total=5000] [concurrency=50]
import { api, startServer, tenEventPage, uniqueSlug, loop } from './lib.mjs';

const total = Number(process.argv[2] ?? 5000);
const concurrency = Number(process.argv[3] ?? 50);
const server = await startServer();
let exact = false;
try {
  const slug = uniqueSlug('clicks');
  const page = await api(server.base, server.token, '/api/db/landing-pages', {
    method: 'POST',
    json: tenEventPage(slug),
  });
  const id = page.buttons[0].id;
  const result = await loop({
    concurrency,
    total,
    task: async () => {
      const res = await fetch(`${server.base}/api/db/landing-pages/${slug}/buttons/${id}/click`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      await res.arrayBuffer();
      return res.status === 200 || `status ${res.status}`;
    },
  });
  const after = await api(server.base, server.token, `/api/db/landing-pages/${slug}`);
  const count = after.buttons.find((b) => b.id === id).click_count;
  exact = count === total && result.failed === 0;
  console.log(`\n${total} clicks, ${concurrency} in flight`);
  console.log(
    `  answered 200          ${result.ok}  (failed ${result.failed}${result.failed ? ` ${JSON.stringify(result.reasons)}` : ''})`,
  );
  console.log(`  click_count in D1     ${count}  ${exact ? 'exact' : 'MISMATCH'}`);
  console.log(`  clicks/s              ${result.perSecond.toFixed(0)}  (${result.seconds.toFixed(2)} s)`);
} finally {
  await server.stop();
}
process.exitCode = exact ? 0 : 1;
