import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { testInfra } from './test-env.js';

const execFileAsync = promisify(execFile);

/**
 * Clips whose every frame carries its own number, burned into the picture as a pattern a test can
 * read back from a screenshot, a canvas grab or a decoded file: 12 blocks of 32×64 px across the
 * top, white for a 1 bit (most significant bit left), and below them the same 12 blocks inverted,
 * so a frame blended from two others (or read mid-change) fails the check instead of passing as a
 * wrong number. Blocks this large survive any H.264 quality the pipeline uses.
 */
export const FRAME_CODE = {
  bits: 12,
  blockWidth: 32,
  rowHeight: 64,
  /** The picture: 12 blocks wide, 16:9. */
  width: 384,
  height: 216,
} as const;

export interface FrameCodedClipOptions {
  /** Frames per second the frames are made at (the nominal rate of a variable-rate clip). */
  rate: number;
  /** How many frames (each numbered 0…frames-1; at most 4096 unless `wraps`). */
  frames: number;
  /**
   * Allows more than 4096 frames, frame N carrying N mod 4096 (a long clip whose test reads only
   * frames far enough apart not to mistake one for another).
   */
  wraps?: boolean;
  /**
   * The picture's size when smaller than FRAME_CODE's (scaled with whole pixels, which
   * `decodeFrameCode` reads all the same): cheaper to decode for long clips played in real time.
   */
  size?: { width: number; height: number };
  /**
   * 'variable': irregular timestamps, as phones record (a jitter of ±12 ms on every frame, and
   * from frame 60 on the frames come 1/60 s later each, ~20 fps), muxed without evening them out.
   */
  timing?: 'constant' | 'variable';
}

/**
 * The pattern is drawn on a canvas this many times smaller than the picture, then enlarged by
 * whole pixels: the same file, byte for byte, for 1/64 of `geq`'s per-pixel work (drawn at full
 * size, the compare test's two 80 s clips cost ~110 s of CPU).
 */
const CANVAS_SHRINK = { x: 16, y: 4 } as const;

/** The `geq` luma of the pattern for frame N (see FRAME_CODE), in canvas pixels. */
function patternExpression(): string {
  const { bits, blockWidth, rowHeight } = FRAME_CODE;
  const bit = `mod(floor(N/pow(2,${bits - 1}-floor(X/${blockWidth / CANVAS_SHRINK.x}))),2)`;
  const row = rowHeight / CANVAS_SHRINK.y;
  return `if(lt(Y,${row}),255*${bit},if(lt(Y,${row * 2}),255-255*${bit},96))`;
}

/**
 * Makes a frame-coded H.264 MP4 (no audio) at `outputPath`. A variable-rate clip keeps its
 * irregular timestamps (`-fps_mode vfr`, 1/90000 time base); see `frameTimestamps`.
 */
export async function makeFrameCodedClip(outputPath: string, options: FrameCodedClipOptions): Promise<string> {
  const { ffmpegPath } = testInfra();
  const { rate, frames } = options;
  if (frames > 2 ** FRAME_CODE.bits && !options.wraps)
    throw new Error(`at most ${2 ** FRAME_CODE.bits} frames can be numbered`);
  const filters = [
    'format=yuv420p',
    `geq=lum='${patternExpression()}':cb=128:cr=128`,
    `scale=${FRAME_CODE.width}:${FRAME_CODE.height}:flags=neighbor`,
    // Square pixels: the canvas's shape is not the picture's, and scale would keep its aspect.
    'setsar=1',
  ];
  if (options.size) filters.push(`scale=${options.size.width}:${options.size.height}:flags=neighbor`);
  const timing: string[] = [];
  if (options.timing === 'variable') {
    // A fine time base first, or setpts would round the times back onto the 1/rate grid.
    filters.push('settb=1/90000', `setpts='(N/${rate}+0.012*sin(N*0.9)+gt(N,60)*(N-60)/60)/TB'`);
    timing.push('-fps_mode', 'vfr', '-enc_time_base', '1:90000', '-video_track_timescale', '90000');
  }
  await execFileAsync(ffmpegPath, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=gray:s=${FRAME_CODE.width / CANVAS_SHRINK.x}x${FRAME_CODE.height / CANVAS_SHRINK.y}:r=${rate}`,
    '-frames:v',
    String(frames),
    '-vf',
    filters.join(','),
    ...timing,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '16',
    '-pix_fmt',
    'yuv420p',
    '-an',
    outputPath,
  ]);
  return outputPath;
}

/** The presentation time of each video frame of a file, in seconds, in order. */
export async function frameTimestamps(path: string): Promise<number[]> {
  const { ffprobePath } = testInfra();
  const { stdout } = await execFileAsync(ffprobePath, [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'packet=pts_time',
    '-of',
    'csv=p=0',
    path,
  ]);
  return stdout
    .split('\n')
    .map((line) => Number.parseFloat(line))
    .filter((time) => Number.isFinite(time))
    .sort((a, b) => a - b);
}

/**
 * Reads the number burned into one picture, or null when it carries none (a row is unreadable or
 * the inverted row disagrees). `pixels` holds `channels` bytes per pixel, row by row, of a picture
 * `width` wide at FRAME_CODE's size or scaled from it. Self-contained (no imports, no closures), so
 * a browser page can run its source: `(${decodeFrameCode.toString()})(data, w, h, 4)`.
 */
export function decodeFrameCode(
  pixels: ArrayLike<number>,
  width: number,
  height: number,
  channels: number,
): number | null {
  const bits = 12;
  const scaleX = width / 384;
  const scaleY = height / 216;
  /** Mean brightness of an 8×8 patch (scaled) around a block's middle. */
  const patch = (block: number, row: number) => {
    const centreX = (block * 32 + 16) * scaleX;
    const centreY = (row * 64 + 32) * scaleY;
    let sum = 0;
    let count = 0;
    for (let dy = -4; dy < 4; dy += 1) {
      for (let dx = -4; dx < 4; dx += 1) {
        const x = Math.round(centreX + dx * scaleX);
        const y = Math.round(centreY + dy * scaleY);
        const offset = (y * width + x) * channels;
        const value =
          channels >= 3
            ? ((pixels[offset] ?? 0) + (pixels[offset + 1] ?? 0) + (pixels[offset + 2] ?? 0)) / 3
            : (pixels[offset] ?? 0);
        sum += value;
        count += 1;
      }
    }
    return sum / count;
  };
  let number = 0;
  for (let block = 0; block < bits; block += 1) {
    const top = patch(block, 0);
    const bottom = patch(block, 1);
    const one = top > 160 && bottom < 96;
    const zero = top < 96 && bottom > 160;
    if (!one && !zero) return null;
    number = number * 2 + (one ? 1 : 0);
  }
  return number;
}

/**
 * The number in each frame of a video file, decoded by ffmpeg in presentation order with no frame
 * added or dropped: what a player stepping through that file must show, frame by frame.
 */
export async function decodeFrameCodesOfFile(path: string): Promise<(number | null)[]> {
  const { ffmpegPath } = testInfra();
  const probe = await execFileAsync(testInfra().ffprobePath, [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=width,height',
    '-of',
    'csv=p=0',
    path,
  ]);
  const [width, height] = probe.stdout.trim().split(',').map(Number) as [number, number];
  const frameBytes = width * height;
  const raw = await new Promise<Buffer>((resolve, reject) => {
    const child = spawn(ffmpegPath, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-i',
      path,
      '-map',
      '0:v:0',
      '-fps_mode',
      'passthrough',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'gray',
      'pipe:1',
    ]);
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve(Buffer.concat(chunks));
      else reject(new Error(`ffmpeg exit ${code}: ${stderr}`));
    });
  });
  const codes: (number | null)[] = [];
  for (let offset = 0; offset + frameBytes <= raw.length; offset += frameBytes) {
    codes.push(decodeFrameCode(raw.subarray(offset, offset + frameBytes), width, height, 1));
  }
  return codes;
}
