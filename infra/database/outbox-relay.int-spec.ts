import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { JobQueues, QUEUES } from '@app/common';
import { DOMAIN_EVENT_QUEUES, DOMAIN_EVENTS, MEDIA_QUEUES, type DomainEventBatch } from '@app/contracts';
import { createIsolatedDatabase, eventually, testInfra, type IsolatedDatabase } from '@app/testing';
import { OutboxRelay, onOutboxCommitted, recordDomainEvent, recordMediaJob } from '@app/database';

// The one relay on real PostgreSQL and Redis: rows recorded in a transaction wake it when that
// commits, and each goes to its queues by type. The table is made here, as every service's
// schema has one; the migrations are not under test.
let db: IsolatedDatabase;
let dataSource: DataSource;
let queues: JobQueues;
const prefix = `${testInfra().queuePrefix}-outbox-${randomBytes(3).toString('hex')}`;

beforeAll(async () => {
  db = await createIsolatedDatabase('outbox');
  dataSource = new DataSource({ type: 'postgres', url: db.url });
  await dataSource.initialize();
  await dataSource.query(`
    CREATE TABLE outbox (
      id bigserial PRIMARY KEY,
      "eventType" varchar(100) NOT NULL,
      payload jsonb NOT NULL,
      "createdAt" timestamptz NOT NULL DEFAULT now(),
      "publishedAt" timestamptz,
      attempts integer NOT NULL DEFAULT 0
    )`);
  queues = new JobQueues({ app: 'outbox-spec', redisUrl: testInfra().redisUrl, prefix, consumes: [] });
});

afterAll(async () => {
  await queues?.beforeApplicationShutdown();
  queues?.onApplicationShutdown();
  await dataSource?.destroy();
  await db?.drop();
});

const unpublished = async () =>
  (await dataSource.query(`SELECT "eventType" FROM outbox WHERE "publishedAt" IS NULL ORDER BY id`)).map(
    (row: { eventType: string }) => row.eventType,
  );

describe('a transaction that records outbox rows', () => {
  it('wakes the relay once it has committed: not before, not for a rollback, not for other transactions', async () => {
    const wakes: string[] = [];
    const stop = onOutboxCommitted(dataSource, () => wakes.push('woken'));
    try {
      await dataSource.transaction(async (manager) => {
        await recordDomainEvent(manager, { type: DOMAIN_EVENTS.videoPublished, videoId: 1, userIds: ['u'] });
        // A savepoint released inside is not the commit.
        await manager.transaction(async (inner) => {
          await recordDomainEvent(inner, { type: DOMAIN_EVENTS.videoPublished, videoId: 2, userIds: ['u'] });
        });
        expect(wakes).toEqual([]);
      });
      expect(wakes).toEqual(['woken']);

      await expect(
        dataSource.transaction(async (manager) => {
          await recordDomainEvent(manager, { type: DOMAIN_EVENTS.videoDeleted, videoId: 3, userIds: [] });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await dataSource.transaction((manager) => manager.query('SELECT 1'));
      expect(wakes).toEqual(['woken']);

      // A query runner used for several transactions: what a rolled-back one wrote is forgotten.
      const runner = dataSource.createQueryRunner();
      try {
        await runner.startTransaction();
        await recordDomainEvent(runner.manager, { type: DOMAIN_EVENTS.videoDeleted, videoId: 4, userIds: [] });
        await runner.rollbackTransaction();
        await runner.startTransaction();
        await runner.query('SELECT 1');
        await runner.commitTransaction();
      } finally {
        await runner.release();
      }
      expect(wakes).toEqual(['woken']);
    } finally {
      stop();
      await dataSource.query('DELETE FROM outbox');
    }
  });

  it('must be a transaction: a row recorded outside one is refused', async () => {
    await expect(
      recordDomainEvent(dataSource.manager, { type: DOMAIN_EVENTS.videoPublished, videoId: 1, userIds: [] }),
    ).rejects.toThrow('an outbox row is recorded inside the transaction of the fact it describes');
    expect(await unpublished()).toEqual([]);
  });
});

describe('the outbox relay', () => {
  it('delivers each row by type, with the registry’s job options, as soon as its transaction commits', async () => {
    await dataSource.query(`INSERT INTO outbox ("eventType", payload) VALUES ('some.future.v1', '{}')`);
    const relay = new OutboxRelay(dataSource, queues);
    // Not started: no poll, so only the commit can wake it.
    try {
      await dataSource.transaction(async (manager) => {
        await recordMediaJob(manager, {
          queue: MEDIA_QUEUES.cleanup,
          name: 'cleanup',
          jobId: 'cleanup-spec-1',
          data: { keys: ['videos/1/playback.mp4'] },
        });
        await recordDomainEvent(manager, {
          type: DOMAIN_EVENTS.feedbackRated,
          feedbackId: 5,
          videoId: 1,
          userIds: ['a'],
        });
        await recordDomainEvent(manager, { type: DOMAIN_EVENTS.videoDeleted, videoId: 1, userIds: ['b'] });
      });

      // A row of a type no route names stays for a relay that knows it.
      await eventually(unpublished, (rows) => rows.length === 1, 10_000);
      expect(await unpublished()).toEqual(['some.future.v1']);

      const cleanup = await queues.queue(MEDIA_QUEUES.cleanup).getJob('cleanup-spec-1');
      expect(cleanup?.data).toEqual({ keys: ['videos/1/playback.mp4'] });
      expect(cleanup?.opts).toMatchObject({ attempts: QUEUES[MEDIA_QUEUES.cleanup].jobOptions.attempts });

      // Both events as one batch on every consumer's queue, under an id made of their rows.
      for (const name of Object.values(DOMAIN_EVENT_QUEUES)) {
        const [batch, ...more] = await queues.queue(name).getJobs(['waiting']);
        expect(more).toEqual([]);
        expect(batch?.id).toMatch(/^events-public-\d+-\d+-2$/);
        expect((batch?.data as DomainEventBatch).events).toEqual([
          expect.objectContaining({ type: DOMAIN_EVENTS.feedbackRated, feedbackId: 5, outboxId: expect.any(String) }),
          expect.objectContaining({ type: DOMAIN_EVENTS.videoDeleted, videoId: 1, userIds: ['b'] }),
        ]);
        expect(batch?.opts).toMatchObject({ attempts: QUEUES[name].jobOptions.attempts });
      }
    } finally {
      await relay.onModuleDestroy();
    }
  });
});
