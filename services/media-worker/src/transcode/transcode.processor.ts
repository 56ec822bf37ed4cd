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
  mediaInputLimitProblem,
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
  /** What is played: the original's streams remuxed into a clean MP4, or a re-encoded file. Never the original. */
  playback?: 'remuxed' | 'reencoded';
  /** Per step, plus `ready`: ms from the job's start to the 'ready' verdict. */
  timingsMs: Record<string, number>;
}

type PlanOf = ReturnType<typeof planPlayback>;

/**
 * Heavy lane: thumbnail + the published playback file for a registered video, with verdicts on
 * the results queue. One job per process at a time (scale by replicas); ffmpeg reads the
 * original over a presigned URL where it can and works on local scratch files that are always
 * removed. Idempotent: output keys are fixed per video and a re-run overwrites them, and result
 * job ids are deterministic.
 *
 * The original is never what is played: phones write GPS position, device and owner names into
 * it. Every video becomes 'ready' only with a copy made by ffmpeg: an original that every
 * browser already plays (H.264 yuv420p + AAC in MP4/MOV) is remuxed (stream copy, under a
 * second for a 2-minute clip), anything else is re-encoded; both drop all metadata and put the
 * index first.
 *
 * A file that cannot become a video (missing, unreadable, no picture, too long, over the input
 * limits, refused by ffmpeg, over its time budget) is a verdict and the job completes. Anything
 * else (S3, Redis, a killed ffmpeg) throws so BullMQ retries with the producer's backoff; the
 * last attempt still sends a verdict so the video never stays "processing" forever.
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
    const overLimits = mediaInputLimitProblem(info);
    if (overLimits) return fail('over-limits', overLimits);

    const thumbnail = await timed('thumbnail', () => this.makeThumbnail(source, scratch, info, video, signal));
    const thumbnailKey = thumbnail ? VIDEO_KEYS.thumbnail(videoId) : null;
    if (thumbnail && thumbnailKey) {
      await timed('upload-thumbnail', async () =>
        this.storage.upload(thumbnailKey, await readFile(thumbnail), { contentType: 'image/jpeg', signal }),
      );
    }

    const plan = planPlayback(info);
    const input = await timed('download', () => source.local());
    const playback = join(scratch, 'playback.mp4');
    const kind = plan.video === 'encode' ? 'encode' : 'remux';
    try {
      await timed(kind === 'encode' ? 'encode' : plan.audio === 'encode' ? 'remux+audio' : 'remux', () =>
        runFfmpeg(
          config.FFMPEG_PATH,
          playbackArgs(input, playback, plan, { video: video.index, audio: info.audio?.index ?? null }),
          {
            timeoutMs: ffmpegTimeoutMs(info.durationSeconds, kind, config.FFMPEG_ENCODE_SECONDS_PER_MEDIA_SECOND),
            signal,
          },
        ),
      );
    } catch (error) {
      if (!(error instanceof FfmpegError)) throw error;
      // Over budget is a verdict at once: the same file would take as long again on every attempt.
      if (error.timedOut) return fail('time-budget', error.message, plan);
      if (error.isInputError) return fail('transcode-failed', error.stderrTail || error.message, plan);
      throw error;
    }

    const output = await timed('verify', () => inspectMedia(config.FFPROBE_PATH, playback));
    if (output?.video?.codec !== 'h264') {
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
    await ready(playbackKey, thumbnailKey, output.durationSeconds ?? info.durationSeconds, plan);
    return {
      outcome: {
        stage: 'ready',
        reencoded: plan.reencoded,
        playback: plan.reencoded ? 'reencoded' : 'remuxed',
        timingsMs,
      },
      plan,
    };
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
          // A frame that takes longer than its budget is no frame: the encode's budget judges the file.
          if (!(error instanceof FfmpegError && (error.isInputError || error.timedOut))) throw error;
          lastError = error.stderrTail || error.message;
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
