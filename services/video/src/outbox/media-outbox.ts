import type { EntityManager } from 'typeorm';
import { OutboxEventEntity } from '@app/database';
import type { MediaQueueName } from '@app/contracts';

/** Outbox rows of this type are BullMQ jobs the video service owes the media pipeline. */
export const MEDIA_JOB_EVENT = 'media.job.v1';

export interface MediaJobOutboxPayload {
  queue: MediaQueueName;
  name: string;
  jobId: string;
  data: Record<string, unknown>;
}

/** Records a job in the same transaction as the row change that calls for it. */
export function recordMediaJob(manager: EntityManager, job: MediaJobOutboxPayload): Promise<OutboxEventEntity> {
  return manager
    .getRepository(OutboxEventEntity)
    .save({ eventType: MEDIA_JOB_EVENT, payload: job as unknown as Record<string, unknown> });
}
