import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { testInfra } from './test-env.js';

const execFileAsync = promisify(execFile);

export type ImageFormat = 'jpg' | 'png' | 'webp' | 'gif';

/** A tiny real picture made by ffmpeg: an 8×8 test pattern, written to `directory`. */
export async function makeTestImage(directory: string, format: ImageFormat): Promise<Buffer> {
  const path = join(directory, `pattern.${format}`);
  await execFileAsync(testInfra().ffmpegPath, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=8x8:rate=1:duration=1',
    '-frames:v',
    '1',
    path,
  ]);
  return readFile(path);
}
