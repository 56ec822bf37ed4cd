import type { EntityManager } from 'typeorm';
import { OutboxEventEntity } from '@app/database';
import type { MediaQueueName } from '@app/contracts';
import { withRequestId } from '@app/common';

/** Outbox rows of this type are BullMQ jobs the video service owes the media pipeline. */
export const MEDIA_JOB_EVENT = 'media.job.v1';

export interface MediaJobOutboxPayload {
  queue: MediaQueueName;
  name: string;
  jobId: string;
  data: Record<string, unknown>;
}

/**
 * Records a job in the same transaction as the row change that calls for it, with the id of
 * the request being served (if any), so the worker's logs name it.
 */
export function recordMediaJob(manager: EntityManager, job: MediaJobOutboxPayload): Promise<OutboxEventEntity> {
  const traced = { ...job, data: withRequestId(job.data) };
  return manager.getRepository(OutboxEventEntity).save({ eventType: MEDIA_JOB_EVENT, payload: traced });
}
