// `npm run bench:upload`: upload-path measurements (not a test: a missed target still exits 0).
//  (a) Five concurrent 99.5 MiB uploads: gateway RSS growth (target < 100 MiB) and ingest throughput.
//  (b) A 2-minute 720p H.264/AAC MP4: upload response → `ready`, next to the bare ffprobe +
//      ffmpeg thumbnail commands on the same file (target < 1.5×).
// Runs on an isolated stack (own database, bucket, queue and subject prefixes) that it removes.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { ensureNodeDependencies } from '../local/lib/ensure-deps.mjs';
import {
  fmt,
  getJson,
  MiB,
  printTable,
  registerMember,
  root,
  rssBytes,
  sleep,
  startStack,
  withPg,
} from './lib/stack.mjs';

const run = promisify(execFile);
const log = (m) => console.log(`[bench:upload] ${m}`);

const CONCURRENT_UPLOADS = 5;
// Uploads of 100 × 1024 × 1024 bytes or more are refused with 413, so stay just under.
const BIG_FILE_BYTES = 99.5 * MiB;
const RSS_GROWTH_TARGET_MIB = 100;
const READY_RATIO_TARGET = 1.5;
const CLIP_SECONDS = 119.5;
// Fine enough that polling adds little to a figure of a few hundred ms.
const READY_POLL_MS = 20; // the limit is 120 s; a stream-copied loop overshoots -t slightly

ensureNodeDependencies(root);

let stack;
let exitCode = 0;
const results = { concurrent: null, ready: null, readyError: null, readyIndexFirst: null };
try {
  stack = await startStack({
    label: 'upload',
    apps: ['auth', 'catalog', 'video', 'media-worker', 'gateway'],
    env: { THROTTLE_REGISTER_PER_IP: '1000', THROTTLE_UPLOADS_IN_FLIGHT: String(CONCURRENT_UPLOADS) },
    log,
  });
  const { env, work, baseUrl } = stack;
  const cookie = await registerMember(baseUrl, stack.runId);
  const categories = await getJson(`${baseUrl}/api/categories`);
  if (!categories.length) throw new Error('no categories');
  const context = {
    ffmpeg: env.FFMPEG_PATH,
    ffprobe: env.FFPROBE_PATH,
    work,
    baseUrl,
    cookie,
    categoryId: categories[0].id,
    gatewayPid: stack.children.get('gateway').pid,
    stack,
  };

  // BENCH_UPLOAD_PARTS=b runs only part (b), e.g. while working on the media pipeline.
  const parts = (process.env.BENCH_UPLOAD_PARTS ?? 'a,b').split(',');
  if (parts.includes('a')) {
    results.concurrent = await concurrentUploads(context);
    printConcurrent(results.concurrent);
    if (results.concurrent.uploads.some((u) => u.status >= 500)) {
      exitCode = 1; // the figures stand (every body was ingested), but the server failed
      console.error('[bench:upload] part (a): the server answered 5xx (see the table above)');
    }
    await waitForIdlePipeline(stack.env, stack.queuePrefix);
  }
  if (parts.includes('b'))
    try {
      // As ffmpeg and many cameras write it (index after the media: the worker remuxes), then with
      // the index first (the worker plays the original as it is and only makes the thumbnail).
      results.ready = await uploadToReady(context, { indexFirst: false });
      await waitForIdlePipeline(stack.env, stack.queuePrefix);
      results.readyIndexFirst = await uploadToReady(context, { indexFirst: true });
    } catch (error) {
      results.readyError = error;
      exitCode = 1;
      console.error(`[bench:upload] part (b) failed: ${error.message}`);
    }
  printSummary(results);
} catch (error) {
  console.error(`[bench:upload] failed: ${error.stack ?? error.message}`);
  exitCode = 1;
} finally {
  if (stack && !(await stack.cleanup())) exitCode = 1;
}
process.exit(exitCode);

function printConcurrent(c) {
  printTable(`Concurrent uploads (${CONCURRENT_UPLOADS} × ${fmt(BIG_FILE_BYTES / MiB)} MiB, streamed from disk)`, [
    ['#', 'status', 'body sent (s)', 'answered (s)', 'answer'],
    ...c.uploads.map((u, i) => [
      i + 1,
      u.status,
      fmt(u.sentMs / 1000, 2),
      fmt(u.answeredMs / 1000, 2),
      u.message.slice(0, 72),
    ]),
  ]);
  if (c.uploads.some((u) => u.status >= 500))
    console.log('note: a 5xx answer means the upload failed on the server after its body was ingested');
}

function printSummary({ concurrent: c, ready: r, readyError, readyIndexFirst: f }) {
  const rows = [['measure', 'value', 'target', 'result']];
  if (c) {
    rows.push(
      ['uploaded in total', `${fmt(c.totalMiB)} MiB`, '', ''],
      ['ingest wall time (all bodies sent)', `${fmt(c.sentWallMs / 1000, 2)} s`, '', ''],
      ['ingest throughput (aggregate)', `${fmt(c.ingestMiBps)} MiB/s`, '', ''],
      ['wall time to the last answer', `${fmt(c.answeredWallMs / 1000, 2)} s`, '', ''],
      ['gateway RSS before', `${fmt(c.beforeMiB)} MiB`, '', ''],
      ['gateway RSS peak', `${fmt(c.peakMiB)} MiB`, '', ''],
      [
        'gateway RSS growth',
        `${fmt(c.growthMiB)} MiB`,
        `< ${RSS_GROWTH_TARGET_MIB} MiB`,
        c.growthMiB === null ? 'n/a' : c.growthMiB < RSS_GROWTH_TARGET_MIB ? 'PASS' : 'FAIL',
      ],
    );
  }
  if (r) {
    rows.push(
      ['2-min clip', `${fmt(r.clipMiB)} MiB, ${fmt(r.durationSeconds, 2)} s`, '', ''],
      ['clip upload request (send + probe wait)', `${fmt(r.uploadMs / 1000, 2)} s`, '', ''],
      ['upload response → ready', `${fmt(r.readyMs / 1000, 2)} s`, '', ''],
      ['bare ffprobe + ffmpeg thumbnail', `${fmt(r.bareMs / 1000, 2)} s`, '', ''],
      ['ratio', `${fmt(r.ratio, 2)}×`, `< ${READY_RATIO_TARGET}×`, r.ratio < READY_RATIO_TARGET ? 'PASS' : 'FAIL'],
    );
  }
  if (f) {
    rows.push(
      ['same clip, index first: response → ready', `${fmt(f.readyMs / 1000, 2)} s`, '', ''],
      ['bare ffprobe + ffmpeg thumbnail', `${fmt(f.bareMs / 1000, 2)} s`, '', ''],
      [
        'ratio (index first)',
        `${fmt(f.ratio, 2)}×`,
        `< ${READY_RATIO_TARGET}×`,
        f.ratio < READY_RATIO_TARGET ? 'PASS' : 'FAIL',
      ],
    );
  } else if (readyError) {
    rows.push(['upload response → ready', 'ERROR', `< ${READY_RATIO_TARGET}×`, readyError.message.slice(0, 90)]);
  }
  printTable('Summary (bench:upload)', rows);
  for (const [label, result] of [
    ['index last', r],
    ['index first', f],
  ]) {
    if (!result?.workerTimings) continue;
    const steps = Object.entries(result.workerTimings).map(([step, ms]) => `${step} ${ms}`);
    console.log(`\nmedia-worker steps for the clip, ${label} (ms): ${steps.join(', ')}`);
  }
  console.log('\nThese are measurements, not tests: a missed target does not fail the run; an error does.');
}

/**
 * (a) Files that pass the gateway's container sniff (they start with the `ftyp` box of a real
 * ffmpeg MP4) and are otherwise padding: 1 MiB of random bytes (so each has its own sha256 and
 * none is refused as a duplicate) and zeros up to the size (sparse, so nothing to write). The
 * gateway streams each one to S3 whole; the media-worker then finds no playable media and the
 * upload is refused with 400 — the ingest is what is measured, and no transcode job is left to
 * run into part (b).
 */
async function concurrentUploads({ ffmpeg, work, baseUrl, cookie, categoryId, gatewayPid }) {
  const small = join(work, 'small.mp4');
  await run(ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x120:rate=15'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', small],
  ]);
  const mp4 = await readFile(small);
  if (mp4.toString('latin1', 4, 8) !== 'ftyp') throw new Error('ffmpeg wrote an MP4 that does not start with ftyp');
  const ftyp = mp4.subarray(0, mp4.readUInt32BE(0));

  const makeFile = async (name, size) => {
    const path = join(work, name);
    const file = await open(path, 'w');
    try {
      await file.write(ftyp);
      await file.write(randomBytes(Math.min(MiB, size - ftyp.length)));
      await file.truncate(size);
    } finally {
      await file.close();
    }
    return path;
  };
  const fields = (title) => ({ title, categoryId: String(categoryId) });

  // Warm-up: one small upload through the same path, so modules and clients the upload route
  // loads lazily are in the "before" figure rather than counted as growth.
  const warm = await uploadFile(baseUrl, cookie, fields('warm-up'), await makeFile('warm.mp4', 2 * MiB));
  log(`warm-up upload answered ${warm.status}`);

  const files = [];
  for (let i = 0; i < CONCURRENT_UPLOADS; i += 1) files.push(await makeFile(`big-${i}.mp4`, BIG_FILE_BYTES));

  await sleep(1000);
  const baseline = [];
  for (let i = 0; i < 10; i += 1) {
    baseline.push(rssBytes(gatewayPid));
    await sleep(100);
  }
  const before = baseline.every((v) => v !== null) ? baseline.reduce((a, b) => a + b, 0) / baseline.length : null;
  let peak = before ?? 0;
  const sampler = setInterval(() => {
    const rss = rssBytes(gatewayPid);
    if (rss !== null && rss > peak) peak = rss;
  }, 100);

  log(`uploading ${CONCURRENT_UPLOADS} × ${fmt(BIG_FILE_BYTES / MiB)} MiB at once…`);
  const started = performance.now();
  const uploads = await Promise.all(
    files.map((path, i) => uploadFile(baseUrl, cookie, fields(`bench upload ${i + 1}`), path, started)),
  );
  await sleep(500); // the last samples after the answers
  clearInterval(sampler);
  for (const [i, u] of uploads.entries()) log(`upload ${i + 1}: ${u.status} ${u.message}`);

  const sentWallMs = Math.max(...uploads.map((u) => u.sentMs));
  const totalMiB = (CONCURRENT_UPLOADS * BIG_FILE_BYTES) / MiB;
  return {
    uploads,
    totalMiB,
    sentWallMs,
    answeredWallMs: Math.max(...uploads.map((u) => u.answeredMs)),
    ingestMiBps: totalMiB / (sentWallMs / 1000),
    beforeMiB: before === null ? null : before / MiB,
    peakMiB: before === null ? null : peak / MiB,
    growthMiB: before === null ? null : (peak - before) / MiB,
  };
}

/**
 * POSTs one file as multipart/form-data with node:http, streamed from disk with backpressure.
 * Times (ms after `t0`): `sentMs` when the last body byte was handed to the socket, `answeredMs`
 * when the answer was complete.
 */
async function uploadFile(baseUrl, cookie, fields, path, t0 = performance.now()) {
  const boundary = `----vfbench${randomBytes(12).toString('hex')}`;
  let head = '';
  for (const [name, value] of Object.entries(fields))
    head += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  head += `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="clip.mp4"\r\n`;
  head += 'Content-Type: video/mp4\r\n\r\n';
  const tail = `\r\n--${boundary}--\r\n`;
  const { size } = await stat(path);

  const url = new URL('/api/videos', baseUrl);
  const req = http.request(url, {
    method: 'POST',
    headers: {
      cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(Buffer.byteLength(head) + size + Buffer.byteLength(tail)),
    },
  });
  let sentMs = null;
  req.on('finish', () => (sentMs = performance.now() - t0));
  const answer = new Promise((resolveAnswer, reject) => {
    req.once('error', reject);
    req.once('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolveAnswer({ status: res.statusCode, body }));
      res.on('error', reject);
    });
  });
  answer.catch(() => undefined); // awaited below; this only keeps an early error from being unhandled

  req.write(head);
  for await (const chunk of createReadStream(path, { highWaterMark: MiB })) {
    if (req.destroyed) break;
    if (!req.write(chunk)) await drained(req);
  }
  req.end(tail);
  const { status, body } = await answer;
  const answeredMs = performance.now() - t0;
  let json = null;
  try {
    json = JSON.parse(body);
  } catch {
    // not JSON
  }
  return {
    status,
    json,
    message: json?.message ?? (json?.id ? `video ${json.id}` : body.slice(0, 80)),
    sentMs: sentMs ?? answeredMs,
    answeredMs,
  };
}

/** Resolves on 'drain' (or 'close', so a request the server ended early cannot hang the loop). */
function drained(req) {
  return new Promise((resolveDrain) => {
    const done = () => {
      req.off('drain', done);
      req.off('close', done);
      resolveDrain();
    };
    req.on('drain', done);
    req.on('close', done);
  });
}

/** Part (b) starts on a quiet worker: no video still processing, no media job waiting or running. */
async function waitForIdlePipeline(env, prefix) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      let pending = 0;
      for (const queue of ['media-probe', 'media-transcode', 'media-results', 'media-cleanup'])
        for (const list of ['wait', 'active']) pending += await redis.llen(`${prefix}:${queue}:${list}`);
      const processing = await withPg(
        env.DATABASE_URL,
        async (c) =>
          (await c.query(`SELECT count(*)::int AS n FROM video.videos WHERE "processingState" = 'processing'`)).rows[0]
            .n,
      );
      if (pending === 0 && processing === 0) return;
      await sleep(250);
    }
    log('the media pipeline is still busy after 60 s; measuring anyway');
  } finally {
    redis.disconnect();
  }
}

/** (b) 2-minute 720p clip: bare ffprobe + thumbnail vs upload response → `ready`. */
async function uploadToReady({ ffmpeg, ffprobe, work, baseUrl, cookie, categoryId, stack }, { indexFirst }) {
  // Encoding 2 minutes of testsrc2 takes ~1.5 min on 2 cores (the generator is single-threaded),
  // so 10 s are encoded and looped by stream copy: the same kind of file in a few seconds.
  log('making a 2-minute 720p H.264/AAC MP4…');
  const segment = join(work, 'segment.mp4');
  const clip = join(work, indexFirst ? 'clip-720p-2min-faststart.mp4' : 'clip-720p-2min.mp4');
  await run(ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
    ...['-t', '10', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k'],
    segment,
  ]);
  await run(ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-stream_loop', '-1', '-i', segment],
    ...['-t', String(CLIP_SECONDS), '-c', 'copy', ...(indexFirst ? ['-movflags', '+faststart'] : []), clip],
  ]);
  const { stdout } = await run(ffprobe, ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', clip]);
  const probed = JSON.parse(stdout);
  const durationSeconds = Number(probed.format.duration);
  const video = probed.streams.find((s) => s.codec_type === 'video');
  if (!(durationSeconds > 110 && durationSeconds <= 120) || video?.codec_name !== 'h264' || video.height !== 720)
    throw new Error(`unexpected clip: ${durationSeconds} s, ${video?.codec_name} ${video?.width}x${video?.height}`);
  const clipBytes = (await stat(clip)).size;
  log(`clip: ${fmt(clipBytes / MiB)} MiB, ${durationSeconds} s, h264 ${video.width}x${video.height}`);

  // The bare commands on the same file: median of three runs (the file is in the page cache,
  // as the worker's freshly downloaded copy is).
  const thumb = join(work, 'thumb.jpg');
  const bareRuns = [];
  for (let i = 0; i < 3; i += 1) {
    const t = performance.now();
    await run(ffprobe, ['-v', 'error', '-show_format', '-show_streams', clip]);
    await run(ffmpeg, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-ss',
      '1',
      '-i',
      clip,
      '-frames:v',
      '1',
      '-vf',
      'scale=640:-2',
      thumb,
    ]);
    bareRuns.push(performance.now() - t);
  }
  const bareMs = bareRuns.sort((a, b) => a - b)[1];
  log(
    `bare ffprobe + thumbnail: ${bareRuns.map((ms) => ms.toFixed(0)).join(', ')} ms → median ${bareMs.toFixed(0)} ms`,
  );

  log('uploading the clip…');
  const upload = await uploadFile(
    baseUrl,
    cookie,
    { title: `bench 2-minute clip${indexFirst ? ' (index first)' : ''}`, categoryId: String(categoryId) },
    clip,
  );
  if (upload.status !== 201) throw new Error(`clip upload answered ${upload.status}: ${upload.message}`);
  const answeredAt = performance.now();
  const id = upload.json.id;
  log(
    `clip upload answered 201 in ${fmt(upload.answeredMs / 1000, 2)} s (video ${id}, ${upload.json.processingState}); polling…`,
  );
  let state = upload.json.processingState;
  let readyAt = state === 'ready' ? answeredAt : null;
  while (readyAt === null) {
    if (performance.now() - answeredAt > 180_000) throw new Error(`video ${id} not ready after 180 s (${state})`);
    await sleep(READY_POLL_MS);
    const current = await getJson(`${baseUrl}/api/videos/${id}`, { cookie });
    state = current.processingState;
    if (state === 'ready') readyAt = performance.now();
    else if (state === 'failed' || current.hasFileError) throw new Error(`video ${id} failed processing`);
  }
  const readyMs = readyAt - answeredAt;
  log(`ready ${fmt(readyMs / 1000, 2)} s after the upload response`);

  const workerTimings = await transcodeTimings(stack.env, stack.queuePrefix, id);
  return {
    clipMiB: clipBytes / MiB,
    durationSeconds,
    uploadMs: upload.answeredMs,
    readyMs,
    bareMs,
    ratio: readyMs / bareMs,
    workerTimings,
  };
}

/**
 * The worker's own per-step timings, from the finished transcode job's return value (`ready`:
 * ms from the job's start to its 'ready' verdict; a faststart copy may be made after that).
 */
async function transcodeTimings(env, prefix, videoId) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    const key = `${prefix}:media-transcode:transcode-${videoId}`;
    const deadline = Date.now() + 60_000;
    let value = null;
    while (!value && Date.now() < deadline) {
      value = await redis.hget(key, 'returnvalue');
      if (!value) await sleep(200);
    }
    return value ? (JSON.parse(value).timingsMs ?? null) : null;
  } catch {
    return null;
  } finally {
    redis.disconnect();
  }
}
