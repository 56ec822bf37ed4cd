import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { MAX_VIDEO_SECONDS, type ProbeResult } from '@app/contracts';

const execFileAsync = promisify(execFile);

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
}
interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { duration?: string };
}

/** Reads container and stream facts with ffprobe; an unreadable file is a verdict, not an error. */
export async function probeFile(ffprobePath: string, filePath: string, objectKey: string): Promise<ProbeResult> {
  let output: FfprobeOutput;
  try {
    const { stdout } = await execFileAsync(
      ffprobePath,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', filePath],
      { timeout: 60_000, maxBuffer: 10 * 1024 * 1024 },
    );
    output = JSON.parse(stdout) as FfprobeOutput;
  } catch (error) {
    // A missing ffprobe binary is our fault, not the file's: let the job fail and retry.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
    return unreadable(objectKey);
  }
  const video = output.streams?.find((s) => s.codec_type === 'video');
  const audio = output.streams?.find((s) => s.codec_type === 'audio');
  const duration = output.format?.duration ? Number.parseFloat(output.format.duration) : Number.NaN;
  const durationSeconds = Number.isFinite(duration) ? duration : null;
  return {
    objectKey,
    readable: true,
    hasVideo: Boolean(video),
    hasAudio: Boolean(audio),
    durationSeconds,
    withinLengthLimit: durationSeconds !== null && durationSeconds <= MAX_VIDEO_SECONDS + 0.5,
    videoCodec: video?.codec_name ?? null,
    audioCodec: audio?.codec_name ?? null,
    pixelFormat: video?.pix_fmt ?? null,
    width: video?.width ?? null,
    height: video?.height ?? null,
  };
}

const unreadable = (objectKey: string): ProbeResult => ({
  objectKey,
  readable: false,
  hasVideo: false,
  hasAudio: false,
  durationSeconds: null,
  withinLengthLimit: false,
  videoCodec: null,
  audioCodec: null,
  pixelFormat: null,
  width: null,
  height: null,
});

/** Readiness: the binary runs. */
export async function ffprobeVersion(ffprobePath: string): Promise<string> {
  const { stdout } = await execFileAsync(ffprobePath, ['-version'], { timeout: 5000 });
  return stdout.split('\n')[0] ?? '';
}
