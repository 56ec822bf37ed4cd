import { execFile, spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { MAX_VIDEO_SECONDS, VIDEO_LENGTH_TOLERANCE_SECONDS } from '@app/contracts';
import { inputProtocolArgs } from './input-protocols.js';
import type { PlaybackPlan } from './playback-plan.js';

const execFileAsync = promisify(execFile);

/** Bytes of stderr kept for an error message: the reason ffmpeg gives is at the end. */
const STDERR_TAIL_BYTES = 4096;

/** ffmpeg ran and failed. `exitCode` set: it refused the input (deterministic); otherwise it was killed. */
export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly signal: NodeJS.Signals | null,
    private readonly killedAtTimeout: boolean,
    readonly stderrTail: string,
  ) {
    super(message);
    this.name = 'FfmpegError';
  }

  /** Over its time budget: killed at the wall-clock timeout, or by the kernel at its CPU-time limit. */
  get timedOut(): boolean {
    return this.killedAtTimeout || this.signal === 'SIGXCPU';
  }

  /** The same input will fail the same way: worth a verdict, not a retry. */
  get isInputError(): boolean {
    return !this.timedOut && this.signal === null && this.exitCode !== null && this.exitCode !== 0;
  }
}

export interface RunOptions {
  timeoutMs: number;
  /** Aborting kills ffmpeg at once (shutdown hand-back). */
  signal?: AbortSignal;
}

/**
 * Runs ffmpeg with an argument array (no shell, so object keys and paths are never parsed).
 * Killed with SIGKILL at the timeout or on abort. `-timelimit` also caps its CPU time in the
 * kernel (the same budget on every core it may use), so an ffmpeg orphaned by a SIGKILLed
 * worker cannot run on forever.
 */
export function runFfmpeg(ffmpegPath: string, args: string[], options: RunOptions): Promise<void> {
  const cpuSeconds = Math.max(1, Math.ceil((options.timeoutMs / 1000) * availableParallelism()));
  const fullArgs = ['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'warning', '-timelimit', String(cpuSeconds)];
  fullArgs.push('-y', ...args);
  const aborted = () => {
    const error = new Error('ffmpeg aborted', { cause: options.signal?.reason as unknown });
    error.name = 'AbortError';
    return error;
  };
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(aborted());
      return;
    }
    const child = spawn(ffmpegPath, fullArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
    let tail = '';
    let timedOut = false;
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      tail = (tail + chunk).slice(-STDERR_TAIL_BYTES);
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    const onAbort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };
    child.once('error', (error) => {
      settle();
      reject(error);
    });
    child.once('close', (code, signal) => {
      settle();
      if (options.signal?.aborted) return reject(aborted());
      if (code === 0) return resolve();
      const what = timedOut
        ? `timed out after ${options.timeoutMs} ms`
        : signal
          ? `killed by ${signal}`
          : `exit ${code}`;
      const stderrTail = tail.trim().split('\n').slice(-8).join('\n');
      reject(new FfmpegError(`ffmpeg ${what}: ${stderrTail}`, code, signal, timedOut, stderrTail));
    });
  });
}

/** Media seconds a budget is computed for at least: ffmpeg's start and a short clip's first frames. */
const MIN_BUDGETED_MEDIA_SECONDS = 6;

/**
 * Wall-clock budget for one ffmpeg run, proportional to the media's duration, which is clamped
 * to [6 s, the longest accepted video] (unknown → the longest). A thumbnail decodes a frame or
 * two: a fixed 30 s. A remux only copies bytes: 30 s + 1 s per media second (at most 2.5 min).
 * A re-encode gets `encodeSecondsPerMediaSecond` (FFMPEG_ENCODE_SECONDS_PER_MEDIA_SECOND)
 * per media second: with the default 10, 1 to 20 min (1080p HEVC on one core encodes at
 * about real time). Running out of it is a verdict about the file, never retried.
 */
export function ffmpegTimeoutMs(
  durationSeconds: number | null,
  kind: 'remux' | 'encode' | 'thumbnail',
  encodeSecondsPerMediaSecond = 10,
): number {
  const seconds = Math.min(
    Math.max(durationSeconds ?? Number.POSITIVE_INFINITY, MIN_BUDGETED_MEDIA_SECONDS),
    MAX_VIDEO_SECONDS + VIDEO_LENGTH_TOLERANCE_SECONDS,
  );
  switch (kind) {
    case 'thumbnail':
      return 30_000;
    case 'remux':
      return 30_000 + Math.ceil(seconds * 1000);
    case 'encode':
      return Math.ceil(seconds * encodeSecondsPerMediaSecond * 1000);
  }
}

/** One JPEG frame, 640 px wide (height even, aspect kept). Seeking before `-i` keeps it fast. */
export function thumbnailArgs(input: string, output: string, videoStreamIndex: number, atSeconds: number): string[] {
  return [
    '-ss',
    atSeconds.toFixed(3),
    ...inputProtocolArgs(input),
    '-i',
    input,
    '-map',
    `0:${videoStreamIndex}`,
    '-frames:v',
    '1',
    '-vf',
    'scale=640:-2',
    '-q:v',
    '3',
    '-map_metadata',
    '-1',
    '-f',
    'image2',
    '-update',
    '1',
    output,
  ];
}

/** Where the thumbnail is taken: about 1 s in, or the middle of a clip shorter than 2 s. */
export function thumbnailTime(durationSeconds: number | null): number {
  if (durationSeconds === null) return 0;
  return durationSeconds < 2 ? durationSeconds / 2 : 1;
}

/**
 * The published file: H.264/AAC MP4 with its index first, per the plan, and nothing of the
 * original but its picture and sound; an encoded picture at a constant rate with short GOPs.
 */
export function playbackArgs(
  input: string,
  output: string,
  plan: PlaybackPlan,
  streams: { video: number; audio: number | null },
): string[] {
  const args = [...inputProtocolArgs(input), '-i', input, '-map', `0:${streams.video}`];
  if (plan.audio !== 'none' && streams.audio !== null) args.push('-map', `0:${streams.audio}`);
  if (plan.video === 'copy') {
    args.push('-c:v', 'copy');
  } else {
    args.push('-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p');
    // A constant rate with frame 0 at the file's start, whatever the original's timestamps: a
    // variable-rate frame lands on the nearest frame time (repeated or dropped to fill it), a
    // stream that starts late is led in by its first picture, so audio stays in sync. 4:2:0 needs
    // even dimensions.
    const { num, den } = plan.frameRate;
    args.push('-vf', `fps=fps=${num}/${den}:start_time=0,scale=trunc(iw/2)*2:trunc(ih/2)*2`);
    // Keyframes at a fixed interval only (no scene-cut ones): stepping back never decodes more.
    const interval = String(plan.keyframeInterval);
    args.push('-g', interval, '-keyint_min', interval, '-sc_threshold', '0');
  }
  switch (plan.audio) {
    case 'copy':
      args.push('-c:a', 'copy');
      break;
    case 'encode':
      args.push('-c:a', 'aac', '-b:a', '128k', '-ac', '2');
      break;
    case 'none':
      args.push('-an');
      break;
  }
  // The playback file is served to everyone: drop what phones and cameras write beside the
  // picture: GPS position (©xyz, com.apple.quicktime.location.ISO6709), make, model, software,
  // creation times, comments, handler names, chapters, data (timed metadata), subtitle and
  // attachment streams. In ffmpeg 5.1 `-map_metadata -1` without a specifier drops global,
  // per-stream and chapter metadata alike, and the muxer then writes zero creation times.
  // Rotation is stream side data (display matrix) and survives.
  args.push('-map_metadata', '-1', '-map_chapters', '-1', '-dn', '-sn');
  args.push('-max_muxing_queue_size', '1024', '-movflags', '+faststart', '-f', 'mp4', output);
  return args;
}

/** Readiness: the binary runs. */
export async function ffmpegVersion(ffmpegPath: string): Promise<string> {
  const { stdout } = await execFileAsync(ffmpegPath, ['-version'], { timeout: 5000 });
  return stdout.split('\n')[0] ?? '';
}
