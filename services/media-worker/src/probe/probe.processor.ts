import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { Job } from 'bullmq';
import { rm } from 'node:fs/promises';
import { MEDIA_QUEUES, type ProbeJobData, type ProbeResult } from '@app/contracts';
import { ffmpegDuration, JobQueues } from '@app/common';
import type { ObjectStorage } from '@app/storage';
import { toProbeResult, unreadableProbeResult } from '../ffmpeg/ffprobe.js';
import { config } from '../config.js';
import { MediaResultsPublisher } from '../results/media-results.publisher.js';
import { OriginalSource } from '../shared/original-source.js';
import { createScratchDir } from '../shared/scratch-dir.js';
import { OBJECT_STORAGE } from '../worker.tokens.js';

/**
 * Fast lane of the pipeline: ffprobe reads a registered video's stored original over a
 * presigned URL (Range requests reach a moov atom at the end of an MP4 without fetching the
 * media) and reports what it is, as facts, on the results queue: the video service judges them.
 * Idempotent: a retried or re-delivered job just probes again, and the result job id is
 * deterministic.
 */
@Injectable()
export class ProbeProcessor implements OnModuleInit {
  private readonly logger = new Logger(ProbeProcessor.name);

  constructor(
    private readonly queues: JobQueues,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly results: MediaResultsPublisher,
  ) {}

  onModuleInit(): void {
    this.queues.registerWorker(MEDIA_QUEUES.probe, (job) => this.process(job));
  }

  async process(job: Job<ProbeJobData>): Promise<ProbeResult> {
    const { objectKey, videoId } = job.data;
    const scratch = await createScratchDir();
    try {
      const source = await OriginalSource.open(this.storage, objectKey, scratch);
      if (!source) {
        // The video's file is gone: a verdict for its owner, not a job to retry.
        await this.results.publish({
          videoId,
          stage: 'failed',
          reason: 'missing',
          detail: `object ${objectKey} does not exist`,
        });
        this.logger.warn({ msg: 'probe: object missing', videoId, objectKey });
        return unreadableProbeResult(objectKey);
      }
      const stopTimer = ffmpegDuration.startTimer({ step: 'probe' });
      const info = await source.inspect(config.FFPROBE_PATH).finally(() => stopTimer());
      const result = info ? toProbeResult(info, objectKey) : unreadableProbeResult(objectKey);
      await this.results.publish({ videoId, stage: 'probed', result });
      this.logger.log({
        msg: 'probed',
        videoId,
        objectKey,
        durationSeconds: result.durationSeconds,
        readable: result.readable,
        downloaded: source.downloaded,
      });
      return result;
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }
}
