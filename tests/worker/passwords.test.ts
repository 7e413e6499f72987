import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from '../../worker/services/passwords';

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
});
