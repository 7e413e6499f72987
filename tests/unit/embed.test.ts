// The embed's pieces that run in the browser or are pasted into other sites: the loader, the
// snippets, and the editor's preview document (docs/behaviour.md#embedding-the-dates).
import { describe, expect, it } from 'vitest';
import { embedFrameSnippet, embedScriptSnippet } from '../../src/core/embed';
import { contentSecurityPolicy, renderEmbed, renderEmbedPreview } from '../../src/landing/render';
import { EMBED_SCRIPT, embedLoader } from '../../src/landing/script';
import { inlineScripts, scriptHash } from '../../scripts/site-headers.mjs';
import { tourPage } from './landing-fixtures';

const OPTS = { slug: 'tour', origin: 'https://palco.test' };

describe('the loader and the snippets', () => {
  it('/embed.js is one valid script under 1 KB that checks who sends a height', () => {
    const js = embedLoader();
    expect(new TextEncoder().encode(js).byteLength).toBeLessThanOrEqual(1024);
    expect(() => new Function(js)).not.toThrow();
    expect(js).toContain('e.origin!==o');
    expect(js).toContain('e.source!==f.contentWindow');
    // sizes through the CSSOM: a style attribute would break under a strict style-src
    expect(js).not.toContain('setAttribute("style"');
  });

  it('the snippets name the origin and the slug, and escape what could break the attribute', () => {
    expect(embedScriptSnippet('https://palco.test', 'tour')).toBe(
      '<script src="https://palco.test/embed.js" data-palco="tour" async></script>',
    );
    const frame = embedFrameSnippet('https://palco.test', 'tour');
    expect(frame).toContain('src="https://palco.test/tour/embed"');
    expect(frame).toContain('title="Date del tour su Palco"');
    expect(frame).toContain('loading="lazy"');
    expect(embedScriptSnippet('https://x"><b', 'tour')).not.toContain('"><b');
  });
});

describe('the embed document', () => {
  it('shows the upcoming events only, each link in a new tab, with its own script and a framable policy', async () => {
    const doc = renderEmbed(tourPage(3), OPTS);
    expect(doc.html.match(/<li class="e">/g)).toHaveLength(3);
    const links = doc.html.match(/<a [^>]*href=[^>]*>/g) ?? [];
    expect(links.length).toBeGreaterThan(6);
    for (const link of links) expect(link).toContain('target="_blank"');
    expect(inlineScripts(doc.html)).toEqual([EMBED_SCRIPT]);
    const csp = await contentSecurityPolicy(doc, { anyAncestor: true });
    expect(csp).toContain('frame-ancestors *');
    expect(csp).toContain(`script-src ${scriptHash(EMBED_SCRIPT)}`);
  });

  it('the empty state names no page and keeps the script that fits the frame', () => {
    const doc = renderEmbed(null, OPTS);
    expect(doc.html).toContain('Date non disponibili.');
    expect(doc.html).not.toContain('tour');
    expect(inlineScripts(doc.html)).toEqual([EMBED_SCRIPT]);
  });

  it("the editor's preview is inert and carries the embed's policy in a <meta>, without frame-ancestors", async () => {
    const html = await renderEmbedPreview(tourPage(2), OPTS);
    expect(html).not.toMatch(/<a [^>]*href=/);
    expect(html).not.toContain('data-c=');
    const at = html.indexOf('http-equiv="Content-Security-Policy"');
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(html.indexOf('<style'));
    expect(html).not.toContain('frame-ancestors');
  });
});
