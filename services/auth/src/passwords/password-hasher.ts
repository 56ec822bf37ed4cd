import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { ERROR_CODES } from '@app/contracts';
import { DomainError } from '@app/common';
import { Semaphore } from './semaphore.js';

/**
 * Passwords are stored as scrypt hashes (Node's own, memory-hard, no native add-on to install):
 * `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`, so the cost can be raised without breaking stored
 * hashes: an older one still verifies and is replaced at the next successful sign-in
 * (needsRehash). The cost is OWASP's Password Storage Cheat Sheet recommendation, N = 2^17,
 * r = 8, p = 1: 128 MiB and a few hundred milliseconds per attempt.
 */
export const OWASP_COST_LOG2 = 17;
let costLog2 = OWASP_COST_LOG2;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

/**
 * At most this many hashes run at once (2 × 128 MiB), however many sign-ins arrive: a flood
 * waits its turn instead of exhausting the service's memory. Past MAX_WAITING queued attempts
 * the rest are refused at once (503), since their callers would time out before their turn.
 */
const MAX_CONCURRENT_HASHES = 2;
const MAX_WAITING = 16;

const hashing = new Semaphore(
  MAX_CONCURRENT_HASHES,
  MAX_WAITING,
  () => new DomainError(ERROR_CODES.unavailable, 'Too many sign-ins at once. Please try again in a moment.'),
);

function derive(password: string, salt: Buffer, costLog2: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** costLog2;
  // What OpenSSL allocates: 128·r·p for B plus 128·r·(N + 2) for V, and not a byte more.
  const options: ScryptOptions = { N, r, p, maxmem: 128 * r * (N + 2 + p) };
  return hashing.run(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
}

/**
 * The cost new hashes are made with (PASSWORD_HASH_COST_LOG2, read once at start). Only a test
 * run may lower it (the config refuses it otherwise): at 2^17 every sign-up and sign-in of a
 * test suite costs a third of a second of CPU.
 */
export function configurePasswordHashing(options: { costLog2: number }): void {
  costLog2 = options.costLog2;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, costLog2, BLOCK_SIZE, PARALLELISM);
  return ['scrypt', costLog2, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
}

// Costs a stored hash may name: anything else is not one of ours (and could ask for any amount of memory).
const KNOWN_COST_LOG2 = [15, 16, OWASP_COST_LOG2];
const acceptedCost = (stored: number) => stored === costLog2 || KNOWN_COST_LOG2.includes(stored);

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, cost, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !cost || !r || !p || !salt || !key) return false;
  if (!acceptedCost(Number(cost)) || r !== String(BLOCK_SIZE) || p !== String(PARALLELISM)) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(cost), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** True for a hash made with a lower cost than today's: store a fresh one once the password is known. */
export function needsRehash(stored: string): boolean {
  const [scheme, cost, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(cost) !== costLog2 || r !== String(BLOCK_SIZE) || p !== String(PARALLELISM);
}

// Checked against when the email is unknown, so a miss costs as long as a wrong password and
// response times do not reveal which emails have accounts.
let decoyHash: Promise<string> | undefined;
export async function spendPasswordCheck(password: string): Promise<void> {
  decoyHash ??= hashPassword(randomBytes(12).toString('hex'));
  await verifyPassword(password, await decoyHash);
}
