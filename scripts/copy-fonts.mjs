// Copies the offered font faces (src/core/fonts.ts) from the pinned @fontsource packages to
// stable paths public/fonts/{id}-{weight}-{style}.woff2 (latin subset). Published pages link
// these paths, so they must not change when a package renames its files. Runs before every
// site build through the integration in astro.config.mjs; `node scripts/copy-fonts.mjs` works too.
import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** @returns {Promise<{copied: number, total: number}>} */
export async function copyFonts(root = ROOT) {
  // fonts.ts is plain TypeScript with erasable types only: Node 22 and Vite both load it.
  const { allFontFaces, fontFileName } = await import(pathToFileURL(join(root, 'src/core/fonts.ts')).href);
  const out = join(root, 'public', 'fonts');
  mkdirSync(out, { recursive: true });
  let copied = 0;
  let total = 0;
  for (const { font, weight, style } of allFontFaces()) {
    const src = join(
      root,
      'node_modules',
      '@fontsource',
      font.id,
      'files',
      `${font.id}-latin-${weight}-${style}.woff2`,
    );
    if (!existsSync(src)) throw new Error(`copy-fonts: missing ${src} (npm install?)`);
    const dest = join(out, fontFileName(font.id, weight, style));
    total += 1;
    if (existsSync(dest) && statSync(dest).size === statSync(src).size) continue;
    copyFileSync(src, dest);
    copied += 1;
  }
  return { copied, total };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { copied, total } = await copyFonts();
  console.log(`copy-fonts: ${total} faces in public/fonts (${copied} copied)`);
}
