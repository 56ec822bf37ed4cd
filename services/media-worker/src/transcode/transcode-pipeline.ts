import { join } from 'node:path';
import {
  isWithinVideoLengthLimit,
  MAX_VIDEO_SECONDS,
  VIDEO_KEYS,
  mediaInputLimitProblem,
  type MediaFailureReason,
  type MediaResultJobData,
  type PlaybackFrames,
  type TranscodeJobData,
} from '@app/contracts';
import {
  FfmpegError,
  ffmpegTimeoutMs,
  playbackArgs,
  thumbnailArgs,
  thumbnailTime,
  type RunOptions,
} from '../ffmpeg/ffmpeg.js';
import type { MediaInfo, VideoStreamInfo } from '../ffmpeg/ffprobe.js';
import { playbackFramesOf, type FrameTiming } from '../ffmpeg/frame-timing.js';
import { mayCopyPicture, planPlayback, type PlaybackPlan } from '../ffmpeg/playback-plan.js';

/** The job's return value: what the worker did, for the queue's UI and the logs. */
export interface TranscodeOutcome {
  stage: 'ready' | 'failed';
  reason?: MediaFailureReason;
  reencoded?: boolean;
  /** What is played: the original's streams remuxed into a clean MP4, or a re-encoded file. Never the original. */
  playback?: 'remuxed' | 'reencoded';
  /** The playback file's frames, as sent with the verdict. */
  frames?: PlaybackFrames | null;
  /** Per step, plus `ready`: ms from the job's start to the 'ready' verdict. */
  timingsMs: Record<string, number>;
}

/** What one run decided, with what the log line needs. */
export interface TranscodeRun {
  outcome: TranscodeOutcome;
  plan?: PlaybackPlan;
  /** Why it failed, for the log. */
  detail?: string;
}

/** The stored original as the pipeline reads it (OriginalSource). */
export interface TranscodeSource {
  /** Presigned: ffprobe and a thumbnail need only Range requests. */
  readonly url: string;
  /** A local copy, downloaded once, for whole-file passes. */
  local(): Promise<string>;
  /** ffprobe's findings (null when not readable media). */
  inspect(): Promise<MediaInfo | null>;
}

/** What the pipeline does to the world: storage, ffmpeg/ffprobe, the results queue, the clock. */
export interface TranscodePorts {
  /** The original, or null when it does not exist. */
  openOriginal(objectKey: string): Promise<TranscodeSource | null>;
  runFfmpeg(args: string[], options: RunOptions): Promise<void>;
  inspectFile(path: string): Promise<MediaInfo | null>;
  /** A local file's video stream read packet by packet (ffprobe, no decoding); null when unreadable. */
  scanFrames(path: string, videoStreamIndex: number): Promise<FrameTiming | null>;
  /** Whether a non-empty file exists at `path` (ffmpeg may exit 0 having written no frame). */
  wroteFile(path: string): Promise<boolean>;
  /** Aborting `signal` stops the upload (a copy started before it is known to be the one). */
  uploadFile(key: string, path: string, contentType: string, signal?: AbortSignal): Promise<void>;
  /** Removes a stored object; nothing happens when there is none. */
  removeObject(key: string): Promise<void>;
  publish(result: MediaResultJobData): Promise<void>;
  /** Wall time of one ffmpeg/ffprobe step, in seconds (metrics). */
  observeFfmpegStep(step: string, seconds: number): void;
  warn(line: Record<string, unknown>): void;
  now(): number;
}

export interface TranscodeSettings {
  encodeSecondsPerMediaSecond: number;
}

/** Runs one step of the job, adding its wall time (from `startedAt`, else now) to the job's timings. */
type Timed = <T>(step: string, work: () => Promise<T>, startedAt?: number) => Promise<T>;

/** Where the playback file is made and stored, and which of the original's streams it keeps. */
interface PlaybackFiles {
  playback: string;
  playbackKey: string;
  streams: { video: number; audio: number | null };
}

/** A playback file made, checked and stored, with the packet scan of its picture. */
interface MadePlayback {
  plan: PlaybackPlan;
  output: MediaInfo & { video: VideoStreamInfo };
  scanned: FrameTiming | null;
}

/** Why the file cannot become a video, found while making its playback file. */
interface LocalVerdict {
  verdict: MediaFailureReason;
  detail: string;
  plan: PlaybackPlan;
}

const tooLong = (seconds: number) => `${seconds.toFixed(1)} s is over the ${MAX_VIDEO_SECONDS} s limit`;

/** How far a whole copy's duration may be from the original's (ffprobe's seconds, rounded; AAC priming). */
const COPY_DURATION_TOLERANCE_SECONDS = 0.1;

/**
 * Why a copy made over the network is not the original's picture and sound, whole, as readable
 * H.264; null when it is. A connection cut short can leave a shorter file that ffmpeg ends
 * without an error.
 */
export function notWholeCopy(original: MediaInfo, copy: MediaInfo | null): string | null {
  if (copy?.video?.codec !== 'h264') return 'not readable H.264';
  if (original.durationSeconds === null || copy.durationSeconds === null) return 'duration unknown';
  if (Math.abs(copy.durationSeconds - original.durationSeconds) > COPY_DURATION_TOLERANCE_SECONDS) {
    return `${copy.durationSeconds} s of ${original.durationSeconds} s`;
  }
  const frames = original.video?.frameCount;
  if (frames && copy.video.frameCount && copy.video.frameCount !== frames) {
    return `${copy.video.frameCount} of ${frames} frames`;
  }
  return null;
}

/** The timed steps that are an ffmpeg/ffprobe run (the others are S3 transfers and bookkeeping). */
const FFMPEG_STEPS = new Set(['probe', 'thumbnail', 'scan', 'encode', 'remux', 'remux+audio', 'verify']);

/**
 * Thumbnail + the published playback file of a registered video, with its verdicts on the
 * results queue: the decisions of the heavy lane, apart from the worker that runs them.
 *
 * The original is never what is played: phones write GPS position, device and owner names into
 * it. Every video becomes 'ready' only with a copy made by ffmpeg: an original that every
 * browser already plays (H.264 yuv420p + AAC in MP4/MOV) at a constant rate with short GOPs is
 * remuxed (stream copy, under a second for a 2-minute clip; straight from its URL, see
 * copyOverUrl), anything else is re-encoded from a local copy; both drop all metadata and put
 * the index first. The frames of the file made are measured on it and sent with the verdict:
 * what a frame-exact player steps through.
 *
 * A file that cannot become a video (missing, unreadable, no picture, too long, over the input
 * limits, refused by ffmpeg, over its time budget) is a verdict: `run` resolves. Anything else
 * (S3, Redis, a killed ffmpeg) rejects, so the job is retried; see giveUpVerdict.
 */
export class TranscodePipeline {
  constructor(
    private readonly ports: TranscodePorts,
    private readonly settings: TranscodeSettings,
  ) {}

  /** Works in `scratch` (the caller removes it); `signal` aborts ffmpeg (shutdown hand-back). */
  async run(job: TranscodeJobData, scratch: string, signal?: AbortSignal): Promise<TranscodeRun> {
    const { videoId, objectKey, media } = job;
    const { ports } = this;
    const started = ports.now();
    const timingsMs: Record<string, number> = {};
    const record = (step: string, elapsedMs: number) => {
      timingsMs[step] = (timingsMs[step] ?? 0) + elapsedMs;
      if (FFMPEG_STEPS.has(step)) ports.observeFfmpegStep(step, elapsedMs / 1000);
    };
    const timed: Timed = async (step, work, stepStarted = ports.now()) => {
      try {
        return await work();
      } finally {
        record(step, ports.now() - stepStarted);
      }
    };
    const fail = async (reason: MediaFailureReason, detail: string, plan?: PlaybackPlan): Promise<TranscodeRun> => {
      await ports.publish({ videoId, stage: 'failed', reason, detail });
      return { outcome: { stage: 'failed', reason, timingsMs }, plan, detail };
    };

    const source = await timed('open', () => ports.openOriginal(objectKey));
    if (!source) return fail('missing', `object ${objectKey} does not exist`);

    // Probed already by the probe stage (in the upload request): its findings came with the job.
    const info = media ?? (await timed('probe', () => source.inspect()));
    if (!info) return fail('unreadable', 'ffprobe cannot read the file as media');
    const video = info.video;
    if (!video) return fail('no-video', `no video stream in ${info.formatName || 'the file'}`);
    if (info.durationSeconds !== null && !isWithinVideoLengthLimit(info.durationSeconds)) {
      return fail('too-long', tooLong(info.durationSeconds));
    }
    const overLimits = mediaInputLimitProblem(info);
    if (overLimits) return fail('over-limits', overLimits);

    // The thumbnail is read over the URL while the original downloads and the copy is made:
    // independent work, on a core of its own. It is always awaited before `run` returns (its
    // ffmpeg writes into the scratch directory, which the caller then removes).
    const thumbnailing = this.thumbnail(source, scratch, info, video, videoId, timed, signal);
    thumbnailing.catch(() => undefined); // awaited below on every path
    // A verdict goes out once the thumbnail is stored, as when it was made first.
    const failAfterThumbnail = async (reason: MediaFailureReason, detail: string, plan: PlaybackPlan) => {
      await thumbnailing.catch(() => undefined);
      return fail(reason, detail, plan);
    };
    try {
      const streams = { video: video.index, audio: info.audio?.index ?? null };
      const playback = join(scratch, 'playback.mp4');
      const playbackKey = VIDEO_KEYS.playback(videoId);
      // A browser-ready original is copied straight from its URL, without waiting for a local
      // copy; anything that goes wrong there is judged again on a local copy (copyOverUrl).
      const files = { playback, playbackKey, streams };
      // Only a copy of known duration can be checked whole (notWholeCopy).
      const overUrl =
        mayCopyPicture(info) && info.durationSeconds !== null
          ? await this.copyOverUrl(source, info, files, timed, signal)
          : null;
      const made =
        overUrl !== null && overUrl !== 'refused'
          ? overUrl
          : await this.fromLocalCopy(source, info, files, timed, signal, { copyRefused: overUrl === 'refused' });
      if ('verdict' in made) return await failAfterThumbnail(made.verdict, made.detail, made.plan);
      const { plan, output, scanned } = made;

      // The thumbnail is stored first, so a published copy never names a thumbnail still missing.
      const thumbnailKey = await thumbnailing;
      // What the browser steps through is this file: its own rate, frames and start, not the original's.
      const frames = playbackFramesOf(scanned, output.video);
      if (!frames) ports.warn({ msg: 'playback file frames not measured', videoId });

      await ports.publish({
        videoId,
        stage: 'ready',
        playbackKey,
        thumbnailKey,
        durationSeconds: output.durationSeconds ?? info.durationSeconds,
        reencoded: plan.reencoded,
        frames,
      });
      timingsMs.ready = ports.now() - started;
      return {
        outcome: {
          stage: 'ready',
          reencoded: plan.reencoded,
          playback: plan.reencoded ? 'reencoded' : 'remuxed',
          frames,
          timingsMs,
        },
        plan,
      };
    } finally {
      await thumbnailing.catch(() => undefined);
    }
  }

  /**
   * The copy of a browser-ready original made straight from its URL: ffmpeg streams it once,
   * with no local copy to wait for (the download alone took as long as the bare commands). The
   * copy is then stored while its packets are scanned, and that one scan both allows the copy
   * (constant rate, short GOPs, first frame at 0: the copied packets are the original's) and gives
   * the frames sent with the verdict.
   *
   * Nothing read over the network is a verdict: ffmpeg failing, a copy that is not whole (its
   * duration or frame count differ from the original's, as a cut connection would leave it) or
   * not readable H.264 returns null, and the local copy is judged. A copy its scan refuses is
   * removed from storage and returns 'refused'.
   */
  private async copyOverUrl(
    source: TranscodeSource,
    info: MediaInfo,
    { playback, playbackKey, streams }: PlaybackFiles,
    timed: Timed,
    signal: AbortSignal | undefined,
  ): Promise<MadePlayback | 'refused' | null> {
    const { ports } = this;
    const copyPlan: PlaybackPlan = { ...planPlayback(info, null), video: 'copy' };
    const args = playbackArgs(source.url, playback, copyPlan, streams);
    try {
      await timed(copyPlan.audio === 'encode' ? 'remux+audio' : 'remux', () =>
        ports.runFfmpeg(args, { timeoutMs: ffmpegTimeoutMs(info.durationSeconds, 'remux'), signal }),
      );
    } catch (error) {
      if (!(error instanceof FfmpegError) || signal?.aborted) throw error;
      ports.warn({ msg: 'copy over the URL failed: made again from a local copy', error: error.message });
      return null;
    }
    // Stored while it is checked: the upload is the longest step, and a copy found wanting is
    // stopped and removed before anything names it.
    const uploading = startStoppable(
      (uploadSignal) => timed('upload', () => ports.uploadFile(playbackKey, playback, 'video/mp4', uploadSignal)),
      signal,
    );
    const dropUpload = async () => {
      await uploading.stop();
      await ports.removeObject(playbackKey);
    };
    let output: MediaInfo | null;
    let scanned: FrameTiming | null = null;
    try {
      output = await timed('verify', () => ports.inspectFile(playback));
      const notWhole = notWholeCopy(info, output);
      if (notWhole || !output?.video) {
        ports.warn({ msg: 'copy over the URL not whole: made again from a local copy', problem: notWhole });
        await dropUpload();
        return null;
      }
      const outputIndex = output.video.index;
      scanned = await timed('scan', () => ports.scanFrames(playback, outputIndex));
    } catch (error) {
      await dropUpload();
      throw error;
    }
    const outputVideo = output.video;
    const plan = planPlayback(info, scanned);
    if (!sameArgs(playbackArgs(source.url, playback, plan, streams), args)) {
      await dropUpload();
      return 'refused';
    }
    await uploading.done;
    return { plan, output: { ...output, video: outputVideo }, scanned };
  }

  /**
   * The playback file made from a local copy of the original, downloaded once: a picture that
   * may be copied is copied while the original's packets are scanned (both only read the local
   * copy, each on a core of its own), and the scan then decides whether that copy is the one;
   * anything else is re-encoded per the plan. Every refusal here is a verdict about the file.
   * After a copy over the URL its scan refused, no copy is started beside the scan.
   */
  private async fromLocalCopy(
    source: TranscodeSource,
    info: MediaInfo,
    { playback, playbackKey, streams }: PlaybackFiles,
    timed: Timed,
    signal: AbortSignal | undefined,
    { copyRefused }: { copyRefused: boolean },
  ): Promise<MadePlayback | LocalVerdict> {
    const { ports } = this;
    const input = await timed('download', () => source.local());
    const copying =
      mayCopyPicture(info) && !copyRefused
        ? this.startCopy(playbackArgs(input, playback, { ...planPlayback(info, null), video: 'copy' }, streams), {
            timeoutMs: ffmpegTimeoutMs(info.durationSeconds, 'remux'),
            signal,
          })
        : null;
    let plan: PlaybackPlan;
    try {
      const sourceFrames = await timed('scan', () => ports.scanFrames(input, streams.video));
      plan = planPlayback(info, sourceFrames);
    } catch (error) {
      await copying?.discard();
      throw error;
    }
    const kind = plan.video === 'encode' ? 'encode' : 'remux';
    const step = kind === 'encode' ? 'encode' : plan.audio === 'encode' ? 'remux+audio' : 'remux';
    const args = playbackArgs(input, playback, plan, streams);
    try {
      if (copying && sameArgs(copying.args, args)) {
        const { started } = copying;
        await timed(step, () => copying.done, started);
      } else {
        if (copying) await timed('copy-discarded', () => copying.discard(), copying.started);
        await timed(step, () =>
          ports.runFfmpeg(args, {
            timeoutMs: ffmpegTimeoutMs(info.durationSeconds, kind, this.settings.encodeSecondsPerMediaSecond),
            signal,
          }),
        );
      }
    } catch (error) {
      if (!(error instanceof FfmpegError)) throw error;
      // Over budget is a verdict at once: the same file would take as long again on every attempt.
      if (error.timedOut) return { verdict: 'time-budget', detail: error.message, plan };
      if (error.isInputError) return { verdict: 'transcode-failed', detail: error.stderrTail || error.message, plan };
      throw error;
    }

    const output = await timed('verify', () => ports.inspectFile(playback));
    if (output?.video?.codec !== 'h264') {
      return { verdict: 'transcode-failed', detail: 'ffmpeg did not produce a readable H.264 file', plan };
    }
    // An input without any duration could only be measured now.
    if (output.durationSeconds !== null && !isWithinVideoLengthLimit(output.durationSeconds)) {
      return { verdict: 'too-long', detail: tooLong(output.durationSeconds), plan };
    }
    // The file is good: it goes up while its frames are read (both read it, neither changes it).
    const outputVideo = output.video;
    const [scanned] = await settleBoth(
      timed('verify', () => ports.scanFrames(playback, outputVideo.index)),
      timed('upload', () => ports.uploadFile(playbackKey, playback, 'video/mp4', signal)),
    );
    return { plan, output: { ...output, video: outputVideo }, scanned };
  }

  /**
   * Starts a copy that may turn out not to be wanted: `discard` stops it (its ffmpeg is killed)
   * and resolves, with the ms it ran, once it has stopped, so nothing else writes its output.
   */
  private startCopy(args: string[], options: RunOptions): SpeculativeCopy {
    const started = this.ports.now();
    const copy = startStoppable((signal) => this.ports.runFfmpeg(args, { ...options, signal }), options.signal);
    return {
      args,
      started,
      done: copy.done,
      discard: async () => {
        await copy.stop();
        return this.ports.now() - started;
      },
    };
  }

  /** The thumbnail made and stored: its key, or null when no frame could be taken. */
  private async thumbnail(
    source: TranscodeSource,
    scratch: string,
    info: MediaInfo,
    video: VideoStreamInfo,
    videoId: number,
    timed: <T>(step: string, work: () => Promise<T>) => Promise<T>,
    signal: AbortSignal | undefined,
  ): Promise<string | null> {
    const thumbnail = await timed('thumbnail', () => this.makeThumbnail(source, scratch, info, video, signal));
    if (!thumbnail) return null;
    const thumbnailKey = VIDEO_KEYS.thumbnail(videoId);
    await timed('upload-thumbnail', () => this.ports.uploadFile(thumbnailKey, thumbnail, 'image/jpeg'));
    return thumbnailKey;
  }

  /**
   * A JPEG frame ~1 s in (or at the start if seeking there yields nothing), read over the URL
   * and, if that fails, from a local copy. A frame ffmpeg cannot decode is no reason to
   * withhold the video: the verdict then says `thumbnailKey: null`.
   */
  private async makeThumbnail(
    source: TranscodeSource,
    scratch: string,
    info: MediaInfo,
    video: VideoStreamInfo,
    signal: AbortSignal | undefined,
  ): Promise<string | null> {
    const output = join(scratch, 'thumbnail.jpg');
    let lastError = 'no frame at the requested time';
    for (const over of ['url', 'local copy'] as const) {
      // The URL needs no wait: its ffmpeg starts before anything else of the job.
      const input = over === 'url' ? source.url : await source.local();
      for (const at of new Set([thumbnailTime(info.durationSeconds), 0])) {
        try {
          await this.ports.runFfmpeg(thumbnailArgs(input, output, video.index, at), {
            timeoutMs: ffmpegTimeoutMs(info.durationSeconds, 'thumbnail'),
            signal,
          });
          if (await this.ports.wroteFile(output)) return output;
        } catch (error) {
          // A frame that takes longer than its budget is no frame: the encode's budget judges the file.
          if (!(error instanceof FfmpegError && (error.isInputError || error.timedOut))) throw error;
          lastError = error.stderrTail || error.message;
        }
      }
    }
    this.ports.warn({ msg: 'no thumbnail', error: lastError });
    return null;
  }
}

/** A copy started before the plan is known. */
interface SpeculativeCopy {
  readonly args: string[];
  readonly started: number;
  readonly done: Promise<void>;
  discard(): Promise<number>;
}

/**
 * Work that may turn out not to be wanted, started at once with a signal of its own (also aborted
 * with the job's): `stop` aborts it and resolves once it has settled, so nothing of it runs on.
 * `done` is awaited by whoever keeps it.
 */
function startStoppable<T>(
  work: (signal: AbortSignal) => Promise<T>,
  jobSignal: AbortSignal | undefined,
): { done: Promise<T>; stop(): Promise<void> } {
  const stopper = new AbortController();
  const done = work(jobSignal ? AbortSignal.any([jobSignal, stopper.signal]) : stopper.signal);
  done.catch(() => undefined); // awaited by whoever keeps or stops it
  return {
    done,
    stop: async () => {
      stopper.abort();
      await done.catch(() => undefined);
    },
  };
}

const sameArgs = (a: string[], b: string[]) => a.length === b.length && a.every((arg, i) => arg === b[i]);

/**
 * Both results once both have settled (neither is left running behind a failure); the first
 * failure is thrown.
 */
async function settleBoth<A, B>(a: Promise<A>, b: Promise<B>): Promise<[A, B]> {
  const [first, second] = await Promise.allSettled([a, b]);
  if (first.status === 'rejected') throw first.reason;
  if (second.status === 'rejected') throw second.reason;
  return [first.value, second.value];
}

/**
 * The retry policy's last word: an attempt that throws is retried with the producer's backoff,
 * but the last one still sends a verdict, so the video never stays "processing" forever.
 */
export function giveUpVerdict(
  job: { videoId: number; attemptsMade: number; attempts: number },
  error: unknown,
): MediaResultJobData | null {
  const attempt = job.attemptsMade + 1;
  if (attempt < job.attempts) return null;
  const message = error instanceof Error ? error.message : String(error);
  return {
    videoId: job.videoId,
    stage: 'failed',
    reason: 'transcode-failed',
    detail: `gave up after ${attempt} attempt(s): ${message}`,
  };
}
