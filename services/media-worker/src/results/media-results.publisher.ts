import { Injectable } from '@nestjs/common';
import { JobQueues, withRequestId } from '@app/common';
import { MEDIA_QUEUES, mediaJobId, type MediaResultJobData } from '@app/contracts';

/** Sends verdicts to the video service, which owns the `videos` rows, through the results queue. */
@Injectable()
export class MediaResultsPublisher {
  constructor(private readonly queues: JobQueues) {}

  async publish(result: MediaResultJobData): Promise<void> {
    await this.queues.add(
      MEDIA_QUEUES.results,
      result.stage,
      withRequestId(result),
      mediaJobId('result', result.videoId, result.stage),
    );
  }
}
