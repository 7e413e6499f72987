// The decisions of the app shell: guard verdicts, routing after login, company filtering,
// error sentences, the toast queue.
import { describe, expect, it } from 'vitest';
import { verdictFor } from '../../src/components/Guard';
import { filterByText } from '../../src/components/Combobox';
import { explainError } from '../../src/islands/auth/errors';
import { ApiError } from '../../src/lib/api';
import { afterLoginPath, areaPath } from '../../src/stores/session';
import { $toastQueue, drainToasts, notify } from '../../src/stores/toasts';
import type { User } from '../../src/core/schemas/user';
import { testUser } from './user-fixture';

const user = testUser;

describe('guard verdicts', () => {
  it('loading and anonymous', () => {
    expect(verdictFor(null, 'loading', 'user', false)).toBe('loading');
    expect(verdictFor(null, 'anonymous', 'admin', false)).toBe('redirect');
  });
  it('non-admins leave the admin area first, except on admin-only screens', () => {
    expect(verdictFor(user({ status: 'pending', is_verified: false }), 'ready', 'admin', false)).toBe('redirect');
    expect(verdictFor(user(), 'ready', 'admin', false)).toBe('redirect');
    expect(verdictFor(user(), 'ready', 'admin', true)).toBe('denied');
    expect(verdictFor(user({ status: 'pending' }), 'ready', 'admin', true)).toBe('pending');
  });
  it('status screens in the user area', () => {
    expect(verdictFor(user({ status: 'pending', is_verified: false }), 'ready', 'user', false)).toBe('pending');
    expect(verdictFor(user({ status: 'rejected' }), 'ready', 'user', false)).toBe('rejected');
    expect(verdictFor(user({ status: 'banned', is_active: false }), 'ready', 'user', false)).toBe('banned');
    expect(verdictFor(user({ status: 'active', is_active: false }), 'ready', 'user', false)).toBe('banned');
    expect(verdictFor(user({ status: 'approved', is_verified: false }), 'ready', 'user', false)).toBe('approved');
    expect(verdictFor(user({ status: 'weird' as User['status'] }), 'ready', 'user', false)).toBe('unknown');
  });
  it('allowed', () => {
    expect(verdictFor(user(), 'ready', 'user', false)).toBe('allowed');
    expect(verdictFor(user({ is_superuser: true }), 'ready', 'admin', false)).toBe('allowed');
    expect(verdictFor(user({ is_superuser: true }), 'ready', 'admin', true)).toBe('allowed');
    expect(verdictFor(user({ status: 'approved', is_verified: true }), 'ready', 'user', false)).toBe('allowed');
  });
});

describe('routing after login: active users to /home, the others to their status screen', () => {
  it('follows the table', () => {
    expect(afterLoginPath(user({ status: 'pending', is_verified: false }))).toBe('/pending');
    expect(afterLoginPath(user({ status: 'approved', is_verified: false }))).toBe('unverified');
    expect(afterLoginPath(user())).toBe('/user');
    expect(afterLoginPath(user({ is_superuser: true }))).toBe('/admin');
    expect(afterLoginPath(user({ status: 'rejected' }))).toBe('/user');
    expect(afterLoginPath(user({ status: 'banned', is_active: false }))).toBe('/user');
    expect(afterLoginPath(user({ status: 'weird' as User['status'] }))).toBe('/login');
    expect(areaPath(null)).toBe('/user');
  });
});

describe('company autocomplete', () => {
  it('filters by case-insensitive substring', () => {
    const list = ['Rock Live', 'Palco', 'Live Nation Italia', 'Barley Arts'];
    expect(filterByText(list, 'LIVE')).toEqual(['Rock Live', 'Live Nation Italia']);
    expect(filterByText(list, '  arts ')).toEqual(['Barley Arts']);
    expect(filterByText(list, '')).toEqual(list);
    expect(filterByText(list, 'zzz')).toEqual([]);
  });
});

describe('error sentences', () => {
  const api = (status: number, body: unknown) => new ApiError(status, 'x', null, body);
  it('maps fastapi-users codes, keeps reasons and Italian details, falls back', () => {
    expect(explainError(api(400, { detail: 'LOGIN_BAD_CREDENTIALS' }), 'error.badCredentials').message).toBe(
      'Credenziali non valide',
    );
    expect(explainError(api(400, { detail: 'REGISTER_USER_ALREADY_EXISTS' }), 'error.register').message).toMatch(
      /^Esiste già un account/,
    );
    expect(
      explainError(
        api(400, { detail: { code: 'REGISTER_INVALID_PASSWORD', reason: 'Troppo corta' } }),
        'error.register',
      ).message,
    ).toBe('Troppo corta');
    expect(
      explainError(api(429, { detail: 'Troppi tentativi: riprova tra 3 minuti.' }), 'error.badCredentials').message,
    ).toBe('Troppi tentativi: riprova tra 3 minuti.');
    const unexpected = explainError(api(500, { detail: 'Errore interno' }), 'error.badCredentials');
    expect(unexpected.message).toBe('Errore interno');
    const empty = explainError(api(502, null), 'error.badCredentials');
    expect(empty).toEqual({ message: 'Credenziali non valide', unexpected: true });
    expect(explainError(new ApiError(0, 'x'), 'error.register').message).toBe('Errore di connessione');
    expect(explainError(new TypeError('boom'), 'error.register').message).toBe('Errore di connessione');
  });
});

describe('toast queue', () => {
  it('queues until drained, in order', () => {
    drainToasts();
    notify.success('uno');
    notify.error('due');
    expect($toastQueue.get().map((e) => [e.kind, e.message])).toEqual([
      ['success', 'uno'],
      ['error', 'due'],
    ]);
    expect(drainToasts()).toHaveLength(2);
    expect($toastQueue.get()).toEqual([]);
  });
});

describe('pending screen timing note', () => {
  it("keeps '24-48' on one line and the catalogue text unchanged", async () => {
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { createElement, Fragment } = await import('react');
    const { keepRangesTogether } = await import('../../src/components/Guard');
    const { t } = await import('../../src/core/messages');
    const text = t('guard.pending.timing');
    const html = renderToStaticMarkup(createElement(Fragment, null, ...keepRangesTogether(text)));
    expect(html).toContain('<span style="white-space:nowrap">24-48</span>');
    expect(html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'")).toBe(text);
  });
});
