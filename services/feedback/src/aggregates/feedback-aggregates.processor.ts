import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DOMAIN_EVENT_QUEUES } from '@app/contracts';
import { DomainEvents, idsOf } from '@app/database';
import { FeedbackAggregatesRepository } from './feedback-aggregates.repository.js';

/** Consumer of the domain events that change a piece of feedback's numbers (votes, ratings). */
@Injectable()
export class FeedbackAggregatesProcessor implements OnModuleInit {
  constructor(
    private readonly events: DomainEvents,
    private readonly aggregates: FeedbackAggregatesRepository,
  ) {}

  onModuleInit(): void {
    this.events.consume(DOMAIN_EVENT_QUEUES.feedbackAggregates, (events) =>
      this.aggregates.deriveFor(idsOf(events, 'feedbackId')),
    );
  }
}
