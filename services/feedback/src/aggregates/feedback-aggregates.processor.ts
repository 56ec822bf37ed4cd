import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DOMAIN_EVENT_QUEUES } from '@app/contracts';
import { JobQueues } from '@app/common';
import { idsOf } from '@app/database';
import { FeedbackAggregatesRepository } from './feedback-aggregates.repository.js';

/** Consumer of the domain events that change a piece of feedback's numbers (votes, ratings). */
@Injectable()
export class FeedbackAggregatesProcessor implements OnModuleInit {
  constructor(
    private readonly queues: JobQueues,
    private readonly aggregates: FeedbackAggregatesRepository,
  ) {}

  onModuleInit(): void {
    this.queues.registerWorker(DOMAIN_EVENT_QUEUES.feedbackAggregates, (job) =>
      this.aggregates.deriveFor(idsOf(job.data.events, 'feedbackId')),
    );
  }
}
