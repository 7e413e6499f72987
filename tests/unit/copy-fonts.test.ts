import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { copyFonts } from '../../scripts/copy-fonts.mjs';
import { allFontFaces, fontFileName } from '../../src/core/fonts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('scripts/copy-fonts.mjs', () => {
  it('puts every offered face at its stable /fonts path, byte for byte', async () => {
    const { total } = (await copyFonts()) as { total: number };
    const faces = allFontFaces();
    expect(total).toBe(faces.length);
    const files = new Set(readdirSync(join(ROOT, 'public/fonts')));
    for (const { font, weight, style } of faces) {
      const name = fontFileName(font.id, weight, style);
      expect(files.has(name), name).toBe(true);
      const src = join(ROOT, 'node_modules/@fontsource', font.id, 'files', `${font.id}-latin-${weight}-${style}.woff2`);
      expect(existsSync(src)).toBe(true);
      expect(readFileSync(join(ROOT, 'public/fonts', name)).equals(readFileSync(src))).toBe(true);
    }
  });
});
