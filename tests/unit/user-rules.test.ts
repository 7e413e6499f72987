import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { t } from '../../src/core/messages';
import { approveBodySchema, companyBodySchema, usersQuerySchema, USERS_PAGE_SIZE } from '../../src/core/schemas/admin';
import {
  displayName,
  EMAIL_MAX,
  isApprovedUser,
  isValidEmail,
  loginFormSchema,
  normaliseEmail,
  passwordProblem,
  registerBodySchema,
  signupFormSchema,
  statusMessage,
  USER_STATUSES,
} from '../../src/core/schemas/user';

describe('registration password policy', () => {
  it('names the first broken rule', () => {
    expect(passwordProblem('')).toBe('Password richiesta');
    expect(passwordProblem('Ab1')).toBe('Password deve essere di almeno 8 caratteri');
    expect(passwordProblem('abcdefg1')).toBe(
      'Password deve contenere almeno una lettera minuscola, una maiuscola e un numero',
    );
    expect(passwordProblem('ABCDEFG1')).toBe(t('validation.password.pattern'));
    expect(passwordProblem('Abcdefgh')).toBe(t('validation.password.pattern'));
    expect(passwordProblem('Abcdefg1')).toBeNull();
  });

  it('accepts every password of 8+ characters with a lower, an upper and a digit', () => {
    const lower = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz');
    const upper = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    const digit = fc.constantFrom(...'0123456789');
    fc.assert(
      fc.property(lower, upper, digit, fc.string({ minLength: 5, maxLength: 60 }), (l, u, d, rest) => {
        expect(passwordProblem(l + u + d + rest)).toBeNull();
      }),
    );
  });

  it('refuses every password shorter than 8', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 7 }), (pw) => {
        expect(passwordProblem(pw)).toBe(t('validation.password.min'));
      }),
    );
  });

  it('refuses every password missing a digit', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 8, maxLength: 40 }).filter((s) => !/\d/.test(s)),
        (pw) => {
          expect(passwordProblem(pw)).toBe(t('validation.password.pattern'));
        },
      ),
    );
  });
});

describe('e-mail rules', () => {
  it.each(['mario@rossi.it', 'a.b+c@sub.example.co.uk', 'x@y.z'])('%s is valid', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });
  it.each([
    '',
    'mario',
    'mario@',
    '@rossi.it',
    'mario@rossi',
    'ma rio@rossi.it',
    'a@@b.it',
    'a@b .it',
    // display names, quotes, groups and comments: a mailer could read another recipient out of them
    'x<victim@bank.com>',
    'Mario <mario@rossi.it>',
    '"a@b.it"@evil.it',
    'a@evil.it,victim@bank.com',
    'a@evil.it;victim@bank.com',
    'a(c)@b.it',
    'a@b.it>',
    'a@-b.it',
    'a@b_c.it',
  ])('%j is not valid', (email) => expect(isValidEmail(email)).toBe(false));
  it(`refuses addresses longer than ${EMAIL_MAX}`, () => {
    expect(isValidEmail(`${'a'.repeat(EMAIL_MAX)}@b.it`)).toBe(false);
  });
  it('normaliseEmail trims and lower-cases, and is idempotent', () => {
    expect(normaliseEmail('  Mario.Rossi@Example.IT ')).toBe('mario.rossi@example.it');
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(normaliseEmail(normaliseEmail(s))).toBe(normaliseEmail(s));
      }),
    );
  });
  it('never accepts a string with whitespace or without an @', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        if (/\s/.test(s) || !s.includes('@')) expect(isValidEmail(s)).toBe(false);
      }),
    );
  });
});

describe('statusMessage', () => {
  it('maps each status to its level and text', () => {
    expect(statusMessage('active')).toBeNull();
    expect(statusMessage('pending')).toEqual({
      level: 'warning',
      text: "Il tuo account è in attesa di approvazione da parte dell'amministratore.",
    });
    expect(statusMessage('approved')).toEqual({
      level: 'info',
      text: "Account approvato! Verifica la tua email per attivare l'account.",
    });
    expect(statusMessage('rejected')).toEqual({
      level: 'error',
      text: 'La tua richiesta di registrazione è stata rifiutata.',
    });
  });
  it('any other value is the unknown warning', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !['active', 'pending', 'approved', 'rejected'].includes(s)),
        (s) => {
          expect(statusMessage(s)).toEqual({
            level: 'warning',
            text: "Status account sconosciuto. Contatta l'amministratore.",
          });
        },
      ),
    );
  });
});

describe('isApprovedUser', () => {
  it('only active users in status active or approved', () => {
    for (const status of USER_STATUSES) {
      expect(isApprovedUser({ status, is_active: true })).toBe(status === 'active' || status === 'approved');
      expect(isApprovedUser({ status, is_active: false })).toBe(false);
    }
  });
});

describe('displayName', () => {
  it('full name, else e-mail prefix, else Utente', () => {
    expect(displayName({ full_name: '  Anna Verdi ', email: 'anna@x.it' })).toBe('Anna Verdi');
    expect(displayName({ full_name: '   ', email: 'anna@x.it' })).toBe('anna');
    expect(displayName({ full_name: null, email: 'luca.bianchi@x.it' })).toBe('luca.bianchi');
    expect(displayName({ full_name: null, email: '' })).toBe('Utente');
    expect(displayName(null)).toBe('Utente');
  });
  it('is never empty', () => {
    fc.assert(
      fc.property(fc.option(fc.string()), fc.string(), (full_name, email) => {
        expect(displayName({ full_name, email }).length).toBeGreaterThan(0);
      }),
    );
  });
});

function firstMessages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.map(String).join('.');
    out[key] ??= issue.message;
  }
  return out;
}

describe('signup form schema messages', () => {
  const good = {
    fullName: 'Anna Verdi',
    company: 'Teatro Blu',
    email: 'anna@teatro.it',
    password: 'Segreta123',
    confirmPassword: 'Segreta123',
  };

  it('accepts a good form', () => {
    expect(signupFormSchema.safeParse(good).success).toBe(true);
  });

  it.each<[string, Partial<typeof good>, string, string]>([
    ['empty name', { fullName: '' }, 'fullName', 'Nome completo richiesto'],
    ['short name', { fullName: 'A' }, 'fullName', 'Nome deve essere di almeno 2 caratteri'],
    ['empty company', { company: ' ' }, 'company', 'Azienda richiesta'],
    ['short company', { company: 'B' }, 'company', 'Nome azienda deve essere di almeno 2 caratteri'],
    ['empty email', { email: '' }, 'email', 'Email richiesta'],
    ['bad email', { email: 'anna@' }, 'email', 'Email non valida'],
    ['empty password', { password: '', confirmPassword: '' }, 'password', 'Password richiesta'],
    [
      'short password',
      { password: 'Ab1', confirmPassword: 'Ab1' },
      'password',
      'Password deve essere di almeno 8 caratteri',
    ],
    [
      'weak password',
      { password: 'segreta123', confirmPassword: 'segreta123' },
      'password',
      'Password deve contenere almeno una lettera minuscola, una maiuscola e un numero',
    ],
    ['empty confirmation', { confirmPassword: '' }, 'confirmPassword', 'Conferma password richiesta'],
    ['different confirmation', { confirmPassword: 'Segreta124' }, 'confirmPassword', 'Le password non coincidono'],
  ])('%s → %s: message', (_name, change, field, message) => {
    const messages = firstMessages(signupFormSchema.safeParse({ ...good, ...change }));
    expect(messages[field]).toBe(message);
  });

  it('login form: 6-character minimum and required messages', () => {
    expect(firstMessages(loginFormSchema.safeParse({ email: 'a@b.it', password: '12345' })).password).toBe(
      'Password deve essere di almeno 6 caratteri',
    );
    expect(firstMessages(loginFormSchema.safeParse({ email: 'a@b.it', password: '' })).password).toBe(
      'Password richiesta',
    );
    expect(firstMessages(loginFormSchema.safeParse({ email: '', password: '123456' })).email).toBe('Email richiesta');
    expect(loginFormSchema.safeParse({ email: 'a@b.it', password: '123456' }).success).toBe(true);
  });
});

describe('register body schema', () => {
  it('strips privilege fields, turns an empty name into null, cleans the company', () => {
    const parsed = registerBodySchema.parse({
      email: ' a@b.it ',
      password: 'x',
      full_name: '',
      company: '  Acme   Eventi ',
      is_superuser: true,
      status: 'active',
      company_role: 'owner',
      membership: 'member',
      fans_access: true,
    });
    // no invitation carried: null (docs/behaviour.md#teams)
    expect(parsed).toEqual({
      email: 'a@b.it',
      password: 'x',
      full_name: null,
      company: 'Acme Eventi',
      invitation: null,
    });
  });

  it('requires a company that is not the operator one', () => {
    for (const company of [undefined, null, '', '   ', 'Palco', ' PALCO ']) {
      expect(registerBodySchema.safeParse({ email: 'a@b.it', password: 'x', company }).success).toBe(false);
    }
  });
});

describe('admin schemas', () => {
  it('approve: approve, or reject with an optional reason', () => {
    expect(approveBodySchema.parse({ action: 'approve' })).toEqual({ action: 'approve' });
    expect(approveBodySchema.parse({ action: 'reject' })).toEqual({ action: 'reject', reason: null });
    expect(approveBodySchema.parse({ action: 'reject', reason: ' Spam ' })).toEqual({
      action: 'reject',
      reason: 'Spam',
    });
    expect(approveBodySchema.safeParse({ action: 'ban' }).success).toBe(false);
    expect(approveBodySchema.safeParse({ action: 'reject', reason: 'x'.repeat(501) }).success).toBe(false);
  });

  it('company: required, at least 2 characters', () => {
    expect(companyBodySchema.parse({ company: ' Acme ' })).toEqual({ company: 'Acme' });
    expect(firstMessages(companyBodySchema.safeParse({ company: 'A' })).company).toBe(t('validation.company.min'));
    expect(firstMessages(companyBodySchema.safeParse({})).company).toBe(t('validation.company.required'));
  });

  it('users query: defaults and limits', () => {
    expect(usersQuerySchema.parse({})).toEqual({ page: 1, page_size: USERS_PAGE_SIZE });
    expect(usersQuerySchema.parse({ page: '3', page_size: '200', sort: 'email', order: 'asc', status: '' })).toEqual({
      page: 3,
      page_size: 200,
      sort: 'email',
      order: 'asc',
    });
    for (const bad of [{ page: '0' }, { page_size: '201' }, { sort: 'id' }, { status: 'x' }, { order: 'up' }]) {
      expect(usersQuerySchema.safeParse(bad).success).toBe(false);
    }
  });
});
