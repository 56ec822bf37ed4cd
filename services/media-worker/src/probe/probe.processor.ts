import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { MEDIA_QUEUES, type ProbeJobData, type ProbeResult } from '@app/contracts';
import { ffmpegDuration, observeWorkerJobs, runJobTraced } from '@app/common';
import type { ObjectStorage } from '@app/storage';
import { toProbeResult, unreadableProbeResult } from '../ffmpeg/ffprobe.js';
import { config } from '../config.js';
import { MediaResultsPublisher } from '../results/media-results.publisher.js';
import { OriginalSource } from '../shared/original-source.js';
import { createScratchDir } from '../shared/scratch-dir.js';
import { OBJECT_STORAGE, WORKER_REDIS } from '../worker.tokens.js';

/**
 * Fast lane of the pipeline: ffprobe reads the stored object over a presigned URL (Range
 * requests reach a moov atom at the end of an MP4 without fetching the media) and reports
 * what it is. For a registered video the
 * verdict also goes to the results queue. Idempotent: a retried or re-delivered job just probes
 * again, and the result job id is deterministic.
 */
@Injectable()
export class ProbeProcessor implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ProbeProcessor.name);
  private worker?: Worker<ProbeJobData, ProbeResult>;

  constructor(
    @Inject(WORKER_REDIS) private readonly redis: Redis,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly results: MediaResultsPublisher,
  ) {}

  onModuleInit(): void {
    this.worker = new Worker<ProbeJobData, ProbeResult>(
      MEDIA_QUEUES.probe,
      (job) => runJobTraced(job, () => this.process(job)),
      {
        connection: this.redis,
        prefix: config.QUEUE_PREFIX,
        name: `probe@${hostname()}:${process.pid}`,
        concurrency: config.PROBE_CONCURRENCY,
        // A worker killed mid-job stops renewing its lock; after this long another worker takes the job over.
        lockDuration: 30_000,
        stalledInterval: 15_000,
        maxStalledCount: 2,
      },
    );
    // Failed attempts are logged, in the job's trace, by observeWorkerJobs.
    observeWorkerJobs(this.worker);
    this.worker.on('error', (error) => this.logger.error({ msg: 'probe worker error', error: error.message }));
  }

  async process(job: Job<ProbeJobData, ProbeResult>): Promise<ProbeResult> {
    const { objectKey, videoId } = job.data;
    const scratch = await createScratchDir();
    try {
      const source = await OriginalSource.open(this.storage, objectKey, scratch);
      if (!source) {
        if (videoId === undefined) throw new UnrecoverableError(`object ${objectKey} does not exist`);
        // A registered video whose file is gone: a verdict for its owner, not a job to retry.
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
      if (videoId !== undefined) await this.results.publish({ videoId, stage: 'probed', result });
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

  /** Hands the current jobs back (or finishes them) before the process exits. */
  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
  }
}
