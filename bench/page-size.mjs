// Prints the weight of a published 10-event text page (issue 4 budget): HTML + inline CSS + inline
// JS together ≤ 14 KB gzip, JS ≤ 1.5 KB. Fonts and media are separate, non-blocking requests.
// Usage: npx node bench/page-size.mjs   (exit code 1 when over budget)
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { mkdtempSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
// Inside the project so the bundle's externals (react, react-dom, zod) resolve from node_modules.
const dir = mkdtempSync(join(ROOT, 'node_modules', '.palco-bench-'));
const out = join(dir, 'render.mjs');
await build({
  entryPoints: [join(ROOT, 'src/landing/render.ts')],
  bundle: true,
  format: 'esm',
  platform: 'node',
  outfile: out,
  jsx: 'automatic',
  logLevel: 'error',
  external: ['react', 'react-dom', 'zod'],
});
let mod;
try {
  mod = await import(pathToFileURL(out).href);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const cities = ['Milano', 'Roma', 'Bologna', 'Torino', 'Firenze', 'Napoli', 'Bari', 'Padova', 'Verona', 'Genova'];
const venues = ['Alcatraz', 'Atlantico', 'Estragon', 'Hiroshima Mon Amour', 'Tuscany Hall', 'Casa della Musica', 'Demodè Club', 'Gran Teatro Geox', 'Teatro Romano', 'Politeama Genovese'];
const buttons = cities.map((city, i) => ({
  id: 100 + i,
  position: i + 1,
  type: 'text',
  text: `${10 + i} marzo 2027 - ${city} - ${venues[i]}|biglietti`,
  image_path: null,
  url: `https://www.ticketone.it/artist/i-nomadi-elettrici/${city.toLowerCase()}-2027-${1000 + i}/`,
  cta_buttons:
    i === 3
      ? [{ url: '', buttonText: 'soldout' }]
      : [
          { url: `https://www.ticketone.it/artist/i-nomadi-elettrici/${city.toLowerCase()}-2027-${1000 + i}/`, buttonText: 'biglietti' },
          ...(i % 3 === 0 ? [{ url: `https://www.vivaticket.com/it/ticket/vip/${2000 + i}`, buttonText: 'VIP package' }] : []),
        ],
}));
const page = {
  title: 'I Nomadi Elettrici',
  display_title: 'I Nomadi Elettrici – Tour 2027',
  header: '/dati/nomadi/nomadi.v3.jpg',
  mode: 'text',
  style: 'light',
  custom_styles: null,
  buttons,
};
const doc = mod.renderLanding(page, {
  slug: 'nomadi',
  origin: 'https://palco.example',
  links: { provider: '/about', terms: '/terms', privacy: '/privacy' },
});
const gz = (s) => gzipSync(Buffer.from(s), { level: 9 }).length;
const bytes = (s) => Buffer.byteLength(s);
const css = doc.styles.join('');
const js = doc.scripts.join('');
const total = doc.html;
const rows = [
  ['document (HTML+CSS+JS)', bytes(total), gz(total)],
  ['  inline CSS', bytes(css), gz(css)],
  ['  inline JS', bytes(js), gz(js)],
];
console.log('10-event text page, light style');
for (const [name, raw, z] of rows) console.log(`${name.padEnd(26)} ${String(raw).padStart(7)} B raw  ${String(z).padStart(6)} B gzip`);
const BUDGET_TOTAL = 14 * 1024;
const BUDGET_JS = 1536;
const okTotal = gz(total) <= BUDGET_TOTAL;
const okJs = bytes(js) <= BUDGET_JS;
console.log(`budget: total ≤ ${BUDGET_TOTAL} B gzip → ${okTotal ? 'OK' : 'OVER'}; JS ≤ ${BUDGET_JS} B (raw, minified) → ${okJs ? 'OK' : 'OVER'}`);
console.log('sub-requests: header image (fetchpriority high), 3 woff2 faces (font-display: swap); none render-blocking, none cross-origin');
if (!okTotal || !okJs) process.exitCode = 1;
