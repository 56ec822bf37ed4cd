import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DOMAIN_EVENT_QUEUES } from '@app/contracts';
import { JobQueues } from '@app/common';
import { userIdsOf } from '@app/database';
import { ReputationRepository } from './reputation.repository.js';

/** Consumer of every domain event that can change a member's points or badges. */
@Injectable()
export class ReputationProcessor implements OnModuleInit {
  constructor(
    private readonly queues: JobQueues,
    private readonly reputation: ReputationRepository,
  ) {}

  onModuleInit(): void {
    this.queues.registerWorker(DOMAIN_EVENT_QUEUES.reputation, (job) =>
      this.reputation.deriveFor(userIdsOf(job.data.events)),
    );
  }
}
