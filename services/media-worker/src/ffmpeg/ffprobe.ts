import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  isWithinVideoLengthLimit,
  mediaInputLimitProblem,
  type ProbedMedia,
  type ProbeResult,
  type Rational,
} from '@app/contracts';
import { parseRational, type PacketScan, type ScannedPacket } from './frame-timing.js';
import { inputProtocolArgs } from './input-protocols.js';

const execFileAsync = promisify(execFile);

interface FfprobeStream {
  index?: number;
  codec_type?: string;
  codec_name?: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  channels?: number;
  duration?: string;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  nb_frames?: string;
  start_time?: string;
  disposition?: { attached_pic?: number };
}
interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { duration?: string; format_name?: string };
}

export type VideoStreamInfo = NonNullable<ProbedMedia['video']>;
export type AudioStreamInfo = NonNullable<ProbedMedia['audio']>;

/** What the worker needs to know about a readable media file (the contract's shape: it travels to the transcode stage). */
export type MediaInfo = ProbedMedia;

/**
 * Reads container and stream facts with ffprobe, from a local path or a URL. Returns null when
 * ffprobe cannot read the file (not media, truncated before the index, ...): that is a verdict about the file, not an
 * error. A missing ffprobe binary is our fault and throws, so the job is retried.
 */
export async function inspectMedia(ffprobePath: string, filePath: string): Promise<MediaInfo | null> {
  let output: FfprobeOutput;
  try {
    const { stdout } = await execFileAsync(
      ffprobePath,
      [
        '-v',
        'error',
        ...inputProtocolArgs(filePath),
        '-print_format',
        'json',
        '-show_format',
        '-show_streams',
        filePath,
      ],
      { timeout: 60_000, maxBuffer: 10 * 1024 * 1024 },
    );
    output = JSON.parse(stdout) as FfprobeOutput;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
    return null;
  }
  if (!output.format) return null;
  const streams = output.streams ?? [];
  const videoStreams = streams.filter((s) => s.codec_type === 'video');
  const video = videoStreams.find((s) => s.disposition?.attached_pic !== 1);
  const audio = streams.find((s) => s.codec_type === 'audio');
  let durationSeconds = positiveNumber(output.format.duration);
  // Stream durations, then a packet scan: browser-recorded WebM (MediaRecorder) and other
  // files written to a pipe carry no duration in their header at all.
  durationSeconds ??= maxOrNull(streams.map((s) => positiveNumber(s.duration)));
  if (durationSeconds === null && (video || audio)) {
    durationSeconds = await measureDuration(ffprobePath, filePath, (video ?? audio)?.index ?? 0);
  }
  return {
    formatName: output.format.format_name ?? '',
    durationSeconds,
    video:
      video && typeof video.index === 'number'
        ? {
            index: video.index,
            codec: video.codec_name ?? null,
            pixelFormat: video.pix_fmt ?? null,
            width: video.width ?? null,
            height: video.height ?? null,
            frameRate: frameRateOf(video, durationSeconds),
            baseFrameRate: parseRational(video.r_frame_rate),
            averageFrameRate: parseRational(video.avg_frame_rate),
            frameCount: positiveInteger(video.nb_frames),
            startTime: finiteNumber(video.start_time),
          }
        : null,
    audio:
      audio && typeof audio.index === 'number'
        ? { index: audio.index, codec: audio.codec_name ?? null, channels: audio.channels ?? null }
        : null,
    videoStreamCount: videoStreams.length,
  };
}

/**
 * Average frames per second: the container's own figure, else frames over duration. Not
 * r_frame_rate, which is a timebase guess (1000 for many browser-recorded WebM files).
 */
function frameRateOf(stream: FfprobeStream, durationSeconds: number | null): number | null {
  const average = parseRational(stream.avg_frame_rate);
  if (average) return average.num / average.den;
  const frames = positiveInteger(stream.nb_frames);
  return frames && durationSeconds ? frames / durationSeconds : null;
}

/**
 * Every presented packet of one video stream with its timestamp and keyframe flag, read without
 * decoding (a second or so for a 2-minute clip), with the stream's timebase and the file's start.
 * Null when ffprobe cannot read it or finds no timestamped packet.
 */
export async function scanPackets(
  ffprobePath: string,
  filePath: string,
  streamIndex: number,
): Promise<PacketScan | null> {
  let stdout: string;
  try {
    ({ stdout } = await execFileAsync(
      ffprobePath,
      [
        '-v',
        'error',
        ...inputProtocolArgs(filePath),
        '-select_streams',
        String(streamIndex),
        '-show_entries',
        'stream=time_base:format=start_time:packet=pts,dts,flags',
        '-of',
        'compact=p=1',
        filePath,
      ],
      // 240 fps for 2 minutes is 28,800 lines of about 40 bytes.
      { timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
    ));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
    return null;
  }
  return parsePacketScan(stdout);
}

/** The `-of compact=p=1` output of a packet scan (packet|pts=…|dts=…|flags=K_ lines, then stream| and format|). */
export function parsePacketScan(output: string): PacketScan | null {
  const packets: ScannedPacket[] = [];
  let timeBase: Rational | null = null;
  let fileStartTime: number | null = null;
  for (const line of output.split('\n')) {
    const [section, ...pairs] = line.trim().split('|');
    const fields = Object.fromEntries(pairs.map((pair) => pair.split('=') as [string, string]));
    if (section === 'packet') {
      const flags = fields.flags ?? '';
      // D: before an edit list's start, never shown.
      if (flags.includes('D')) continue;
      const pts = Number.parseInt(fields.pts ?? '', 10);
      const timestamp = Number.isSafeInteger(pts) ? pts : Number.parseInt(fields.dts ?? '', 10);
      if (Number.isSafeInteger(timestamp)) packets.push({ pts: timestamp, keyframe: flags.startsWith('K') });
    } else if (section === 'stream') {
      timeBase = parseRational(fields.time_base);
    } else if (section === 'format') {
      fileStartTime = finiteNumber(fields.start_time);
    }
  }
  return timeBase && packets.length ? { timeBase, fileStartTime, packets } : null;
}

/** Last packet's end time of one stream, read without decoding; null when nothing has a timestamp. */
async function measureDuration(ffprobePath: string, filePath: string, streamIndex: number): Promise<number | null> {
  try {
    const { stdout } = await execFileAsync(
      ffprobePath,
      [
        '-v',
        'error',
        ...inputProtocolArgs(filePath),
        '-select_streams',
        String(streamIndex),
        '-show_entries',
        'packet=pts_time,duration_time',
        '-of',
        'compact=p=0',
        filePath,
      ],
      { timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
    );
    let end: number | null = null;
    for (const line of stdout.split('\n')) {
      const fields = Object.fromEntries(line.split('|').map((pair) => pair.split('=') as [string, string]));
      const pts = Number.parseFloat(fields.pts_time ?? '');
      if (!Number.isFinite(pts)) continue;
      const packetEnd = pts + (Number.parseFloat(fields.duration_time ?? '') || 0);
      end = end === null ? packetEnd : Math.max(end, packetEnd);
    }
    return end !== null && end > 0 ? end : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
    return null;
  }
}

/** The probe stage's verdict, in the contract's shape. */
export function toProbeResult(info: MediaInfo, objectKey: string): ProbeResult {
  return {
    objectKey,
    readable: true,
    hasVideo: info.video !== null,
    hasAudio: info.audio !== null,
    durationSeconds: info.durationSeconds,
    // A fact for the record: the video service judges the verdict (an unmeasurable length is not within it).
    withinLengthLimit: info.durationSeconds !== null && isWithinVideoLengthLimit(info.durationSeconds),
    withinInputLimits: mediaInputLimitProblem(info) === null,
    videoCodec: info.video?.codec ?? null,
    audioCodec: info.audio?.codec ?? null,
    pixelFormat: info.video?.pixelFormat ?? null,
    width: info.video?.width ?? null,
    height: info.video?.height ?? null,
    media: info,
  };
}

export const unreadableProbeResult = (objectKey: string): ProbeResult => ({
  objectKey,
  readable: false,
  hasVideo: false,
  hasAudio: false,
  durationSeconds: null,
  withinLengthLimit: false,
  withinInputLimits: false,
  videoCodec: null,
  audioCodec: null,
  pixelFormat: null,
  width: null,
  height: null,
  media: null,
});

/** Readiness: the binary runs. */
export async function ffprobeVersion(ffprobePath: string): Promise<string> {
  const { stdout } = await execFileAsync(ffprobePath, ['-version'], { timeout: 5000 });
  return stdout.split('\n')[0] ?? '';
}

function positiveNumber(value: string | undefined): number | null {
  const parsed = value === undefined ? Number.NaN : Number.parseFloat(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : null;
}

function positiveInteger(value: string | undefined): number | null {
  const parsed = Number(value);
  return Number.isSafeInteger(parsed) && parsed > 0 ? parsed : null;
}

function finiteNumber(value: string | undefined): number | null {
  const parsed = value === undefined ? Number.NaN : Number.parseFloat(value);
  return Number.isFinite(parsed) ? parsed : null;
}

function maxOrNull(values: (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null);
  return present.length ? Math.max(...present) : null;
}
