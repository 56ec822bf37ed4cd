import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DOMAIN_EVENT_QUEUES } from '@app/contracts';
import { JobQueues } from '@app/common';
import { ListingProjectionService } from './listing-projection.service.js';

/** Consumer of video.changed / published / deleted and user.profile-changed: the listing projection. */
@Injectable()
export class ListingProjectionProcessor implements OnModuleInit {
  constructor(
    private readonly queues: JobQueues,
    private readonly projection: ListingProjectionService,
  ) {}

  onModuleInit(): void {
    this.queues.registerWorker(DOMAIN_EVENT_QUEUES.catalogListings, (job) => this.projection.apply(job.data.events));
  }
}
