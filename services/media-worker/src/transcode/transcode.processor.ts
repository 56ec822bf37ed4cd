import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { WaitingError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { createReadStream, createWriteStream } from 'node:fs';
import { readFile, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  MAX_VIDEO_SECONDS,
  MEDIA_QUEUES,
  VIDEO_KEYS,
  type MediaFailureReason,
  type MediaResultJobData,
  type TranscodeJobData,
} from '@app/contracts';
import type { ObjectStorage } from '@app/storage';
import { config } from '../config.js';
import {
  FfmpegError,
  ffmpegTimeoutMs,
  playbackArgs,
  runFfmpeg,
  thumbnailArgs,
  thumbnailTime,
} from '../ffmpeg/ffmpeg.js';
import { inspectMedia, isWithinLengthLimit, type MediaInfo, type VideoStreamInfo } from '../ffmpeg/ffprobe.js';
import { planPlayback } from '../ffmpeg/playback-plan.js';
import { hasIndexFirst } from '../ffmpeg/mp4-boxes.js';
import { MediaResultsPublisher } from '../results/media-results.publisher.js';
import { createScratchDir } from '../shared/scratch-dir.js';
import { OBJECT_STORAGE, WORKER_REDIS } from '../worker.tokens.js';

/** On SIGTERM a running job gets this long to finish; then ffmpeg is stopped and the job handed back. */
const SHUTDOWN_GRACE_MS = 10_000;

/** The job's return value: what the worker did, for the queue's UI and the logs. */
export interface TranscodeOutcome {
  stage: 'ready' | 'failed';
  reason?: MediaFailureReason;
  reencoded?: boolean;
  timingsMs: Record<string, number>;
}

type Verdict = Extract<MediaResultJobData, { stage: 'ready' | 'failed' }>;

/**
 * Heavy lane: thumbnail + browser-safe playback file for a registered video, then a verdict on
 * the results queue. One job per process at a time (scale by replicas); ffmpeg works on local
 * scratch files that are always removed. Idempotent: output keys are fixed per video and a
 * re-run overwrites them, and the result job id is deterministic.
 *
 * A file that cannot become a video (missing, unreadable, no picture, too long, refused by
 * ffmpeg) is a verdict and the job completes. Anything else (S3, Redis, a killed ffmpeg)
 * throws so BullMQ retries with the producer's backoff; the last attempt still sends a verdict
 * so the video never stays "processing" forever.
 */
@Injectable()
export class TranscodeProcessor implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(TranscodeProcessor.name);
  private worker?: Worker<TranscodeJobData, TranscodeOutcome>;

  constructor(
    @Inject(WORKER_REDIS) private readonly redis: Redis,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly results: MediaResultsPublisher,
  ) {}

  onModuleInit(): void {
    this.worker = new Worker<TranscodeJobData, TranscodeOutcome>(
      MEDIA_QUEUES.transcode,
      // Three parameters: BullMQ only hands out the abort signal to processors that take it.
      (job, token, signal) => this.process(job, token, signal),
      {
        connection: this.redis,
        prefix: config.QUEUE_PREFIX,
        // Recorded on the job as processedBy: which replica holds it.
        name: `transcode@${hostname()}:${process.pid}`,
        concurrency: 1,
        // The lock is renewed every lockDuration/2 while ffmpeg runs, however long it takes; a
        // killed worker stops renewing and another one takes the job over after this long.
        lockDuration: 30_000,
        stalledInterval: 15_000,
        maxStalledCount: 2,
      },
    );
    this.worker.on('failed', (job, error) =>
      this.logger.warn({
        msg: 'transcode failed',
        jobId: job?.id,
        videoId: job?.data.videoId,
        attemptsMade: job?.attemptsMade,
        error: error.message,
      }),
    );
    this.worker.on('stalled', (jobId) => this.logger.warn({ msg: 'transcode job stalled, requeued', jobId }));
    this.worker.on('error', (error) => this.logger.error({ msg: 'transcode worker error', error: error.message }));
  }

  async process(
    job: Job<TranscodeJobData, TranscodeOutcome>,
    token: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<TranscodeOutcome> {
    const { videoId, objectKey } = job.data;
    const timingsMs: Record<string, number> = {};
    const scratch = await createScratchDir();
    try {
      const { verdict, plan } = await this.transcode(job.data, scratch, timingsMs, signal);
      await this.results.publish(verdict);
      const outcome: TranscodeOutcome =
        verdict.stage === 'ready'
          ? { stage: 'ready', reencoded: verdict.reencoded, timingsMs }
          : { stage: 'failed', reason: verdict.reason, timingsMs };
      this.logger.log({
        msg: verdict.stage === 'ready' ? 'transcoded' : 'transcode verdict: failed',
        jobId: job.id,
        videoId,
        objectKey,
        ...(verdict.stage === 'failed' ? { reason: verdict.reason, detail: verdict.detail } : {}),
        ...(plan ? { plan: { video: plan.video, audio: plan.audio, reasons: plan.reasons } } : {}),
        timingsMs,
      });
      return outcome;
    } catch (error) {
      if (signal?.aborted && token) {
        // Shutdown: back to the queue at once, without spending an attempt.
        await job.moveToWait(token);
        this.logger.warn({ msg: 'transcode handed back on shutdown', jobId: job.id, videoId });
        throw new WaitingError();
      }
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) {
        await this.results.publish({
          videoId,
          stage: 'failed',
          reason: 'transcode-failed',
          detail: `gave up after ${job.attemptsMade + 1} attempt(s): ${errorMessage(error)}`,
        });
      }
      throw error;
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }

  private async transcode(
    { videoId, objectKey }: TranscodeJobData,
    scratch: string,
    timingsMs: Record<string, number>,
    signal: AbortSignal | undefined,
  ): Promise<{ verdict: Verdict; plan?: ReturnType<typeof planPlayback> }> {
    const failed = (reason: MediaFailureReason, detail: string) => ({
      verdict: { videoId, stage: 'failed', reason, detail } as const,
    });
    const timed = async <T>(step: string, work: () => Promise<T>): Promise<T> => {
      const started = Date.now();
      try {
        return await work();
      } finally {
        timingsMs[step] = Date.now() - started;
      }
    };

    const input = join(scratch, 'original');
    const downloaded = await timed('download', async () => {
      const object = await this.storage.download(objectKey);
      if (!object) return false;
      await pipeline(object.body, createWriteStream(input), { signal });
      return true;
    });
    if (!downloaded) return failed('missing', `object ${objectKey} does not exist`);

    const info = await timed('probe', () => inspectMedia(config.FFPROBE_PATH, input));
    if (!info) return failed('unreadable', 'ffprobe cannot read the file as media');
    const video = info.video;
    if (!video) return failed('no-video', `no video stream in ${info.formatName || 'the file'}`);
    if (info.durationSeconds !== null && !isWithinLengthLimit(info.durationSeconds)) {
      return failed('too-long', `${info.durationSeconds.toFixed(1)} s is over the ${MAX_VIDEO_SECONDS} s limit`);
    }

    const thumbnail = await timed('thumbnail', () => this.makeThumbnail(input, scratch, info, video, signal));

    const plan = planPlayback(info);
    // Already what every browser plays, index first: the original itself is the playback file,
    // so there is nothing to write or upload again (the common case for phone and camera MP4s).
    if (!plan.reencoded && info.durationSeconds !== null && (await timed('index-check', () => hasIndexFirst(input)))) {
      const thumbnailKey = thumbnail ? VIDEO_KEYS.thumbnail(videoId) : null;
      if (thumbnail && thumbnailKey) {
        await timed('upload', async () =>
          this.storage.upload(thumbnailKey, await readFile(thumbnail), { contentType: 'image/jpeg', signal }),
        );
      }
      return {
        verdict: {
          videoId,
          stage: 'ready',
          playbackKey: objectKey,
          thumbnailKey,
          durationSeconds: info.durationSeconds,
          reencoded: false,
        },
        plan,
      };
    }
    const playback = join(scratch, 'playback.mp4');
    try {
      await timed(plan.video === 'encode' ? 'encode' : plan.audio === 'encode' ? 'remux+audio' : 'remux', () =>
        runFfmpeg(
          config.FFMPEG_PATH,
          playbackArgs(input, playback, plan, { video: video.index, audio: info.audio?.index ?? null }),
          { timeoutMs: ffmpegTimeoutMs(info.durationSeconds, plan.video === 'encode' ? 'encode' : 'remux'), signal },
        ),
      );
    } catch (error) {
      if (error instanceof FfmpegError && error.isInputError)
        return { ...failed('transcode-failed', error.stderrTail || error.message), plan };
      throw error;
    }

    const output = await timed('verify', () => inspectMedia(config.FFPROBE_PATH, playback));
    if (output?.video?.codec !== 'h264') {
      return { ...failed('transcode-failed', 'ffmpeg did not produce a readable H.264 file'), plan };
    }
    // An input without any duration could only be measured now.
    if (output.durationSeconds !== null && !isWithinLengthLimit(output.durationSeconds)) {
      return {
        ...failed('too-long', `${output.durationSeconds.toFixed(1)} s is over the ${MAX_VIDEO_SECONDS} s limit`),
        plan,
      };
    }

    const playbackKey = VIDEO_KEYS.playback(videoId);
    const thumbnailKey = thumbnail ? VIDEO_KEYS.thumbnail(videoId) : null;
    await timed('upload', async () => {
      await this.storage.upload(playbackKey, createReadStream(playback), { contentType: 'video/mp4', signal });
      if (thumbnail && thumbnailKey) {
        await this.storage.upload(thumbnailKey, await readFile(thumbnail), { contentType: 'image/jpeg', signal });
      }
    });
    return {
      verdict: {
        videoId,
        stage: 'ready',
        playbackKey,
        thumbnailKey,
        durationSeconds: output.durationSeconds ?? info.durationSeconds,
        reencoded: plan.reencoded,
      },
      plan,
    };
  }

  /**
   * A JPEG frame ~1 s in (or at the start if seeking there yields nothing). A frame ffmpeg cannot
   * decode is no reason to withhold the video: the verdict then says `thumbnailKey: null`.
   */
  private async makeThumbnail(
    input: string,
    scratch: string,
    info: MediaInfo,
    video: VideoStreamInfo,
    signal: AbortSignal | undefined,
  ): Promise<string | null> {
    const output = join(scratch, 'thumbnail.jpg');
    let lastError = 'no frame at the requested time';
    for (const at of new Set([thumbnailTime(info.durationSeconds), 0])) {
      try {
        await runFfmpeg(config.FFMPEG_PATH, thumbnailArgs(input, output, video.index, at), {
          timeoutMs: ffmpegTimeoutMs(info.durationSeconds, 'thumbnail'),
          signal,
        });
        const written = await stat(output).catch(() => null);
        if (written && written.size > 0) return output;
      } catch (error) {
        if (!(error instanceof FfmpegError && error.isInputError)) throw error;
        lastError = error.stderrTail;
      }
    }
    this.logger.warn({ msg: 'no thumbnail', error: lastError });
    return null;
  }

  /** Lets the current job finish within the grace period, else stops ffmpeg and hands the job back. */
  async onModuleDestroy(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    const grace = setTimeout(() => worker.cancelAllJobs('shutdown'), SHUTDOWN_GRACE_MS);
    try {
      await worker.close();
    } finally {
      clearTimeout(grace);
    }
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
