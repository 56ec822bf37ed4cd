// The videos `npm run bench:upload` sends: real 2-minute 720p clips made with ffmpeg, kept in a
// cache keyed by their recipe (ffmpeg's version included), so a second run skips the encodes.
// A clean clone makes them in about a minute (the encodes run under `nice`).
//
// - H.264: a 23.9-second 720p30 segment (testsrc2 with temporal noise, so it needs a camera's
//   bitrate: about 7 Mbit/s) with a keyframe every 15 frames, five times over by stream copy
//   (the concat demuxer: a constant frame rate across the joins, nothing cut) to 119.5 s, beside
//   119.5 s of AAC, as a camera writes it (index last). Each copy carries its own title, so
//   each has its own sha256 (the video service refuses a byte-identical file as a duplicate), and
//   a trailing `free` box (as cameras leave) pads it to exactly `sizeBytes`: just under the upload
//   limit of 100 × 1024 × 1024 bytes.
// - HEVC: the same picture encoded by libx265 (4 Mbit/s, a phone's 720p rate) in a QuickTime
//   `.mov` (`hvc1`, AAC), as an iPhone writes it.
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

const FPS = 30;
/** 717 frames: five of them make 3,585 frames, 119.5 s, a whole number of frames and no cut. */
const SEGMENT_SECONDS = 23.9;
const SEGMENTS = 5;
export const CLIP_SECONDS = Math.round(SEGMENT_SECONDS * SEGMENTS * 1000) / 1000;
const PICTURE = `testsrc2=size=1280x720:rate=${FPS},noise=alls=12:allf=t`;
const SOUND = 'sine=frequency=440:sample_rate=48000';
/** The first H.264 try; later tries scale it so the clip lands just under `sizeBytes`. */
const H264_FIRST_BITRATE = 6_700_000;
const HEVC_BITRATE = 4_000_000;
/** Most padding a clip may need (else the segment is encoded again at a better rate). */
const MAX_PADDING_BYTES = 3 * 1024 * 1024;
const RECIPE_VERSION = 2;

const quiet = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'];

/**
 * @param {{ ffmpeg: string, cacheRoot: string, sizeBytes: number, h264Copies: number, log: (m: string) => void }} options
 * @returns {Promise<{ h264: string[], hevc: string, dir: string, reused: boolean }>} absolute paths
 */
export async function prepareUploadMedia({ ffmpeg, cacheRoot, sizeBytes, h264Copies, log }) {
  const { stdout: version } = await run(ffmpeg, ['-version']);
  const recipe = {
    version: RECIPE_VERSION,
    ffmpeg: version.split('\n')[0],
    picture: PICTURE,
    sound: SOUND,
    seconds: CLIP_SECONDS,
    segmentSeconds: SEGMENT_SECONDS,
    segments: SEGMENTS,
    h264FirstBitrate: H264_FIRST_BITRATE,
    hevcBitrate: HEVC_BITRATE,
    sizeBytes,
    h264Copies,
  };
  const key = createHash('sha256').update(JSON.stringify(recipe)).digest('hex').slice(0, 16);
  const dir = join(cacheRoot, key);
  const cached = await readManifest(dir);
  if (cached) {
    log(`clips from the cache (${dir})`);
    return { ...cached, dir, reused: true };
  }

  await mkdir(cacheRoot, { recursive: true });
  const tmp = join(cacheRoot, `.tmp-${key}-${randomBytes(4).toString('hex')}`);
  await mkdir(tmp, { recursive: true });
  try {
    const started = Date.now();
    log(`making ${h264Copies} 2-minute 720p H.264 clips of ${sizeBytes} bytes and a 2-minute 720p HEVC .mov…`);
    const h264 = await makeH264Copies({ ffmpeg, dir: tmp, sizeBytes, copies: h264Copies, log });
    const hevc = await makeHevcMov({ ffmpeg, dir: tmp });
    for (const name of ['segment-h264.mp4', 'segment-hevc.mp4'])
      for (const file of [name, `${name}.txt`]) await rm(join(tmp, file), { force: true });
    const manifest = { recipe, h264: h264.map((p) => p.split('/').pop()), hevc: hevc.split('/').pop() };
    await writeFile(join(tmp, 'manifest.json'), JSON.stringify(manifest, null, 2));
    try {
      await rename(tmp, dir);
    } catch (error) {
      // Another run made the same clips meanwhile: theirs are as good.
      if (!(await readManifest(dir))) throw error;
      await rm(tmp, { recursive: true, force: true });
    }
    log(`clips made in ${((Date.now() - started) / 1000).toFixed(0)} s (cached in ${dir})`);
  } catch (error) {
    await rm(tmp, { recursive: true, force: true });
    throw error;
  }
  const made = await readManifest(dir);
  if (!made) throw new Error(`the clips in ${dir} are incomplete`);
  return { ...made, dir, reused: false };
}

async function readManifest(dir) {
  try {
    const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
    const h264 = manifest.h264.map((name) => join(dir, name));
    const hevc = join(dir, manifest.hevc);
    for (const path of [...h264, hevc]) await stat(path);
    for (const path of h264) if ((await stat(path)).size !== manifest.recipe.sizeBytes) return null;
    return { h264, hevc };
  } catch {
    return null;
  }
}

/** `nice -n 10 ffmpeg …`: making inputs must not take the cores from anyone measuring. */
function ffmpegNice(ffmpeg, args) {
  return run('nice', ['-n', '10', ffmpeg, ...quiet, ...args], { maxBuffer: 16 * 1024 * 1024 });
}

async function makeH264Copies({ ffmpeg, dir, sizeBytes, copies, log }) {
  const segment = join(dir, 'segment-h264.mp4');
  const copyPath = (i) => join(dir, `h264-720p-2min-${i + 1}.mp4`);
  const encodeSegment = (bitrate) =>
    ffmpegNice(ffmpeg, [
      ...['-f', 'lavfi', '-i', PICTURE, '-t', String(SEGMENT_SECONDS), '-an'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'],
      ...['-b:v', String(bitrate), '-maxrate', String(bitrate), '-bufsize', String(bitrate)],
      // A keyframe every half second at a constant rate: what the worker may publish by remux.
      ...['-g', String(FPS / 2), '-keyint_min', String(FPS / 2), '-sc_threshold', '0'],
      segment,
    ]);
  const list = await concatList(dir, segment);
  const loop = (i) =>
    ffmpegNice(ffmpeg, [
      ...['-f', 'concat', '-safe', '0', '-i', list, '-f', 'lavfi', '-t', String(CLIP_SECONDS), '-i', SOUND],
      ...['-map', '0:v:0', '-map', '1:a:0', '-c:v', 'copy', '-c:a', 'aac', '-b:a', '128k', '-ac', '2'],
      ...['-metadata', `title=bench upload ${String(i + 1).padStart(2, '0')}`],
      ...['-metadata', `comment=${randomBytes(8).toString('hex')}`],
      copyPath(i),
    ]);

  // The rate that lands the first copy just under the size; the others differ only by their tags.
  let bitrate = H264_FIRST_BITRATE;
  for (let attempt = 1; ; attempt += 1) {
    await encodeSegment(bitrate);
    await loop(0);
    const size = (await stat(copyPath(0))).size;
    if (size <= sizeBytes - 8 && size >= sizeBytes - MAX_PADDING_BYTES) break;
    if (attempt === 4) throw new Error(`could not make a clip of about ${sizeBytes} bytes (last: ${size})`);
    const next = Math.round(bitrate * ((sizeBytes - MAX_PADDING_BYTES / 2) / size));
    log(`clip of ${size} bytes at ${bitrate} bit/s: encoding again at ${next} bit/s`);
    bitrate = next;
  }
  const paths = [];
  for (let i = 0; i < copies; i += 1) {
    if (i > 0) await loop(i);
    const size = (await stat(copyPath(i))).size;
    if (size > sizeBytes - 8) throw new Error(`copy ${i + 1} is ${size} bytes, over ${sizeBytes - 8}`);
    await padWithFreeBox(copyPath(i), sizeBytes - size);
    paths.push(copyPath(i));
  }
  return paths;
}

/** The concat demuxer's list: the segment SEGMENTS times. */
async function concatList(dir, segment) {
  const list = join(dir, `${segment.split('/').pop()}.txt`);
  await writeFile(list, `file '${segment.replaceAll("'", "'\\''")}'\n`.repeat(SEGMENTS));
  return list;
}

/** Appends a top-level `free` box of `bytes` bytes (what cameras leave room for tags in). */
async function padWithFreeBox(path, bytes) {
  const box = Buffer.alloc(bytes);
  box.writeUInt32BE(bytes, 0);
  box.write('free', 4, 'latin1');
  const file = await open(path, 'a');
  try {
    await file.write(box);
  } finally {
    await file.close();
  }
}

async function makeHevcMov({ ffmpeg, dir }) {
  const segment = join(dir, 'segment-hevc.mp4');
  const output = join(dir, 'hevc-720p-2min.mov');
  await ffmpegNice(ffmpeg, [
    ...['-f', 'lavfi', '-i', PICTURE, '-t', String(SEGMENT_SECONDS), '-an'],
    ...['-c:v', 'libx265', '-preset', 'faster', '-pix_fmt', 'yuv420p', '-b:v', String(HEVC_BITRATE)],
    ...['-x265-params', 'log-level=error', '-tag:v', 'hvc1'],
    segment,
  ]);
  await ffmpegNice(ffmpeg, [
    ...['-f', 'concat', '-safe', '0', '-i', await concatList(dir, segment)],
    ...['-f', 'lavfi', '-t', String(CLIP_SECONDS), '-i', SOUND],
    ...['-map', '0:v:0', '-map', '1:a:0', '-c:v', 'copy', '-tag:v', 'hvc1'],
    ...['-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-metadata', 'title=bench upload hevc', '-f', 'mov'],
    output,
  ]);
  return output;
}
