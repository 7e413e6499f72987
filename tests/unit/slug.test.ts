import { readdirSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isReservedSlug,
  isValidSlugFormat,
  sanitiseSlug,
  slugify,
  RESERVED_SLUGS,
  SLUG_MAX,
} from '../../src/core/slug';
import { slugProblem } from '../../src/core/page-validation';
import { API_PREFIX } from '../../src/core/api-paths';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)).map((p) => `${e.name}/${p}`) : [e.name],
  );
}

/** First path segments of the routes of every sub-app mounted at '/', read from the sources. */
function workerRootSegments(): string[] {
  const app = readFileSync(join(ROOT, 'worker/app.ts'), 'utf8');
  const segments = new Set<string>();
  const imports = new Map<string, string>();
  for (const m of app.matchAll(/import \{ (\w+) \} from '\.\/routes\/([\w/-]+)'/g)) imports.set(m[1]!, m[2]!);
  const files = new Set<string>(['../app']);
  // a prefix is spelled in place or named in API_PREFIX (src/core/api-paths.ts)
  const prefixes: Record<string, string> = API_PREFIX;
  for (const m of app.matchAll(/\.route\((?:'([^']*)'|API_PREFIX\.(\w+)),\s*(\w+)\)/g)) {
    const [, spelled, named, group] = m;
    const prefix = (spelled ?? prefixes[named!] ?? '').split('/').filter(Boolean)[0];
    if (prefix) segments.add(prefix);
    else if (imports.has(group!)) files.add(imports.get(group!)!);
  }
  // sub-apps mounted at '/' by another root sub-app (tracking mounts media)
  for (const name of [...files]) {
    const src = readFileSync(join(ROOT, 'worker/routes', `${name}.ts`), 'utf8');
    for (const m of src.matchAll(/import \{ (\w+) \} from '(\.\.?\/[\w/-]+)'/g)) {
      if (new RegExp(`\\.route\\('/',\\s*${m[1]}\\)`).test(src)) files.add(join(dirname(name), m[2]!));
    }
  }
  for (const name of files) {
    const src = readFileSync(join(ROOT, 'worker/routes', `${name}.ts`), 'utf8');
    const paths = [
      // a route's path starts with '/' (headers.get('cache-control') is no route)
      ...[...src.matchAll(/\.(?:get|post|put|patch|delete|all|on|use)\(\s*'(\/[^']*)'/g)].map((m) => m[1]!),
      ...[...src.matchAll(/^\s*'(\/[^']*)':/gm)].map((m) => m[1]!), // redirect tables
      // routes described for the OpenAPI document (createRoute, registerPath)
      ...[...src.matchAll(/\bpath:\s*'(\/[^']*)'/g)].map((m) => m[1]!),
    ];
    for (const p of paths) {
      const first = p.split('/').filter(Boolean)[0];
      if (first && !first.startsWith(':') && !first.startsWith('{') && first !== '*') segments.add(first);
    }
  }
  return [...segments];
}

describe('reserved slugs', () => {
  it('cover every src/pages screen', () => {
    const pages = walk(join(ROOT, 'src/pages')).map((p) => p.split('/')[0]!.replace(/\.(astro|md|mdx|ts|tsx|js)$/, ''));
    expect(pages.length).toBeGreaterThan(5);
    for (const p of pages) expect(isReservedSlug(p), p).toBe(true);
  });

  it('cover every Worker route prefix', () => {
    const segments = workerRootSegments();
    for (const s of ['api', 'auth', 'users', 'dati', 'proxy-image', 'robots.txt', 'sitemap.xml', 'embed.js']) {
      expect(segments, s).toContain(s);
    }
    for (const s of segments) expect(isReservedSlug(s), s).toBe(true);
  });

  it('cover every public/ entry and the build folder', () => {
    const entries = readdirSync(join(ROOT, 'public')).map((e) => e.replace(/\.[a-z0-9]+$/i, ''));
    for (const e of [...entries, '_astro', 'fonts', 'stores']) expect(isReservedSlug(e), e).toBe(true);
  });

  it('are all valid slugs themselves, so the check is reachable', () => {
    for (const s of RESERVED_SLUGS) expect(isValidSlugFormat(s), s).toBe(true);
    expect(slugProblem('home')).toBe('Lo slug "home" è riservato: scegline un altro');
    expect(slugProblem('tour2027')).toBeNull();
  });
});

describe('sanitiseSlug / slugify', () => {
  it('examples', () => {
    expect(sanitiseSlug('Le Vibrazioni — Tour 2027!')).toBe('levibrazionitour2027');
    expect(slugify('Città di Castello')).toBe('cittadicastello');
    expect(sanitiseSlug('ÀÉÎõü')).toBe('aeiou');
    expect(sanitiseSlug('../../etc')).toBe('etc');
    expect(sanitiseSlug('')).toBe('');
  });

  it('always gives lowercase letters and digits, idempotently, within the max length', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const out = sanitiseSlug(s);
        expect(out === '' || isValidSlugFormat(out)).toBe(true);
        expect(out.length).toBeLessThanOrEqual(SLUG_MAX);
        expect(sanitiseSlug(out)).toBe(out);
      }),
    );
  });

  it('slugProblem accepts exactly the sanitised, non-reserved, non-empty slugs', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const problem = slugProblem(s);
        const ok = s.trim() !== '' && sanitiseSlug(s) === s && !isReservedSlug(s);
        expect(problem === null).toBe(ok);
      }),
    );
  });
});
