import { describe, expect, it } from 'vitest';
import {
  addDays,
  classifySource,
  countryCode,
  daysApart,
  daysBetween,
  monthsBefore,
  deviceClass,
  isBot,
  isPrefetch,
  romeBucket,
  utmSource,
} from '../../src/core/traffic';
import { COUNTRY_CODES } from '../../src/core/countries';

describe('classifySource', () => {
  it.each([
    ['qr', null, 'qr'],
    ['  Newsletter ', 'https://l.instagram.com/', 'newsletter'],
    ['', 'https://l.instagram.com/', 'instagram'],
    [null, 'https://www.instagram.com/p/x', 'instagram'],
    [null, 'https://lm.facebook.com/', 'facebook'],
    [null, 'https://m.facebook.com/', 'facebook'],
    [null, 'https://www.tiktok.com/', 'tiktok'],
    [null, 'https://web.whatsapp.com/', 'whatsapp'],
    [null, 'https://t.me/canale', 'telegram'],
    [null, 'https://m.youtube.com/watch', 'youtube'],
    [null, 'https://www.google.it/', 'google'],
    [null, 'https://www.google.co.uk/', 'google'],
    [null, 'https://t.co/abc', 'x'],
    [null, 'https://x.com/', 'x'],
    [null, 'https://linktr.ee/band', 'linktree'],
    [null, 'https://notinstagram.com/', 'other'],
    [null, 'https://instagram.com.evil.example/', 'other'],
    [null, 'https://googleusercontent.com/', 'other'],
    [null, 'android-app://com.google.android.gm/', 'direct'],
    [null, 'not a url', 'direct'],
    [null, '', 'direct'],
    [null, null, 'direct'],
  ])('utm %j, referrer %j → %s', (utm, referrer, expected) => {
    expect(classifySource(utm, referrer)).toBe(expected);
  });

  it('a referrer on the page’s own host is direct', () => {
    expect(classifySource(null, 'https://palco.example/altra', 'palco.example')).toBe('direct');
  });

  it('utm_source is lower-cased, stripped of control characters and cut to 40 characters', () => {
    expect(utmSource('A'.repeat(50))).toBe('a'.repeat(40));
    expect(utmSource('Mail\u0000ing\n')).toBe('mailing');
    expect(utmSource('   ')).toBeNull();
  });

  it.each([
    ['Summer Promo 2099', 'summer-promo-2099'],
    ['Università – Bocconi', 'universita-bocconi'],
    ['ｆａｃｅｂｏｏｋ', 'facebook'],
    ['𝐐𝐑', 'qr'],
    ['in\u200bsta\u200dgram\u00ad', 'instagram'],
    ['\u2066\u202eevil\u202c\u2069', 'evil'],
    ['\ufeffnews\u2060letter\u180e', 'newsletter'],
    ['a - b -- c', 'a-b-c'],
    ['...x_', 'x'],
    ['m.facebook.com', 'm.facebook.com'],
    ['tour🎸2099', 'tour-2099'],
    ['🎸'.repeat(30), null],
    ['\u200b\u200b', null],
    ['--..__', null],
  ])('utm_source %j is recorded as %j: lower-case [a-z0-9._-] only', (value, expected) => {
    expect(utmSource(value)).toBe(expected);
  });

  it('an emoji-heavy utm_source is cut to 40 characters of [a-z0-9._-], never inside a character', () => {
    const value = `${'x'.repeat(39)}🎸y${'👩‍🎤'.repeat(50)}`;
    const source = utmSource(value)!;
    expect(source).toBe('x'.repeat(39));
    expect(source).toMatch(/^[a-z0-9._-]{1,40}$/);
    for (let i = 0; i < 200; i++) {
      const random = Array.from({ length: 60 }, () => String.fromCodePoint(Math.floor(Math.random() * 0x1ffff))).join(
        '',
      );
      const out = utmSource(random);
      if (out !== null) expect(out, JSON.stringify(random)).toMatch(/^[a-z0-9]([a-z0-9._-]{0,38}[a-z0-9])?$/);
    }
  });

  it('a utm_source with nothing left falls back to the referrer, else direct; the named sources and qr stay', () => {
    expect(classifySource('🎸🎸', 'https://l.instagram.com/')).toBe('instagram');
    expect(classifySource('\u200b', null)).toBe('direct');
    expect(classifySource('QR', null)).toBe('qr');
    expect(classifySource(' Instagram ', null)).toBe('instagram');
  });
});

describe('deviceClass, isBot, isPrefetch, countryCode', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Mobile/15E148 Safari/604.1', 'mobile'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131.0 Mobile Safari/537.36', 'mobile'],
    ['Mozilla/5.0 (Linux; Android 14; SM-X910) Chrome/131.0 Safari/537.36', 'tablet'],
    ['Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) Mobile/15E148', 'tablet'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36', 'desktop'],
    ['', 'desktop'],
  ])('%s → %s', (ua, device) => {
    expect(deviceClass(ua)).toBe(device);
  });

  it('the mobile client hint makes a phone without a telling User-Agent mobile', () => {
    expect(deviceClass('Mozilla/5.0 (Linux) Chrome/131.0', '?1')).toBe('mobile');
  });

  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0)',
    'facebookexternalhit/1.1',
    'WhatsApp/2.24.1.6 A',
    'TelegramBot (like TwitterBot)',
    'Slackbot-LinkExpanding 1.0',
    'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/131.0 Safari/537.36',
    'Mozilla/5.0 Chrome-Lighthouse',
    'curl/8.5.0',
    'python-requests/2.32',
  ])('a bot: %s', (ua) => {
    expect(isBot(ua)).toBe(true);
  });

  it.each([
    'Mozilla/5.0 (iPhone) Mobile/15E148 Instagram 350.0',
    'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36 Telegram-Android/11.5',
    'Mozilla/5.0 (iPhone) Mobile/15E148 [FBAN/FBIOS;FBAV/480.0]',
    '',
  ])('a person: %s', (ua) => {
    expect(isBot(ua)).toBe(false);
  });

  it('prefetch and prerender are speculative loads', () => {
    expect(isPrefetch(new Headers({ 'sec-purpose': 'prefetch' }))).toBe(true);
    expect(isPrefetch(new Headers({ 'sec-purpose': 'prefetch;prerender' }))).toBe(true);
    expect(isPrefetch(new Headers({ purpose: 'prefetch' }))).toBe(true);
    expect(isPrefetch(new Headers({ 'x-moz': 'prefetch' }))).toBe(true);
    expect(isPrefetch(new Headers({}))).toBe(false);
  });

  it.each([
    ['IT', 'IT'],
    ['de', 'DE'],
    ['T1', 'XX'],
    ['XX', 'XX'],
    ['ITA', 'XX'],
    ['', 'XX'],
    [null, 'XX'],
    [' fr ', 'FR'],
    ['XK', 'XK'],
    ['EU', 'XX'],
    ['AP', 'XX'],
    ['ZZ', 'XX'],
    ['QQ', 'XX'],
    ['UK', 'XX'],
    ['A1', 'XX'],
    ['I\u0307T', 'XX'],
  ])('country %j → %s', (value, code) => {
    expect(countryCode(value)).toBe(code);
  });

  it('a country is one of the 249 ISO 3166-1 alpha-2 codes (or XK), else XX: at most 251 countries', () => {
    const seen = new Set<string>();
    for (let a = 0; a < 36; a++) {
      for (let b = 0; b < 36; b++) seen.add(countryCode(a.toString(36) + b.toString(36)));
    }
    expect(seen.size).toBe(251);
    expect([...COUNTRY_CODES].filter((c) => c !== 'XK')).toHaveLength(249);
    expect(seen.has('IT') && seen.has('AX') && seen.has('SS') && seen.has('XX')).toBe(true);
  });
});

describe('Europe/Rome days and hours', () => {
  it('buckets an instant by the Italian day and hour, summer and winter time', () => {
    expect(romeBucket(Date.parse('2026-07-01T22:30:00Z'))).toEqual({ day: '2026-07-02', hour: 0 });
    expect(romeBucket(Date.parse('2026-12-31T23:05:00Z'))).toEqual({ day: '2027-01-01', hour: 0 });
    expect(romeBucket(Date.parse('2026-12-31T22:59:00Z'))).toEqual({ day: '2026-12-31', hour: 23 });
  });

  it('moves across months and years, and lists a range inclusive', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysBetween('2026-03-02', '2026-03-01')).toEqual([]);
    expect(daysApart('2026-03-29', '2026-03-30')).toBe(1);
    expect(daysApart('2026-10-24', '2026-10-26')).toBe(2);
    expect(daysApart('2026-03-02', '2026-03-01')).toBe(-1);
  });

  it('counts months back, clamped to the month’s last day', () => {
    expect(monthsBefore('2026-11-23', 25)).toBe('2024-10-23');
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-02-28');
    expect(monthsBefore('2028-03-31', 1)).toBe('2028-02-29');
    expect(monthsBefore('2026-01-15', 1)).toBe('2025-12-15');
  });
});
