import { afterAll, describe, expect, it } from '@jest/globals';
import { DATABASE_OWNERS } from '@app/database';
import { createIsolatedDatabase, withClient, type IsolatedDatabase } from '@app/testing';
import { provisionServiceRoles } from '@app/testing/service';

// Roles belong to the whole server, while a provisioning run's lock is its database's: runs on
// different databases of one server (a deployment's `db:provision` beside a test run, parallel
// test files) change the same role rows at once. Each of them must still succeed.
const databases: IsolatedDatabase[] = [];

afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
});

describe('provisioning databases of one server at once', () => {
  it('succeeds for every database, each with every service schema', async () => {
    for (let round = 0; round < 2; round++) {
      const batch = await Promise.all(Array.from({ length: 4 }, (_, i) => createIsolatedDatabase(`prov${round}${i}`)));
      databases.push(...batch);
      const outcomes = await Promise.allSettled(batch.map((database) => provisionServiceRoles(database.url)));
      const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [String(outcome.reason)] : []));
      expect(refusals).toEqual([]);
    }
    for (const database of databases) {
      const schemas = await withClient(
        database.url,
        async (client) =>
          (
            await client.query<{ nspname: string; owner: string }>(
              `SELECT nspname, pg_get_userbyid(nspowner) AS owner FROM pg_namespace
              WHERE nspname = ANY($1) ORDER BY nspname`,
              [[...DATABASE_OWNERS]],
            )
          ).rows,
      );
      expect(schemas).toEqual(
        [...DATABASE_OWNERS].sort().map((nspname) => ({
          nspname,
          owner: `vf_${nspname}`,
        })),
      );
    }
  }, 120_000);
});
