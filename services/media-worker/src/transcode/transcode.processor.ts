import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { WaitingError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { createReadStream } from 'node:fs';
import { readFile, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import {
  MAX_VIDEO_SECONDS,
  MEDIA_QUEUES,
  VIDEO_KEYS,
  type MediaFailureReason,
  type TranscodeJobData,
} from '@app/contracts';
import { ffmpegDuration, observeWorkerJobs, runJobTraced } from '@app/common';
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
import { MediaResultsPublisher } from '../results/media-results.publisher.js';
import { OriginalSource } from '../shared/original-source.js';
import { createScratchDir } from '../shared/scratch-dir.js';
import { OBJECT_STORAGE, WORKER_REDIS } from '../worker.tokens.js';

/** The job's return value: what the worker did, for the queue's UI and the logs. */
export interface TranscodeOutcome {
  stage: 'ready' | 'failed';
  reason?: MediaFailureReason;
  reencoded?: boolean;
  /** What is played: the original itself, its faststart copy, or a re-encoded file. */
  playback?: 'original' | 'faststart-copy' | 'reencoded';
  /** Per step, plus `ready`: ms from the job's start to the 'ready' verdict. */
  timingsMs: Record<string, number>;
}

type PlanOf = ReturnType<typeof planPlayback>;

/**
 * Heavy lane: thumbnail + browser-safe playback for a registered video, with verdicts on the
 * results queue. One job per process at a time (scale by replicas); ffmpeg reads the original
 * over a presigned URL where it can and works on local scratch files that are always removed.
 * Idempotent: output keys are fixed per video and a re-run overwrites them, and result job ids
 * are deterministic.
 *
 * An original that every browser already plays (H.264 yuv420p + AAC in MP4/MOV) is 'ready' as
 * soon as its thumbnail exists: the stream route answers Range requests, so a browser reaches
 * an index at the end too. When its index is last, a faststart copy is made afterwards and
 * replaces it as the playback file ('faststart' verdict). Anything else is re-encoded first.
 *
 * A file that cannot become a video (missing, unreadable, no picture, too long, refused by
 * ffmpeg) is a verdict and the job completes. Anything else (S3, Redis, a killed ffmpeg)
 * throws so BullMQ retries with the producer's backoff; the last attempt still sends a verdict
 * so the video never stays "processing" forever.
 */
/** The timed steps that are an ffmpeg/ffprobe run (the others are S3 transfers and bookkeeping). */
const FFMPEG_STEPS = new Set(['probe', 'thumbnail', 'encode', 'remux', 'remux+audio', 'verify']);

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
      (job, token, signal) => runJobTraced(job, () => this.process(job, token, signal)),
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
    // Failed attempts are logged, in the job's trace, by observeWorkerJobs.
    this.worker.on('stalled', (jobId) => this.logger.warn({ msg: 'transcode job stalled, requeued', jobId }));
    observeWorkerJobs(this.worker);
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
      const { outcome, plan, detail } = await this.transcode(job.data, scratch, timingsMs, signal);
      this.logger.log({
        msg: outcome.stage === 'ready' ? 'transcoded' : 'transcode verdict: failed',
        videoId,
        objectKey,
        ...(outcome.stage === 'failed' ? { reason: outcome.reason, detail } : { playback: outcome.playback }),
        ...(plan ? { plan: { video: plan.video, audio: plan.audio, reasons: plan.reasons } } : {}),
        timingsMs,
      });
      return outcome;
    } catch (error) {
      if (signal?.aborted && token) {
        // Shutdown: back to the queue at once, without spending an attempt.
        await job.moveToWait(token);
        this.logger.warn({ msg: 'transcode handed back on shutdown', videoId });
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
    { videoId, objectKey, media }: TranscodeJobData,
    scratch: string,
    timingsMs: Record<string, number>,
    signal: AbortSignal | undefined,
  ): Promise<{ outcome: TranscodeOutcome; plan?: PlanOf; detail?: string }> {
    const started = Date.now();
    const timed = async <T>(step: string, work: () => Promise<T>): Promise<T> => {
      const stepStarted = Date.now();
      try {
        return await work();
      } finally {
        const elapsedMs = Date.now() - stepStarted;
        timingsMs[step] = (timingsMs[step] ?? 0) + elapsedMs;
        if (FFMPEG_STEPS.has(step)) ffmpegDuration.observe({ step }, elapsedMs / 1000);
      }
    };
    const fail = async (reason: MediaFailureReason, detail: string, plan?: PlanOf) => {
      await this.results.publish({ videoId, stage: 'failed', reason, detail });
      return { outcome: { stage: 'failed', reason, timingsMs } as TranscodeOutcome, plan, detail };
    };
    const ready = async (
      playbackKey: string,
      thumbnailKey: string | null,
      durationSeconds: number | null,
      plan: PlanOf,
    ) => {
      await this.results.publish({
        videoId,
        stage: 'ready',
        playbackKey,
        thumbnailKey,
        durationSeconds,
        reencoded: plan.reencoded,
      });
      timingsMs.ready = Date.now() - started;
    };

    const source = await timed('open', () => OriginalSource.open(this.storage, objectKey, scratch, signal));
    if (!source) return fail('missing', `object ${objectKey} does not exist`);

    // Probed already by the probe stage (in the upload request): its findings came with the job.
    const info = media ?? (await timed('probe', () => source.inspect(config.FFPROBE_PATH)));
    if (!info) return fail('unreadable', 'ffprobe cannot read the file as media');
    const video = info.video;
    if (!video) return fail('no-video', `no video stream in ${info.formatName || 'the file'}`);
    if (info.durationSeconds !== null && !isWithinLengthLimit(info.durationSeconds)) {
      return fail('too-long', `${info.durationSeconds.toFixed(1)} s is over the ${MAX_VIDEO_SECONDS} s limit`);
    }

    const thumbnail = await timed('thumbnail', () => this.makeThumbnail(source, scratch, info, video, signal));
    const thumbnailKey = thumbnail ? VIDEO_KEYS.thumbnail(videoId) : null;
    if (thumbnail && thumbnailKey) {
      await timed('upload-thumbnail', async () =>
        this.storage.upload(thumbnailKey, await readFile(thumbnail), { contentType: 'image/jpeg', signal }),
      );
    }

    const plan = planPlayback(info);
    // Already what every browser plays, and its length is known: it is played as it is, now.
    const playableAsIs = !plan.reencoded && info.durationSeconds !== null;
    if (playableAsIs) {
      await ready(objectKey, thumbnailKey, info.durationSeconds, plan);
      if (await timed('index-check', () => source.hasIndexFirst())) {
        return { outcome: { stage: 'ready', reencoded: false, playback: 'original', timingsMs }, plan };
      }
    }

    // A whole-file pass: the faststart copy of a ready original, or the re-encode it waits for.
    const input = await timed('download', () => source.local());
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
      if (!(error instanceof FfmpegError && error.isInputError)) throw error;
      if (playableAsIs) return this.keepOriginal(videoId, error.stderrTail || error.message, plan, timingsMs);
      return fail('transcode-failed', error.stderrTail || error.message, plan);
    }

    const output = await timed('verify', () => inspectMedia(config.FFPROBE_PATH, playback));
    if (output?.video?.codec !== 'h264') {
      if (playableAsIs) return this.keepOriginal(videoId, 'the faststart copy is not readable H.264', plan, timingsMs);
      return fail('transcode-failed', 'ffmpeg did not produce a readable H.264 file', plan);
    }
    // An input without any duration could only be measured now.
    if (output.durationSeconds !== null && !isWithinLengthLimit(output.durationSeconds)) {
      return fail('too-long', `${output.durationSeconds.toFixed(1)} s is over the ${MAX_VIDEO_SECONDS} s limit`, plan);
    }

    const playbackKey = VIDEO_KEYS.playback(videoId);
    await timed('upload', () =>
      this.storage.upload(playbackKey, createReadStream(playback), { contentType: 'video/mp4', signal }),
    );
    if (playableAsIs) {
      await this.results.publish({ videoId, stage: 'faststart', playbackKey });
      return { outcome: { stage: 'ready', reencoded: false, playback: 'faststart-copy', timingsMs }, plan };
    }
    await ready(playbackKey, thumbnailKey, output.durationSeconds ?? info.durationSeconds, plan);
    return {
      outcome: {
        stage: 'ready',
        reencoded: plan.reencoded,
        playback: plan.reencoded ? 'reencoded' : 'faststart-copy',
        timingsMs,
      },
      plan,
    };
  }

  /** The original is already playing; a copy ffmpeg could not make only costs a slower start. */
  private keepOriginal(videoId: number, why: string, plan: PlanOf, timingsMs: Record<string, number>) {
    this.logger.warn({ msg: 'no faststart copy; the original stays the playback file', videoId, why });
    return { outcome: { stage: 'ready', reencoded: false, playback: 'original', timingsMs } as TranscodeOutcome, plan };
  }

  /**
   * A JPEG frame ~1 s in (or at the start if seeking there yields nothing), read over the URL
   * and, if that fails, from a local copy. A frame ffmpeg cannot decode is no reason to
   * withhold the video: the verdict then says `thumbnailKey: null`.
   */
  private async makeThumbnail(
    source: OriginalSource,
    scratch: string,
    info: MediaInfo,
    video: VideoStreamInfo,
    signal: AbortSignal | undefined,
  ): Promise<string | null> {
    const output = join(scratch, 'thumbnail.jpg');
    let lastError = 'no frame at the requested time';
    const inputs = [() => Promise.resolve(source.url), () => source.local()];
    for (const inputOf of inputs) {
      const input = await inputOf();
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
    }
    this.logger.warn({ msg: 'no thumbnail', error: lastError });
    return null;
  }

  /** Lets the current job finish within SHUTDOWN_GRACE_MS, else stops ffmpeg and hands the job back. */
  async onModuleDestroy(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    const grace = setTimeout(() => worker.cancelAllJobs('shutdown'), config.SHUTDOWN_GRACE_MS);
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
