// The site's security headers, written after every build as {outDir}/_headers. Workers static
// assets apply that file to every file they serve, also when the Worker fetches one through
// env.ASSETS (the guarded /admin/* and /user/* screens, the 404 page).
//
// The Content-Security-Policy allows scripts only from our origin plus the inline scripts the
// build emitted (Astro's island loader and hydration directives), each by its sha256 hash, and the
// editor preview's inline script: the preview is an iframe srcdoc, and a srcdoc document inherits
// the policy of the page that embeds it. No 'unsafe-inline' and no 'unsafe-eval' for scripts.
// Styles keep 'unsafe-inline': React renders style attributes, the toaster injects a <style>
// element and the preview carries the page's own generated <style>.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
// erasable types only: Vite (astro.config.mjs) and Node 22's type stripping both load it
import { SITE_PAGE_HEADERS } from '../src/core/security-headers.ts';

/** The sha256 CSP source of a script body, as a browser computes it (newlines normalised). */
export function scriptHash(body) {
  const text = body.replace(/\r\n?/g, '\n');
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** script types a browser executes (and so checks against script-src); JSON-LD is data. */
function isExecutable(attrs) {
  const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
  return (
    !type || type === 'module' || type === 'importmap' || /^(text|application)\/(x-)?(java|ecma)script$/.test(type)
  );
}

/**
 * The inline executable scripts of one HTML document. Throws on what a strict policy would
 * silently block: inline event handler attributes and javascript: URLs.
 */
export function inlineScripts(html, file = 'page') {
  const handler = /<[a-z][^>]*\son[a-z]+\s*=/i.exec(html.replace(/<script\b[\s\S]*?<\/script>/gi, ''));
  if (handler)
    throw new Error(`${file}: inline event handler (${handler[0].slice(0, 60)}…) would be blocked by the CSP`);
  if (/(href|src|action)\s*=\s*["']?\s*javascript:/i.test(html))
    throw new Error(`${file}: javascript: URL would be blocked by the CSP`);
  const bodies = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = m[1] ?? '';
    if (/\ssrc\s*=/i.test(attrs) || !isExecutable(attrs)) continue;
    bodies.push(m[2] ?? '');
  }
  return bodies;
}

function htmlFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name));
}

/** The site's policy for a set of script hashes. */
export function siteCsp(hashes) {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...hashes].sort().join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    // organisers show headers and images from their own https URLs, and files not yet uploaded
    // (blob:) in the editor and its preview
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The _headers file: one rule for every path, so no two rules ever stack two policies. */
export function headersFile(csp) {
  const lines = ['/*', `  Content-Security-Policy: ${csp}`];
  for (const [name, value] of Object.entries(SITE_PAGE_HEADERS)) lines.push(`  ${name}: ${value}`);
  return `${lines.join('\n')}\n`;
}

/**
 * Hashes every inline script of the built pages plus `extraScripts`, and writes {outDir}/_headers.
 * Returns the policy written.
 */
export function writeSiteHeaders(outDir, extraScripts = []) {
  const hashes = new Set(extraScripts.map(scriptHash));
  for (const file of htmlFiles(outDir)) {
    for (const body of inlineScripts(readFileSync(file, 'utf8'), file)) hashes.add(scriptHash(body));
  }
  const csp = siteCsp(hashes);
  writeFileSync(join(outDir, '_headers'), headersFile(csp));
  return csp;
}
