import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { testInfra } from './test-env.js';

const execFileAsync = promisify(execFile);

/** A tiny real video made by ffmpeg: test pattern + tone, H.264/AAC in MP4. */
export async function makeTestVideo(
  outputPath: string,
  options: { seconds?: number; size?: string } = {},
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
    '-c:a',
    'aac',
    '-shortest',
    outputPath,
  ]);
  return outputPath;
}
