import { execFile, spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { testInfra } from './test-env.js';

const execFileAsync = promisify(execFile);

/** A tiny real video made by ffmpeg: test pattern + tone, H.264/AAC in MP4. */
export async function makeTestVideo(
  outputPath: string,
  options: { seconds?: number; size?: string; keyframeInterval?: number } = {},
): Promise<string> {
  const { ffmpegPath } = testInfra();
  const seconds = options.seconds ?? 2;
  await execFileAsync(ffmpegPath, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=${options.size ?? '320x240'}:rate=15`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    ...keyframeArgs(options.keyframeInterval),
    '-c:a',
    'aac',
    '-shortest',
    outputPath,
  ]);
  return outputPath;
}

export interface MediaFixtureOptions {
  seconds?: number;
  /** WxH of the test pattern. */
  size?: string;
  /** Frames per second, or an exact fraction such as '30000/1001'. */
  rate?: number | string;
  video?: 'h264' | 'hevc' | 'vp9' | 'none';
  /** Pixel format of the encoded video (yuv420p unless set). */
  pixelFormat?: string;
  audio?: 'aac' | 'opus' | 'pcm' | 'none';
  /** ffmpeg muxer; from the file extension when omitted. */
  format?: 'mp4' | 'mov' | 'webm' | 'ipod';
  /** Write through a pipe so the muxer cannot go back to fill in duration and index, like a browser's MediaRecorder. */
  unseekable?: boolean;
  /**
   * Container metadata as phones write it (e.g. `location`, `com.apple.quicktime.location.ISO6709`,
   * `creation_time`, `comment`), kept under their own keys (`-movflags +use_metadata_tags`).
   */
  metadata?: Record<string, string>;
  /** Metadata of the video stream (e.g. `handler_name`, `creation_time`). */
  videoStreamMetadata?: Record<string, string>;
  /** Copies of the test pattern as separate video streams (1 unless set). */
  videoStreams?: number;
  /**
   * Frames from one keyframe to the next (the encoder's default, 250, unless set): the pipeline
   * only copies a stream whose keyframes are at most half a second apart.
   */
  keyframeInterval?: number;
  /**
   * Variable frame rate, as phones record: each frame's time moved by up to `jitterSeconds` (a
   * 1/90000 s timebase keeps it), and every `dropEvery`-th frame left out.
   */
  variableRate?: { jitterSeconds: number; dropEvery?: number };
}

/** A keyframe every `interval` frames and at no scene cut; the encoder's default without one. */
const keyframeArgs = (interval: number | undefined): string[] =>
  interval === undefined ? [] : ['-g', String(interval), '-keyint_min', String(interval), '-sc_threshold', '0'];

/** A filter and output options that make the test pattern's timestamps variable-rate (MediaFixtureOptions.variableRate). */
function variableRateArgs({ jitterSeconds, dropEvery }: NonNullable<MediaFixtureOptions['variableRate']>): string[] {
  const filters = [
    ...(dropEvery ? [`select='not(eq(mod(n\\,${dropEvery})\\,${Math.floor(dropEvery / 2)}))'`] : []),
    'settb=1/90000',
    `setpts='PTS+(${jitterSeconds}*sin(N*1.7))/TB'`,
  ];
  return ['-vf', filters.join(','), '-fps_mode', 'vfr', '-enc_time_base', '1/90000', '-video_track_timescale', '90000'];
}

const VIDEO_ENCODERS: Record<Exclude<MediaFixtureOptions['video'], undefined | 'none'>, string[]> = {
  h264: ['-c:v', 'libx264', '-preset', 'ultrafast'],
  // hvc1 is the tag iPhones write and Safari needs.
  hevc: ['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1'],
  vp9: ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k'],
};
const AUDIO_ENCODERS: Record<Exclude<MediaFixtureOptions['audio'], undefined | 'none'>, string[]> = {
  aac: ['-c:a', 'aac'],
  opus: ['-c:a', 'libopus', '-b:a', '48k'],
  pcm: ['-c:a', 'pcm_s16le'],
};

/**
 * A tiny real media file in a chosen codec/container mix (test pattern + tone), for the
 * pipeline's remux/re-encode/refuse decisions. Defaults: 2 s, 320x240, 15 fps, H.264 + AAC.
 */
export async function makeMediaFixture(outputPath: string, options: MediaFixtureOptions = {}): Promise<string> {
  const { ffmpegPath } = testInfra();
  const seconds = options.seconds ?? 2;
  const video = options.video ?? 'h264';
  const audio = options.audio ?? 'aac';
  const args = ['-hide_banner', '-loglevel', 'error', '-y'];
  if (video !== 'none') {
    args.push(
      '-f',
      'lavfi',
      '-i',
      `testsrc=duration=${seconds}:size=${options.size ?? '320x240'}:rate=${options.rate ?? 15}`,
    );
  }
  if (audio !== 'none') args.push('-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`);
  if ((options.videoStreams ?? 1) > 1 && video !== 'none') {
    for (let i = 0; i < (options.videoStreams ?? 1); i += 1) args.push('-map', '0:v');
    if (audio !== 'none') args.push('-map', '1:a');
  }
  if (video !== 'none') {
    args.push(...VIDEO_ENCODERS[video], '-pix_fmt', options.pixelFormat ?? 'yuv420p');
    args.push(...keyframeArgs(options.keyframeInterval));
    if (options.variableRate) args.push(...variableRateArgs(options.variableRate));
  }
  if (audio !== 'none') args.push(...AUDIO_ENCODERS[audio]);
  for (const [key, value] of Object.entries(options.metadata ?? {})) args.push('-metadata', `${key}=${value}`);
  for (const [key, value] of Object.entries(options.videoStreamMetadata ?? {})) {
    args.push('-metadata:s:v:0', `${key}=${value}`);
  }
  if (options.metadata) args.push('-movflags', '+use_metadata_tags');
  if (options.format) args.push('-f', options.format);
  if (options.unseekable) {
    const format = options.format ?? outputPath.split('.').pop() ?? 'mp4';
    await new Promise<void>((resolve, reject) => {
      const out = openSync(outputPath, 'w');
      const child = spawn(ffmpegPath, [...args, ...(options.format ? [] : ['-f', format]), 'pipe:1'], {
        stdio: ['ignore', out, 'pipe'],
      });
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.once('error', reject);
      child.once('close', (code) => {
        closeSync(out);
        if (code === 0) resolve();
        else reject(new Error(`ffmpeg exit ${code}: ${stderr}`));
      });
    });
    return outputPath;
  }
  await execFileAsync(ffmpegPath, [...args, outputPath]);
  return outputPath;
}

/** Copies the first `fraction` of a file: an upload cut off midway. */
export async function truncateMediaFile(sourcePath: string, outputPath: string, fraction = 0.5): Promise<string> {
  const bytes = await readFile(sourcePath);
  await writeFile(outputPath, bytes.subarray(0, Math.floor(bytes.length * fraction)));
  return outputPath;
}

/** ffprobe's JSON of a file's container and streams (plus whatever else `extra` asks for). */
async function ffprobeJson(path: string, extra: string[] = []): Promise<unknown> {
  const { ffprobePath } = testInfra();
  const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...extra, path];
  const { stdout } = await execFileAsync(ffprobePath, args);
  return JSON.parse(stdout);
}

/** Every metadata tag ffprobe reads in a file: the container's and each stream's, as "key=value". */
export async function metadataTags(path: string): Promise<string[]> {
  const parsed = (await ffprobeJson(path, ['-show_chapters'])) as {
    format?: { tags?: Record<string, string> };
    streams?: { tags?: Record<string, string> }[];
    chapters?: { tags?: Record<string, string> }[];
  };
  return [parsed.format, ...(parsed.streams ?? []), ...(parsed.chapters ?? [])].flatMap((entry) =>
    Object.entries(entry?.tags ?? {}).map(([key, value]) => `${key}=${value}`),
  );
}

export interface ProbedMedia {
  formatName: string;
  durationSeconds: number | null;
  video: { codec: string; pixelFormat: string | null; width: number; height: number } | null;
  audio: { codec: string; channels: number | null } | null;
}

/** What ffprobe says about a file, for assertions on the pipeline's outputs. */
export async function probeMedia(path: string): Promise<ProbedMedia> {
  const parsed = (await ffprobeJson(path)) as {
    streams?: {
      codec_type?: string;
      codec_name: string;
      pix_fmt?: string;
      width?: number;
      height?: number;
      channels?: number;
    }[];
    format?: { format_name?: string; duration?: string };
  };
  const video = parsed.streams?.find((s) => s.codec_type === 'video');
  const audio = parsed.streams?.find((s) => s.codec_type === 'audio');
  const duration = Number.parseFloat(parsed.format?.duration ?? '');
  return {
    formatName: parsed.format?.format_name ?? '',
    durationSeconds: Number.isFinite(duration) ? duration : null,
    video: video
      ? {
          codec: video.codec_name,
          pixelFormat: video.pix_fmt ?? null,
          width: video.width ?? 0,
          height: video.height ?? 0,
        }
      : null,
    audio: audio ? { codec: audio.codec_name, channels: audio.channels ?? null } : null,
  };
}

/** A video stream's packets as ffprobe reads them (no decoding), in presentation order. */
export interface ProbedVideoPackets {
  /** ffprobe's r_frame_rate, e.g. '30000/1001'. */
  rFrameRate: string;
  /** Seconds per tick, e.g. 1/15360. */
  timeBase: number;
  /** Ticks; `duration` is each packet's own. */
  packets: { pts: number; duration: number; keyframe: boolean }[];
}

/** The first video stream's packets of a file, for assertions on frame timing (rate, GOP, start). */
export async function probeVideoPackets(path: string): Promise<ProbedVideoPackets> {
  const { ffprobePath } = testInfra();
  const entries = 'stream=r_frame_rate,time_base:packet=pts,duration,flags';
  const args = ['-v', 'error', '-select_streams', 'v:0', '-show_entries', entries, '-of', 'json', path];
  const { stdout } = await execFileAsync(ffprobePath, args, { maxBuffer: 64 * 1024 * 1024 });
  const parsed = JSON.parse(stdout) as {
    streams?: { r_frame_rate?: string; time_base?: string }[];
    packets?: { pts?: number; duration?: number; flags?: string }[];
  };
  const [num, den] = (parsed.streams?.[0]?.time_base ?? '').split('/').map(Number);
  return {
    rFrameRate: parsed.streams?.[0]?.r_frame_rate ?? '',
    timeBase: (num ?? Number.NaN) / (den ?? Number.NaN),
    packets: (parsed.packets ?? [])
      .map((packet) => ({
        pts: packet.pts ?? Number.NaN,
        duration: packet.duration ?? Number.NaN,
        keyframe: (packet.flags ?? '').startsWith('K'),
      }))
      .sort((a, b) => a.pts - b.pts),
  };
}

/** Types of the top-level boxes of an MP4/MOV file in order, e.g. ['ftyp', 'moov', 'mdat'] for faststart. */
export async function mp4TopLevelBoxes(path: string): Promise<string[]> {
  return mp4BoxTypes(await readFile(path));
}

/** The types of an MP4's top-level boxes, in file order, from its bytes. */
export function mp4BoxTypes(bytes: Buffer): string[] {
  const boxes: string[] = [];
  let offset = 0;
  while (offset + 8 <= bytes.length) {
    let size = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (size === 1) size = Number(bytes.readBigUInt64BE(offset + 8));
    else if (size === 0) size = bytes.length - offset;
    if (size < 8) break;
    boxes.push(type);
    offset += size;
  }
  return boxes;
}
