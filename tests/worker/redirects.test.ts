import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

describe('old and shortcut paths redirect (302) to the screens that serve them', () => {
  it.each([
    ['/', '/home'],
    ['/auth/login', '/login'],
    ['/verify-email?token=x', '/login?token=x'],
    ['/auth/verify-email?token=a%20b', '/login?token=a%20b'],
    ['/auth/register', '/signup'],
    ['/pending', '/admin'],
    ['/auth/pending', '/admin'],
    ['/admin/whatever', '/admin'],
    ['/user/x/y', '/user'],
  ])('%s → %s', async (from, to) => {
    const res = await exports.default.fetch(`http://localhost${from}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(to);
  });
});
