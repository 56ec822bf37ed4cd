import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MEDIA_QUEUES } from '@app/contracts';
import { JobQueues } from '@app/common';
import { VideosService } from '../videos/videos.service.js';

/**
 * Consumes the worker's verdicts (durable jobs, so none is lost while this service is down)
 * and applies them to the `videos` rows this service owns. A probe verdict's judgement is the
 * job's value, for the upload that may be waiting for it (ProbeVerdicts).
 */
@Injectable()
export class MediaResultsProcessor implements OnModuleInit {
  constructor(
    private readonly queues: JobQueues,
    private readonly videos: VideosService,
  ) {}

  onModuleInit(): void {
    this.queues.registerWorker(MEDIA_QUEUES.results, (job) => this.videos.applyMediaResult(job.data));
  }
}
