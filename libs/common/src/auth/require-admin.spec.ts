import { describe, expect, it } from '@jest/globals';
import { ForbiddenError } from '../errors/domain-errors.js';
import { requireAdmin } from './require-admin.js';

const ADMIN = 'a0000000-0000-4000-8000-000000000001';
const DEMOTED = 'a0000000-0000-4000-8000-000000000002';
const REFUSAL = { message: 'Admin access required', action: 'delete-category', target: { categoryId: 7 } };

/** The table of record: only ADMIN is an admin; every question asked is noted. */
function tableOfRecord() {
  const asked: string[] = [];
  const isAdminOfRecord = (userId: string) => (asked.push(userId), Promise.resolve(userId === ADMIN));
  return { asked, isAdminOfRecord };
}

function recordingLogger() {
  const warnings: unknown[] = [];
  return { warnings, logger: { log: () => undefined, warn: (line: unknown) => void warnings.push(line) } };
}

describe('requireAdmin (the one admin check of the services)', () => {
  it('lets an admin of record through, quietly', async () => {
    const { asked, isAdminOfRecord } = tableOfRecord();
    const { warnings, logger } = recordingLogger();
    await expect(requireAdmin({ id: ADMIN, isAdmin: true }, isAdminOfRecord, REFUSAL, logger)).resolves.toBeUndefined();
    expect(asked).toEqual([ADMIN]);
    expect(warnings).toEqual([]);
  });

  it('refuses an actor who does not claim to be an admin without asking the table', async () => {
    const { asked, isAdminOfRecord } = tableOfRecord();
    const { warnings, logger } = recordingLogger();
    const refused = requireAdmin({ id: ADMIN, isAdmin: false }, isAdminOfRecord, REFUSAL, logger);
    await expect(refused).rejects.toBeInstanceOf(ForbiddenError);
    await expect(refused).rejects.toThrow('Admin access required');
    expect(asked).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('refuses a claim the table does not confirm, and logs it as access.denied', async () => {
    const { asked, isAdminOfRecord } = tableOfRecord();
    const { warnings, logger } = recordingLogger();
    const refused = requireAdmin({ id: DEMOTED, isAdmin: true }, isAdminOfRecord, REFUSAL, logger);
    await expect(refused).rejects.toBeInstanceOf(ForbiddenError);
    expect(asked).toEqual([DEMOTED]);
    expect(warnings).toEqual([
      expect.objectContaining({
        event: 'access.denied',
        outcome: 'denied',
        actorId: DEMOTED,
        target: { action: 'delete-category', categoryId: 7 },
        reason: 'claims admin but is not an admin of record',
      }),
    ]);
  });

  it('passes on a failed lookup: no answer is never a yes', async () => {
    const { logger } = recordingLogger();
    const unavailable = () => Promise.reject(new Error('auth is down'));
    await expect(requireAdmin({ id: ADMIN, isAdmin: true }, unavailable, REFUSAL, logger)).rejects.toThrow(
      'auth is down',
    );
  });
});
