import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import { JobQueues } from '@app/common';
import { MEDIA_QUEUES } from '@app/contracts';
import { config } from '../config.js';
import { isProbeJudgement, type ProbeJudgement } from './probe-judgement.js';

/** How long a judgement is kept for an upload that starts waiting only after it was made. */
const KEPT_MS = 60_000;

/**
 * Lets an upload wait, for a bounded time, for the judgement of its probe: the results
 * consumer (MediaResultsProcessor, in whichever replica takes the job) judges the verdict once
 * and returns its judgement as the job's value; this reads it from the queue's event stream.
 */
@Injectable()
export class ProbeVerdicts implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ProbeVerdicts.name);
  private readonly connection: Redis;
  private readonly events: QueueEvents;
  private readonly judged = new Map<number, { judgement: ProbeJudgement; at: number }>();
  private readonly waiting = new Map<number, Set<(judgement: ProbeJudgement) => void>>();

  constructor(queues: JobQueues) {
    // QueueEvents blocks on a stream read, so it gets a connection of its own.
    this.connection = queues.redis.duplicate();
    this.events = new QueueEvents(MEDIA_QUEUES.results, { connection: this.connection, prefix: config.QUEUE_PREFIX });
  }

  // Not waited for: with Redis away the service still starts, and an upload then answers "processing".
  onModuleInit(): void {
    this.events.on('completed', ({ returnvalue }) => {
      if (isProbeJudgement(returnvalue)) this.record(returnvalue);
    });
    this.events.on('error', (error) => this.logger.warn({ msg: 'results events unavailable', error: error.message }));
  }

  /** The judgement of this video's probe, or null when it is not made within waitMs. */
  waitFor(videoId: number, waitMs: number): Promise<ProbeJudgement | null> {
    const known = this.judged.get(videoId);
    if (known) return Promise.resolve(known.judgement);
    return new Promise((resolve) => {
      const waiters = this.waiting.get(videoId) ?? new Set();
      const settle = (judgement: ProbeJudgement | null) => {
        clearTimeout(timer);
        waiters.delete(settle);
        if (!waiters.size) this.waiting.delete(videoId);
        resolve(judgement);
      };
      const timer = setTimeout(() => settle(null), waitMs);
      waiters.add(settle);
      this.waiting.set(videoId, waiters);
    });
  }

  private record(judgement: ProbeJudgement): void {
    const now = Date.now();
    for (const [videoId, { at }] of this.judged) if (now - at > KEPT_MS) this.judged.delete(videoId);
    this.judged.set(judgement.videoId, { judgement, at: now });
    for (const settle of this.waiting.get(judgement.videoId) ?? []) settle(judgement);
  }

  async onModuleDestroy(): Promise<void> {
    await this.events.close();
    this.connection.disconnect();
  }
}
