import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DOMAIN_EVENT_QUEUES } from '@app/contracts';
import { DomainEvents, userIdsOf } from '@app/database';
import { ReputationRepository } from './reputation.repository.js';

/** Consumer of every domain event that can change a member's points or badges. */
@Injectable()
export class ReputationProcessor implements OnModuleInit {
  constructor(
    private readonly events: DomainEvents,
    private readonly reputation: ReputationRepository,
  ) {}

  onModuleInit(): void {
    this.events.consume(DOMAIN_EVENT_QUEUES.reputation, (events) => this.reputation.deriveFor(userIdsOf(events)));
  }
}
