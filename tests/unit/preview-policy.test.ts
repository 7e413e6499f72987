// The editor preview carries the published page's policy in a <meta>, and the site's _headers
// (scripts/site-headers.mjs) allow the preview's inline script, which its srcdoc iframe inherits.
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, renderLanding, renderPreviewDocument } from '../../src/landing/render';
import { LANDING_SCRIPT } from '../../src/landing/script';
import { headersFile, inlineScripts, scriptHash, siteCsp } from '../../scripts/site-headers.mjs';
import { LINKS, tourPage } from './landing-fixtures';

const OPTS = { slug: 'tour', origin: 'https://palco.test', links: LINKS };

function metaPolicy(html: string): string | null {
  return (
    /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1]?.replaceAll('&#x27;', "'") ?? null
  );
}

describe('the preview document confines its own scripts', () => {
  it('has the published policy in a <meta> before every style and script, without frame-ancestors', async () => {
    const html = await renderPreviewDocument(tourPage(3), OPTS);
    const policy = metaPolicy(html);
    expect(policy).not.toBeNull();
    const published = await contentSecurityPolicy(renderLanding(tourPage(3), { ...OPTS, preview: true }));
    expect(policy).toContain(/script-src [^;]+/.exec(published)![0]);
    expect(policy).toContain(/style-src [^;]+/.exec(published)![0]);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("img-src 'self' https: blob:");
    expect(policy).toContain("media-src 'self' https: blob:");
    expect(policy).not.toContain('frame-ancestors');
    expect(policy).not.toContain('unsafe');
    const at = html.indexOf('http-equiv="Content-Security-Policy"');
    expect(at).toBeLessThan(html.indexOf('<style'));
    expect(at).toBeLessThan(html.indexOf('<script'));
  });

  it('the published page keeps its header policy (framed by no one, no blob:)', async () => {
    const published = await contentSecurityPolicy(renderLanding(tourPage(1), OPTS));
    expect(published).toContain("frame-ancestors 'none'");
    expect(published).not.toContain('blob:');
    expect(renderLanding(tourPage(1), OPTS).html).not.toContain('http-equiv="Content-Security-Policy"');
  });
});

describe('the site policy written into _headers', () => {
  it('hashes executable inline scripts only, as the browser does', () => {
    const html =
      '<script>a()</script><script type="module">b()</script><script src="/x.js"></script>' +
      '<script type="application/ld+json">{"x":1}</script><script>c()\r\n</script>';
    expect(inlineScripts(html)).toEqual(['a()', 'b()', 'c()\r\n']);
    expect(scriptHash('c()\r\n')).toBe(scriptHash('c()\n'));
  });

  it('refuses a page a strict policy would silently break', () => {
    expect(() => inlineScripts('<button onclick="x()">')).toThrow(/inline event handler/);
    expect(() => inlineScripts('<a href="javascript:void 0">')).toThrow(/javascript:/);
  });

  it('allows the preview script and nothing inline beyond the hashed scripts', () => {
    const csp: string = siteCsp(new Set([scriptHash(LANDING_SCRIPT)]));
    const scriptSrc = /script-src ([^;]+)/.exec(csp)![1]!;
    expect(scriptSrc).toContain(scriptHash(LANDING_SCRIPT));
    expect(scriptSrc).not.toMatch(/unsafe/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    const file: string = headersFile(csp);
    expect(file.split('\n')[0]).toBe('/*');
    expect(file).toContain('strict-transport-security: max-age=63072000; includeSubDomains');
    expect(file).toContain('x-content-type-options: nosniff');
    expect(file).toContain('referrer-policy: strict-origin-when-cross-origin');
    expect(file).toContain('x-frame-options: DENY');
  });
});
