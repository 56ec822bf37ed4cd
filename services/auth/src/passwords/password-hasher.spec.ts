import { describe, expect, it } from '@jest/globals';
import { randomBytes, scryptSync } from 'node:crypto';
import {
  configurePasswordHashing,
  hashPassword,
  needsRehash,
  OWASP_COST_LOG2,
  verifyPassword,
} from './password-hasher.js';

/** A hash in the format this service wrote with N = 2^15 before the cost was raised. */
function legacyHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', 15, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

describe('password hasher', () => {
  it('stores a salted scrypt hash at OWASP’s cost (N=2^17, r=8, p=1) that only the right password matches', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(stored.length).toBeLessThanOrEqual(255);
    expect(stored).not.toContain('correct horse');
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsE', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it('still verifies a hash made at the former cost, and says it needs a new one', async () => {
    const stored = legacyHash('old password');
    expect(await verifyPassword('old password', stored)).toBe(true);
    expect(await verifyPassword('other password', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(true);
  });

  it('salts every hash, so equal passwords do not give equal hashes', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same', b)).toBe(true);
  });

  it('treats a stored value in an unknown format or cost as no match', async () => {
    expect(await verifyPassword('x', 'plaintext')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$2b$10$abc')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$30$8$1$c2FsdA==$a2V5')).toBe(false);
  });

  it('makes new hashes at a lowered cost when configured so, still verifying and upgrading OWASP-cost ones', async () => {
    const owaspHash = await hashPassword('kept password');
    configurePasswordHashing({ costLog2: 12 });
    try {
      const cheap = await hashPassword('test password');
      expect(cheap).toMatch(/^scrypt\$12\$8\$1\$/);
      expect(await verifyPassword('test password', cheap)).toBe(true);
      expect(await verifyPassword('kept password', owaspHash)).toBe(true);
      expect(needsRehash(owaspHash)).toBe(true);
    } finally {
      configurePasswordHashing({ costLog2: OWASP_COST_LOG2 });
    }
  });
});
