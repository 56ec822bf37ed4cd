import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { WaitingError, type Job } from 'bullmq';
import { rm, stat } from 'node:fs/promises';
import { MEDIA_QUEUES, type TranscodeJobData } from '@app/contracts';
import { ffmpegDuration, JobQueues } from '@app/common';
import type { ObjectStorage } from '@app/storage';
import { config } from '../config.js';
import { runFfmpeg } from '../ffmpeg/ffmpeg.js';
import { inspectMedia, scanPackets } from '../ffmpeg/ffprobe.js';
import { analyseFrames } from '../ffmpeg/frame-timing.js';
import { MediaResultsPublisher } from '../results/media-results.publisher.js';
import { OriginalSource } from '../shared/original-source.js';
import { createScratchDir } from '../shared/scratch-dir.js';
import { OBJECT_STORAGE } from '../worker.tokens.js';
import { giveUpVerdict, TranscodePipeline, type TranscodeOutcome, type TranscodePorts } from './transcode-pipeline.js';

/**
 * Heavy lane's worker: runs the TranscodePipeline of each job in a scratch directory that is
 * always removed, hands the job back on shutdown without spending an attempt, and has the last
 * failed attempt send a verdict. One job per process at a time (the queue registry); ffmpeg
 * reads the original over a presigned URL where it can. Idempotent: output keys are fixed per
 * video and a re-run overwrites them, and result job ids are deterministic.
 */
@Injectable()
export class TranscodeProcessor implements OnModuleInit {
  private readonly logger = new Logger(TranscodeProcessor.name);

  constructor(
    private readonly queues: JobQueues,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly results: MediaResultsPublisher,
  ) {}

  onModuleInit(): void {
    this.queues.registerWorker(MEDIA_QUEUES.transcode, (job, token, signal) => this.process(job, token, signal));
  }

  async process(
    job: Job<TranscodeJobData>,
    token: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<TranscodeOutcome> {
    const { videoId, objectKey } = job.data;
    const scratch = await createScratchDir();
    try {
      const pipeline = new TranscodePipeline(this.portsFor(scratch, signal), {
        encodeSecondsPerMediaSecond: config.FFMPEG_ENCODE_SECONDS_PER_MEDIA_SECOND,
      });
      const { outcome, plan, detail } = await pipeline.run(job.data, scratch, signal);
      this.logger.log({
        msg: outcome.stage === 'ready' ? 'transcoded' : 'transcode verdict: failed',
        videoId,
        objectKey,
        ...(outcome.stage === 'failed'
          ? { reason: outcome.reason, detail }
          : { playback: outcome.playback, frames: outcome.frames }),
        ...(plan
          ? {
              plan: {
                video: plan.video,
                audio: plan.audio,
                frameRate: `${plan.frameRate.num}/${plan.frameRate.den}`,
                reasons: plan.reasons,
              },
            }
          : {}),
        timingsMs: outcome.timingsMs,
      });
      return outcome;
    } catch (error) {
      if (signal?.aborted && token) {
        // Shutdown: back to the queue at once, without spending an attempt.
        await job.moveToWait(token);
        this.logger.warn({ msg: 'transcode handed back on shutdown', videoId });
        throw new WaitingError();
      }
      const verdict = giveUpVerdict(
        { videoId, attemptsMade: job.attemptsMade, attempts: job.opts.attempts ?? 1 },
        error,
      );
      if (verdict) await this.results.publish(verdict);
      throw error;
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }

  /** The pipeline's ports for one job: its scratch directory and its abort signal. */
  private portsFor(scratch: string, signal: AbortSignal | undefined): TranscodePorts {
    return {
      openOriginal: async (objectKey) => {
        const source = await OriginalSource.open(this.storage, objectKey, scratch, signal);
        return (
          source && { url: source.url, local: () => source.local(), inspect: () => source.inspect(config.FFPROBE_PATH) }
        );
      },
      runFfmpeg: (args, options) => runFfmpeg(config.FFMPEG_PATH, args, options),
      inspectFile: (path) => inspectMedia(config.FFPROBE_PATH, path),
      scanFrames: async (path, videoStreamIndex) => {
        const scan = await scanPackets(config.FFPROBE_PATH, path, videoStreamIndex);
        return scan && analyseFrames(scan);
      },
      wroteFile: async (path) => ((await stat(path).catch(() => null))?.size ?? 0) > 0,
      uploadFile: (key, path, contentType, uploadSignal) =>
        this.storage.uploadFile(key, path, { contentType, signal: uploadSignal ?? signal }),
      removeObject: (key) => this.storage.delete(key),
      publish: (result) => this.results.publish(result),
      observeFfmpegStep: (step, seconds) => ffmpegDuration.observe({ step }, seconds),
      warn: (line) => this.logger.warn(line),
      now: () => Date.now(),
    };
  }
}
