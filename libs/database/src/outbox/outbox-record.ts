import type { EntityManager } from 'typeorm';
import { withRequestId } from '@app/common';
import type { DomainEvent, MediaQueueName } from '@app/contracts';
import { markOutboxWritten } from './outbox-commit.js';

/** Outbox rows of this type are BullMQ jobs a service owes the media pipeline. */
export const MEDIA_JOB_EVENT = 'media.job.v1';

export interface MediaJobOutboxPayload {
  queue: MediaQueueName;
  name: string;
  /** Deterministic: delivering the row twice queues the job once. */
  jobId: string;
  data: Record<string, unknown>;
}

/**
 * Records a row in `manager`'s transaction (the one of the fact it describes); the relay is
 * woken when that transaction commits.
 */
async function recordOutboxRow(manager: EntityManager, eventType: string, payload: object): Promise<void> {
  markOutboxWritten(manager);
  await manager.query(`INSERT INTO outbox ("eventType", payload) VALUES ($1, $2::jsonb)`, [
    eventType,
    JSON.stringify(payload),
  ]);
}

/** Records an event in the same transaction as the fact it describes, with the request's id. */
export function recordDomainEvent(manager: EntityManager, event: Omit<DomainEvent, 'occurredAt'>): Promise<void> {
  return recordOutboxRow(manager, event.type, withRequestId({ ...event, occurredAt: new Date().toISOString() }));
}

/**
 * Records a job in the same transaction as the row change that calls for it, with the id of
 * the request being served (if any), so the worker's logs name it.
 */
export function recordMediaJob(manager: EntityManager, job: MediaJobOutboxPayload): Promise<void> {
  return recordOutboxRow(manager, MEDIA_JOB_EVENT, { ...job, data: withRequestId(job.data) });
}
