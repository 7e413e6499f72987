import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { adminPaths } from '../../src/core/api-paths';
import { userSchema } from '../../src/core/schemas/user';
import { t } from '../../src/core/messages';
import { adminWithToken, callJson, call, createUser, historyOf, rowOf, TWO_MB, uniqueEmail, PASSWORD } from './helpers';

function body(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail('reg'),
    password: PASSWORD,
    full_name: 'Giulia Bianchi',
    company: 'Nuova Agenzia',
    ...overrides,
  };
}

describe('POST /auth/register', () => {
  it('creates a pending, unverified user and answers 201 with the user (never the hash)', async () => {
    const payload = body();
    const { status, body: user } = await callJson('/auth/register', { json: payload });
    expect(status).toBe(201);
    expect(userSchema.strict().parse(user)).toEqual(user);
    expect(user).toMatchObject({
      email: payload.email,
      full_name: 'Giulia Bianchi',
      company: 'Nuova Agenzia',
      status: 'pending',
      is_active: true,
      is_verified: false,
      is_superuser: false,
    });
    expect(JSON.stringify(user)).not.toMatch(/scrypt|hashed_password|token_version/);
    expect(Date.parse(user.created_at)).not.toBeNaN();
    const row = await rowOf(user.id);
    expect(row?.hashed_password).toMatch(/^scrypt\$/);
    const history = await historyOf(user.id);
    expect(history).toEqual([
      expect.objectContaining({ action: 'registered', actor_id: null, from_status: null, to_status: 'pending' }),
    ]);
  });

  it('ignores privilege fields in the body', async () => {
    const { status, body: user } = await callJson('/auth/register', {
      json: body({
        is_superuser: true,
        is_active: false,
        is_verified: true,
        status: 'active',
        id: 1,
        token_version: 9,
      }),
    });
    expect(status).toBe(201);
    expect(user).toMatchObject({ status: 'pending', is_active: true, is_verified: false, is_superuser: false });
    const row = await rowOf(user.id);
    expect(row).toMatchObject({ is_superuser: 0, status: 'pending', token_version: 0 });
  });

  it('stores the e-mail trimmed and lower-cased, and refuses it again in any case', async () => {
    const email = uniqueEmail('Case');
    const first = await callJson('/auth/register', { json: body({ email: `  ${email.toUpperCase()} ` }) });
    expect(first.status).toBe(201);
    expect(first.body.email).toBe(email.toLowerCase());
    for (const variant of [email, email.toUpperCase(), email.toLowerCase(), ` ${email} `]) {
      const again = await callJson('/auth/register', { json: body({ email: variant }) });
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ detail: 'REGISTER_USER_ALREADY_EXISTS' });
    }
  });

  it('refuses an address that exists with other capitals (created outside the API)', async () => {
    const existing = await createUser({ email: 'Mixed.Case@Example.IT' });
    const { status, body: b } = await callJson('/auth/register', { json: body({ email: 'mixed.case@example.it' }) });
    expect(existing.id).toBeGreaterThan(0);
    expect(status).toBe(400);
    expect(b.detail).toBe('REGISTER_USER_ALREADY_EXISTS');
  });

  it.each([
    ['', t('validation.password.required')],
    ['Ab1', t('validation.password.min')],
    ['abcdefgh1', t('validation.password.pattern')],
    ['ABCDEFGH1', t('validation.password.pattern')],
    ['Abcdefghi', t('validation.password.pattern')],
  ])('password %j → 400 REGISTER_INVALID_PASSWORD with the Italian reason', async (password, reason) => {
    const email = uniqueEmail('pw');
    const { status, body: b } = await callJson('/auth/register', { json: body({ email, password }) });
    expect(status).toBe(400);
    expect(b).toEqual({ detail: { code: 'REGISTER_INVALID_PASSWORD', reason } });
    const row = await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first();
    expect(row).toBeNull();
  });

  it('creates an unknown company, and reuses the stored spelling of a known one', async () => {
    const name = `Live Nation ${Date.now()}`;
    const a = await callJson('/auth/register', { json: body({ company: name }) });
    expect(a.status).toBe(201);
    expect(a.body.company).toBe(name);
    const b = await callJson('/auth/register', { json: body({ company: `  ${name.toUpperCase()} ` }) });
    expect(b.status).toBe(201);
    expect(b.body.company).toBe(name);
    const { results } = await env.DB.prepare('SELECT name FROM companies WHERE name = ? COLLATE NOCASE')
      .bind(name)
      .all();
    expect(results).toEqual([{ name }]);
    // the administrators see it at once; the public list only once an account is approved
    const { token } = await adminWithToken();
    expect((await callJson(adminPaths.allCompanies, { token })).body.companies).toContain(name);
    expect((await callJson(adminPaths.companies)).body.companies).not.toContain(name);
  });

  it('an empty full_name becomes null', async () => {
    const { status, body: user } = await callJson('/auth/register', { json: body({ full_name: '  ' }) });
    expect(status).toBe(201);
    expect(user.full_name).toBeNull();
    const nulls = await callJson('/auth/register', { json: body({ full_name: null }) });
    expect(nulls.status).toBe(201);
  });

  it.each(['x<victim@bank.com>', 'Mario <victim@bank.com>', '"a@b.it"@evil.it', 'a@evil.it,victim@bank.com'])(
    'an address with a display name, quotes or a list (%j) is refused: 422',
    async (email) => {
      const { status, body: b } = await callJson('/auth/register', { json: body({ email }) });
      expect(status).toBe(422);
      expect(String(b.detail)).toContain(t('validation.email.invalid'));
      const row = await env.DB.prepare('SELECT id FROM users WHERE email LIKE ?').bind('%victim@bank.com%').first();
      expect(row).toBeNull();
    },
  );

  it.each<[string, () => Promise<Response>]>([
    [
      'an empty body',
      () => call('/auth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '' }),
    ],
    ['no content type', () => call('/auth/register', { method: 'POST', body: JSON.stringify(body()) })],
    [
      'malformed JSON',
      () =>
        call('/auth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email": ' }),
    ],
    ['a JSON array', () => call('/auth/register', { json: [body()] })],
    ['a JSON string', () => call('/auth/register', { json: 'ciao' })],
    ['missing email', () => call('/auth/register', { json: { password: PASSWORD } })],
    ['missing password', () => call('/auth/register', { json: { email: uniqueEmail() } })],
    ['an invalid email', () => call('/auth/register', { json: body({ email: 'non-una-email' }) })],
    ['email as a number', () => call('/auth/register', { json: body({ email: 42 }) })],
    ['password as a number', () => call('/auth/register', { json: body({ password: 12345678 }) })],
    ['full_name as an object', () => call('/auth/register', { json: body({ full_name: { a: 1 } }) })],
    ['company as an array', () => call('/auth/register', { json: body({ company: ['a'] }) })],
  ])('%s → 422 with a string detail', async (_name, send) => {
    const res = await send();
    expect(res.status).toBe(422);
    const b = (await res.json()) as { detail: unknown };
    expect(typeof b.detail).toBe('string');
  });

  it.each<[string, () => Promise<Response>]>([
    ['a 2 MB email', () => call('/auth/register', { json: body({ email: `${TWO_MB}@example.it` }) })],
    ['a 2 MB password', () => call('/auth/register', { json: body({ password: `Aa1${TWO_MB}` }) })],
    ['a 2 MB full_name', () => call('/auth/register', { json: body({ full_name: TWO_MB }) })],
    ['a 2 MB company', () => call('/auth/register', { json: body({ company: TWO_MB }) })],
  ])('%s → 413, over the body limit', async (_name, send) => {
    const res = await send();
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ detail: 'La richiesta è troppo grande' });
  });

  it('a form-encoded body is refused with 422 (the contract is JSON)', async () => {
    const res = await call('/auth/register', { form: { email: uniqueEmail(), password: PASSWORD } });
    expect(res.status).toBe(422);
  });
});
