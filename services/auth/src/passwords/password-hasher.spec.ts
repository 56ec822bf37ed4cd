import { describe, expect, it } from '@jest/globals';
import { hashPassword, verifyPassword } from './password-hasher.js';

describe('password hasher', () => {
  it('stores a salted scrypt hash that only the right password matches', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^scrypt\$15\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(stored.length).toBeLessThanOrEqual(255);
    expect(stored).not.toContain('correct horse');
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsE', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('salts every hash, so equal passwords do not give equal hashes', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same', b)).toBe(true);
  });

  it('treats a stored value in an unknown format as no match', async () => {
    expect(await verifyPassword('x', 'plaintext')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$2b$10$abc')).toBe(false);
  });
});
