import { describe, expect, it } from 'vitest';
import {
  dummyHash,
  hashPassword,
  needsRehash,
  passwordCost,
  SCRYPT_PARAMS,
  TEST_SCRYPT_PARAMS,
  verifyPassword,
} from '../../worker/services/passwords';

describe('passwords', () => {
  it('hashes with salt and verifies', async () => {
    const t0 = Date.now();
    const a = await hashPassword('Segreta123');
    const ms = Date.now() - t0;
    console.log('scrypt hash ms', ms);
    const b = await hashPassword('Segreta123');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$16384\$8\$5\$/);
    expect(await verifyPassword('Segreta123', a)).toBe(true);
    expect(await verifyPassword('segreta123', a)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
    expect(needsRehash(a)).toBe(false);
    expect(needsRehash('scrypt$1024$8$1$aa$bb')).toBe(true);
  });

  it('the tests’ cost: cheap hashes that verify, rehashed wherever the normal cost is in force', async () => {
    const cheap = await hashPassword('Segreta123', TEST_SCRYPT_PARAMS);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('Segreta123', cheap)).toBe(true);
    expect(await verifyPassword('segreta123', cheap)).toBe(false);
    expect(needsRehash(cheap)).toBe(true);
    expect(needsRehash(cheap, SCRYPT_PARAMS)).toBe(true);
    expect(needsRehash(cheap, TEST_SCRYPT_PARAMS)).toBe(false);
    // a stronger hash is never lowered to the tests' cost
    expect(needsRehash('scrypt$16384$8$5$aa$bb', TEST_SCRYPT_PARAMS)).toBe(false);
  });

  it('the dummy hash of an unknown e-mail has the cost it is asked for', async () => {
    expect(await dummyHash()).toMatch(/^scrypt\$16384\$8\$5\$/);
    expect(await dummyHash(TEST_SCRYPT_PARAMS)).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await dummyHash(TEST_SCRYPT_PARAMS)).toBe(await dummyHash(TEST_SCRYPT_PARAMS));
  });

  it.each<[string, Parameters<typeof passwordCost>[0], string, typeof SCRYPT_PARAMS]>([
    [
      'honoured',
      { PASSWORD_COST: 'test', MAILER: 'console', APP_URL: 'http://localhost:8787' },
      'http://localhost/x',
      TEST_SCRYPT_PARAMS,
    ],
    [
      'honoured, APP_URL unset',
      { PASSWORD_COST: 'test', MAILER: 'console' },
      'http://127.0.0.1:8787/x',
      TEST_SCRYPT_PARAMS,
    ],
    ['a public host', { PASSWORD_COST: 'test', MAILER: 'console' }, 'https://palco.example/x', SCRYPT_PARAMS],
    [
      'a public APP_URL',
      { PASSWORD_COST: 'test', MAILER: 'console', APP_URL: 'https://palco.example' },
      'http://localhost/x',
      SCRYPT_PARAMS,
    ],
    ['MAILER unset', { PASSWORD_COST: 'test' }, 'http://localhost/x', SCRYPT_PARAMS],
    ["MAILER 'resend'", { PASSWORD_COST: 'test', MAILER: 'resend' }, 'http://localhost/x', SCRYPT_PARAMS],
    ['PASSWORD_COST unset', { MAILER: 'console' }, 'http://localhost/x', SCRYPT_PARAMS],
    ["PASSWORD_COST ' Test '", { PASSWORD_COST: ' Test ', MAILER: 'console' }, 'http://localhost/x', SCRYPT_PARAMS],
  ])('passwordCost: %s', (_case, env, url, cost) => {
    expect(passwordCost(env, url)).toBe(cost);
  });
});
