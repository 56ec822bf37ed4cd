import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DOMAIN_EVENT_QUEUES } from '@app/contracts';
import { JobQueues } from '@app/common';
import { latestStates } from '@app/database';
import { ReputationRepository } from './reputation.repository.js';

/**
 * Consumer of the numbers members' points and badges are made of: `authorStats` (feedback
 * events) and `uploaderStats` (video events), the newest of each member per batch.
 */
@Injectable()
export class ReputationProcessor implements OnModuleInit {
  constructor(
    private readonly queues: JobQueues,
    private readonly reputation: ReputationRepository,
  ) {}

  onModuleInit(): void {
    this.queues.registerWorker(DOMAIN_EVENT_QUEUES.reputation, ({ data: { events } }) =>
      this.reputation.apply({
        authorStats: latestStates(
          events.flatMap((event) => event.authorStats ?? []),
          (stats) => stats.userId,
        ),
        uploaderStats: latestStates(
          events.map((event) => event.uploaderStats),
          (stats) => stats.userId,
        ),
      }),
    );
  }
}
