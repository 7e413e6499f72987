// Budget: a 10-event text page ≤ 14 KB gzip for HTML+CSS+JS together, ≤ 2.5 KB of JS, no
// render-blocking sub-request, nothing from another origin except the organiser's media URLs,
// no cookie. Measured twice: the plain page, and the same page during ticket drops (CTAs
// waiting for their on-sale instant, which adds the drops script and both states of each CTA;
// others with few tickets left; two presales, one open). Each page's embed (/{slug}/embed): ≤ 10 KB gzip with its 10
// events, its inline JS, no cookie; and the snippet's loader /embed.js ≤ 1 KB. Then the same page
// with a real photo as its header: the header bytes a phone and a desktop fetch (bench/photo-page.mjs).
// Usage: npx node bench/page-bytes.mjs
import { gzipSync } from 'node:zlib';
import { api, kb, startServer, tenEventPage, uniqueSlug } from './lib.mjs';
import { API_PREFIX } from '../src/core/api-paths.ts';
import { measurePhotoPage } from './photo-page.mjs';

/**
 * The 10-event page during ticket drops: every other date waits (two in their last day), one has
 * few left; two of the waiting dates have a presale, one open now, one opening in an hour.
 */
function dropsPage(slug) {
  const page = tenEventPage(slug);
  const at = (hours) => new Date(Math.ceil(Date.now() / 1000) * 1000 + hours * 3600_000).toISOString();
  const waits = [2, 5, 30, 72, 200];
  const presales = { 0: -1, 2: 1 };
  page.buttons = page.buttons.map((b, i) => ({
    ...b,
    cta_buttons: b.cta_buttons.map((c) => ({
      ...c,
      ...(i % 2 === 0 ? { on_sale_at: at(waits[i / 2]) } : {}),
      ...(i === 5 ? { availability: 'limited' } : {}),
    })),
    ...(i in presales
      ? { presale: { starts_at: at(presales[i]), url: 'https://presale.example/p', shared_code: 'BENCH' } }
      : {}),
  }));
  return page;
}

const server = await startServer();
let failed = false;
try {
  failed = (await measure('10-event page', uniqueSlug('bytes'), tenEventPage)) || failed;
  failed = (await measure('10-event page, ticket drops', `drops${Date.now().toString(36)}`, dropsPage)) || failed;
  failed = (await measurePhotoPage(server)) || failed;
} finally {
  await server.stop();
}
process.exitCode = failed ? 1 : 0;

/** Publishes the page, reads it as a visitor and prints its figures; answers whether a budget failed. */
async function measure(name, slug, make) {
  const payload = make(slug);
  await api(server.base, server.token, API_PREFIX.pages, { method: 'POST', json: payload });
  const res = await fetch(`${server.base}/${slug}`);
  const html = await res.text();
  const gz = gzipSync(Buffer.from(html), { level: 6 }).length;
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  const js = scripts.filter(([, attrs]) => !/type="application\/ld\+json"/i.test(attrs));
  const jsBytes = js.reduce((n, [, , body]) => n + Buffer.byteLength(body), 0);
  const jsonLdBytes = scripts
    .filter(([, attrs]) => /ld\+json/i.test(attrs))
    .reduce((n, [, , b]) => n + Buffer.byteLength(b), 0);
  const cssBytes = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].reduce(
    (n, [, b]) => n + Buffer.byteLength(b),
    0,
  );
  const externalScripts = js.filter(([, attrs]) => /\bsrc=/i.test(attrs)).length;
  const stylesheets = [...html.matchAll(/<link\b[^>]*rel="?stylesheet/gi)].length;
  const typed = new Set(payload.buttons.flatMap((b) => b.cta_buttons.map((c) => new URL(c.url).origin)));
  // sub-requests only: src=, <link href> (not canonical/alternate), CSS url(); links are not fetched
  const subrequests = [
    ...[...html.matchAll(/\ssrc=["']?([^"'\s>]+)/gi)].map((m) => m[1]),
    ...[...html.matchAll(/<link\b[^>]*>/gi)]
      .filter(([tag]) => !/rel=["']?(canonical|alternate)/i.test(tag))
      .map(([tag]) => /href=["']?([^"'\s>]+)/i.exec(tag)?.[1])
      .filter(Boolean),
    ...[...html.matchAll(/url\(\s*["']?([^"')]+)/gi)].map((m) => m[1]),
  ];
  const self = new Set([new URL(server.base).origin, new URL(server.base).origin.replace('127.0.0.1', 'localhost')]);
  const origins = new Set();
  for (const url of subrequests) {
    if (url.startsWith('data:')) continue;
    const origin = new URL(url, server.base).origin;
    if (!self.has(origin) && !typed.has(origin)) origins.add(origin);
  }
  const cookie = res.headers.get('set-cookie');
  // the figures include the 'Avvisami' sign-up block (on by default)
  const signup = html.includes(`action="/${slug}/fans"`);

  const rows = [
    ['HTML (all inline) raw', kb(Buffer.byteLength(html)), ''],
    ['HTML+CSS+JS gzip', kb(gz), gz <= 14 * 1024 ? 'ok ≤ 14 KB' : 'OVER 14 KB'],
    ['inline CSS raw', kb(cssBytes), ''],
    ['inline JS raw', `${jsBytes} B`, jsBytes <= 2560 ? 'ok ≤ 2.5 KB' : 'OVER 2.5 KB'],
    ['inline scripts (CTAs waiting)', `${js.length} (${(html.match(/class="dw" data-w="/g) ?? []).length})`, ''],
    [
      'presales shown (open)',
      `${(html.match(/class="pv"/g) ?? []).length / 2} (${(html.match(/class="pv">/g) ?? []).length / 2})`,
      '',
    ],
    ['JSON-LD raw (data, not JS)', kb(jsonLdBytes), ''],
    [
      'render-blocking sub-requests',
      String(externalScripts + stylesheets),
      externalScripts + stylesheets === 0 ? 'ok' : 'FAIL',
    ],
    [
      'sub-requests to other origins',
      origins.size ? [...origins].join(' ') : 'none',
      origins.size === 0 ? 'ok' : 'FAIL',
    ],
    ['Set-Cookie', cookie ?? 'none', cookie ? 'FAIL' : 'ok'],
    ["'Avvisami' block", signup ? 'present' : 'missing', signup ? 'ok' : 'FAIL'],
  ];
  console.log(`\n${name} /${slug} (status ${res.status})`);
  for (const [label, value, verdict] of rows) console.log(`  ${label.padEnd(40)} ${value.padStart(12)}  ${verdict}`);
  const pageFailed = rows.some(([, , v]) => /OVER|FAIL/.test(v)) || res.status !== 200;
  return (await measureEmbed(slug)) || pageFailed;
}

/** The embed of a page, and the snippet's loader: prints their figures; answers whether a budget failed. */
async function measureEmbed(slug) {
  const embedRes = await fetch(`${server.base}/${slug}/embed`);
  const embed = await embedRes.text();
  const embedGz = gzipSync(Buffer.from(embed), { level: 6 }).length;
  const embedJs = [...embed.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].reduce(
    (n, [, b]) => n + Buffer.byteLength(b),
    0,
  );
  const embedEvents = (embed.match(/<li class="e">/g) ?? []).length;
  const embedCookie = embedRes.headers.get('set-cookie');
  const loaderRes = await fetch(`${server.base}/embed.js`);
  const loader = Buffer.byteLength(await loaderRes.text());
  const embedRows = [
    ['embed events shown', String(embedEvents), embedEvents === 10 ? 'ok' : 'FAIL'],
    ['embed HTML raw', kb(Buffer.byteLength(embed)), ''],
    ['embed HTML+CSS+JS gzip', kb(embedGz), embedGz <= 10 * 1024 ? 'ok ≤ 10 KB' : 'OVER 10 KB'],
    ['embed inline JS raw', `${embedJs} B`, embedJs <= 2560 ? 'ok ≤ 2.5 KB' : 'OVER 2.5 KB'],
    ['embed Set-Cookie', embedCookie ?? 'none', embedCookie ? 'FAIL' : 'ok'],
    ['/embed.js raw', `${loader} B`, loader <= 1024 ? 'ok ≤ 1 KB' : 'OVER 1 KB'],
  ];
  console.log(`  its embed /${slug}/embed (status ${embedRes.status}) and /embed.js (status ${loaderRes.status})`);
  for (const [name, value, verdict] of embedRows) console.log(`  ${name.padEnd(40)} ${value.padStart(12)}  ${verdict}`);
  return embedRows.some(([, , v]) => /OVER|FAIL/.test(v)) || embedRes.status !== 200 || loaderRes.status !== 200;
}
