import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Passwords are stored as scrypt hashes (Node's own, memory-hard, no native add-on to install):
 * `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`, so the cost can be raised later without breaking
 * stored hashes. N = 2^15 costs ~32 MiB and tens of milliseconds per attempt.
 */
const COST_LOG2 = 15;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, costLog2: number, r: number, p: number): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** costLog2, r, p, maxmem: 256 * 2 ** costLog2 * r * p };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, COST_LOG2, BLOCK_SIZE, PARALLELISM);
  return ['scrypt', COST_LOG2, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, costLog2, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !costLog2 || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(costLog2), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

// Checked against when the email is unknown, so a miss costs as long as a wrong password and
// response times do not reveal which emails have accounts.
let decoyHash: Promise<string> | undefined;
export async function spendPasswordCheck(password: string): Promise<void> {
  decoyHash ??= hashPassword(randomBytes(12).toString('hex'));
  await verifyPassword(password, await decoyHash);
}
