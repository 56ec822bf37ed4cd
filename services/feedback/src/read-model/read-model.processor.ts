import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DOMAIN_EVENT_QUEUES } from '@app/contracts';
import { JobQueues } from '@app/common';
import { ReadModelRepository } from './read-model.repository.js';
import { readModelStatesOf } from './read-model.states.js';

/**
 * Consumer of the states other services publish about what feedback shows: people (auth),
 * videos (video) and categories (catalog). Every batch reaches every consumer; events carrying
 * none of these states are not for this one.
 */
@Injectable()
export class ReadModelProcessor implements OnModuleInit {
  constructor(
    private readonly queues: JobQueues,
    private readonly readModel: ReadModelRepository,
  ) {}

  onModuleInit(): void {
    this.queues.registerWorker(DOMAIN_EVENT_QUEUES.feedbackReadModel, async (job) => {
      const { people, videos, categories } = readModelStatesOf(job.data.events);
      await this.readModel.applyPeople(people);
      await this.readModel.applyVideos(videos);
      await this.readModel.applyCategories(categories);
    });
  }
}
