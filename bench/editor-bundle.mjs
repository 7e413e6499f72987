// Prints the editor island's initial JS: the island chunk plus everything it imports statically
// (transitively), gzip-compressed, from a built dist/_astro. Lazy chunks (preview, dnd, sidebar,
// extras) are listed apart: they are not part of first paint.
//   node bench/editor-bundle.mjs [distDir]     (default: dist)
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? 'dist';
const astroDir = join(dist, '_astro');
const html = readFileSync(join(dist, 'admin.html'), 'utf8');
const island = html.match(/component-url="\/_astro\/(Editor\.[^"]+\.js)"/)?.[1];
const renderer = html.match(/renderer-url="\/_astro\/([^"]+\.js)"/)?.[1];
if (!island) throw new Error(`no Editor island in ${dist}/admin.html`);

const gz = (file) => gzipSync(readFileSync(join(astroDir, file))).length;
const STATIC_RE = /(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["'`]\.\/([^"'`]+\.js)["'`]/g;
const DYNAMIC_RE = /import\(\s*["'`]\.\/([^"'`]+\.js)["'`]/g;

function walk(entries) {
  const seen = new Set();
  const lazy = new Set();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(astroDir, file), 'utf8');
    for (const m of code.matchAll(STATIC_RE)) queue.push(m[1]);
    for (const m of code.matchAll(DYNAMIC_RE)) lazy.add(m[1]);
  }
  return { seen, lazy };
}

const { seen, lazy } = walk([island, ...(renderer ? [renderer] : [])]);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const rows = [...seen].map((f) => [f, gz(f)]).sort((a, b) => b[1] - a[1]);
const total = rows.reduce((s, [, n]) => s + n, 0);
const rendererOnly = renderer ? walk([renderer]).seen : new Set();
const islandOnly = rows.filter(([f]) => !rendererOnly.has(f)).reduce((s, [, n]) => s + n, 0);
console.log(`editor island initial JS (gzip), from ${astroDir}`);
for (const [f, n] of rows) console.log(`  ${kb(n).padStart(9)}  ${f}`);
console.log(`total with React renderer: ${kb(total)}`);
console.log(`editor island without the shared React renderer: ${kb(islandOnly)}`);
const lazyOnly = [...lazy].filter((f) => !seen.has(f) && readdirSync(astroDir).includes(f));
if (lazyOnly.length) {
  console.log('lazy chunks (not in first paint):');
  for (const f of lazyOnly.sort()) console.log(`  ${kb(gz(f)).padStart(9)}  ${f}`);
}
