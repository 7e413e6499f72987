import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeLinkUrl, isSafeMediaRef, publicHref, trackUrl, urlScheme } from '../../src/core/urls';

describe('link URLs', () => {
  it.each([
    ['https://www.ticketone.it/x', true, 'https://www.ticketone.it/x'],
    ['http://example.com', true, 'http://example.com'],
    ['HTTPS://EXAMPLE.COM', true, 'HTTPS://EXAMPLE.COM'],
    ['example.com/x', true, '//example.com/x'],
    ['www.example.com:8080/x', true, '//www.example.com:8080/x'],
    ['localhost:3000', true, '//localhost:3000'],
    ['//cdn.example.com/a', true, '//cdn.example.com/a'],
    ['', true, ''],
    ['   ', true, ''],
    ['javascript:alert(1)', false, ''],
    ['JavaScript:alert(1)', false, ''],
    ['javascript:1', false, ''],
    [' javascript:alert(1)', false, ''],
    ['java\tscript:alert(1)', false, ''],
    ['java\nscript:alert(1)', false, ''],
    ['data:text/html,<script>alert(1)</script>', false, ''],
    ['vbscript:msgbox(1)', false, ''],
    ['file:///etc/passwd', false, ''],
    ['mailto:a@b.c', false, ''],
    ['/relative/path', false, ''],
    ['\\\\evil.com', false, ''],
  ])('%j → safe %s, href %j', (url, safe, href) => {
    expect(isSafeLinkUrl(url)).toBe(safe);
    expect(publicHref(url)).toBe(href);
  });

  it('publicHref never yields a dangerous scheme (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const href = publicHref(s);
        if (href === '') return;
        expect(href.startsWith('//') || /^https?:/i.test(href)).toBe(true);
        // no control character and no space anywhere in the link
        expect([...href].some((c) => c.charCodeAt(0) <= 0x20)).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });

  it('dangerous schemes with any case and padding are refused (property)', () => {
    const scheme = fc.constantFrom('javascript', 'data', 'vbscript', 'file', 'blob');
    fc.assert(
      fc.property(scheme, fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }), fc.string(), (s, caps, rest) => {
        const mixed = [...s].map((ch, i) => (caps[i % caps.length] ? ch.toUpperCase() : ch)).join('');
        expect(isSafeLinkUrl(`${mixed}:${rest}`)).toBe(false);
      }),
    );
  });

  it('urlScheme tells ports from schemes', () => {
    expect(urlScheme('example.com:80')).toBeNull();
    expect(urlScheme('https://x')).toBe('https');
    expect(urlScheme('tel:123')).toBe('tel');
  });
});

describe('media refs', () => {
  it.each([
    ['/dati/tour/tour.abc.jpg', true],
    ['/stores/spotify.svg', true],
    ['/demo/header.webp', true],
    ['https://cdn.example.com/a.jpg', true],
    ['/dati/../etc/passwd', false],
    ['/other/x.jpg', false],
    ['javascript:alert(1)', false],
    ['data:image/png;base64,AAA', false],
    ['example.com/a.jpg', false],
    ['/dati/a/"onerror="x.jpg', false],
    ['', false],
  ])('%s → %s', (ref, ok) => {
    expect(isSafeMediaRef(ref)).toBe(ok);
  });
});

describe('trackUrl', () => {
  it('adds utm parameters to the ticket hosts only', () => {
    expect(trackUrl('https://www.ticketone.it/a?x=1', 'tour').tracked_url).toBe(
      'https://www.ticketone.it/a?x=1&utm_source=palco&utm_medium=landing&utm_campaign=tour',
    );
    expect(trackUrl('https://shop.ticketone.it/a', 'tour').tracked_url).toBe('https://shop.ticketone.it/a');
    expect(trackUrl('https://example.com', 'tour')).toEqual({ success: true, tracked_url: 'https://example.com' });
    expect(trackUrl('javascript:x', 'tour').success).toBe(false);
  });
});
