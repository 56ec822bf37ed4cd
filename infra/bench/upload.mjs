// `npm run bench:upload`: the upload path, each figure beside a baseline measured in the same run
// on the same machine (not a test: a missed target still exits 0; an error exits 1).
//  (a) Five real 2-minute 720p videos of 99.5 MiB (just under the 100 × 1024 × 1024-byte limit)
//      uploaded at once: every answer 201, the gateway's RSS growth (target < 64 MiB) and the
//      aggregate ingest throughput beside a plain S3 put of the same five files, five at once,
//      to the same S3 API and bucket (target ≥ 0.8×).
//  (b) A 2-minute 720p H.264/AAC MP4 of 99.5 MiB: upload → `ready`, beside the bare commands
//      the pipeline must run on it, run here one after another: sha256, ffprobe, the thumbnail
//      and the metadata-stripping remux, with the worker's own ffmpeg arguments (target ≤ 1.3×).
//  (c) A 2-minute 720p HEVC `.mov`: upload → `ready`, beside the bare ffmpeg transcode with the
//      worker's own arguments (target ≤ 1.1×).
// Runs on an isolated stack (own database, bucket, queue and subject prefixes) that it removes.
// BENCH_UPLOAD_PARTS=b,c runs only some parts; BENCH_UPLOAD_CACHE names the clips' cache directory.
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { ensureNodeDependencies } from '../local/lib/ensure-deps.mjs';
import { isListening } from '../local/lib/net.mjs';
import {
  cpuSeconds,
  fmt,
  getJson,
  MiB,
  printTable,
  registerMember,
  root,
  rssBytes,
  s3Client,
  sleep,
  startStack,
  withPg,
} from './lib/stack.mjs';
import { prepareUploadMedia } from './lib/upload-media.mjs';

const run = promisify(execFile);
const log = (m) => console.log(`[bench:upload] ${m}`);

const CONCURRENT_UPLOADS = 5;
const RSS_GROWTH_TARGET_MIB = 64;
const INGEST_RATIO_TARGET = 0.8;
const H264_READY_RATIO_TARGET = 1.3;
const HEVC_READY_RATIO_TARGET = 1.1;
/** Runs of the bare commands in (b); their median is the baseline. */
const BARE_REMUX_RUNS = 3;
/** Fine enough for a figure of a second or two; (c) polls less often, so the poller takes no CPU from the encode. */
const READY_POLL_MS = { remux: 20, encode: 250 };
const RSS_SAMPLE_MS = 50;
const STORED_POLL_MS = 50;

ensureNodeDependencies(root);

let ownS3;
let stack;
let exitCode = 0;
const results = {};
const errors = {};
try {
  ownS3 = await startOwnS3IfNeeded();
  stack = await startStack({
    label: 'upload',
    apps: ['auth', 'catalog', 'video', 'media-worker', 'gateway'],
    env: { THROTTLE_REGISTER_PER_IP: '1000', THROTTLE_UPLOADS_IN_FLIGHT: String(CONCURRENT_UPLOADS) },
    log,
  });
  const { env, work, baseUrl } = stack;
  const { VIDEO_LIMITS } = await import('@app/contracts');
  // Uploads over VIDEO_LIMITS.uploadMaxBytes (100 × 1024 × 1024) are cut off with 413.
  const clipBytes = VIDEO_LIMITS.uploadMaxBytes - MiB / 2;
  const worker = await loadWorkerCode();
  const media = await prepareUploadMedia({
    ffmpeg: env.FFMPEG_PATH,
    cacheRoot: process.env.BENCH_UPLOAD_CACHE ?? join(root, 'node_modules', '.cache', 'bench-upload'),
    sizeBytes: clipBytes,
    h264Copies: CONCURRENT_UPLOADS + 1,
    log,
  });
  const cookie = await registerMember(baseUrl, stack.runId);
  const categories = await getJson(`${baseUrl}/api/categories`);
  if (!categories.length) throw new Error('no categories');
  const context = {
    env,
    ffmpeg: env.FFMPEG_PATH,
    ffprobe: env.FFPROBE_PATH,
    work,
    baseUrl,
    cookie,
    categoryId: categories[0].id,
    gatewayPid: stack.children.get('gateway').pid,
    stack,
    worker,
    clipBytes,
    s3Pid: ownS3?.pid ?? null,
    s3Directory: ownS3?.directory ?? null,
  };

  const parts = (process.env.BENCH_UPLOAD_PARTS ?? 'a,b,c').split(',').map((p) => p.trim());
  const runPart = async (name, fn) => {
    if (!parts.includes(name)) return;
    try {
      await waitForIdlePipeline(env, stack.queuePrefix);
      results[name] = await fn();
    } catch (error) {
      errors[name] = error;
      exitCode = 1;
      console.error(`[bench:upload] part (${name}) failed: ${error.stack ?? error.message}`);
    }
  };
  await runPart('a', async () => {
    const a = await concurrentUploads(context, media.h264.slice(0, CONCURRENT_UPLOADS));
    printConcurrent(a, clipBytes);
    if (a.uploads.some((u) => u.status >= 500)) {
      exitCode = 1; // the figures stand (every body was ingested), but the server failed
      console.error('[bench:upload] part (a): the server answered 5xx (see the table above)');
    }
    return a;
  });
  await runPart('b', () => uploadToReady(context, media.h264[CONCURRENT_UPLOADS], 'remux'));
  await runPart('c', () => uploadToReady(context, media.hevc, 'encode'));
  printSummary(results, errors);
} catch (error) {
  console.error(`[bench:upload] failed: ${error.stack ?? error.message}`);
  exitCode = 1;
} finally {
  if (stack && !(await stack.cleanup())) exitCode = 1;
  await ownS3?.stop();
}
process.exit(exitCode);

/**
 * Without an S3 API in the environment or on the standard port, the stack would run s3rver in
 * this very process, beside the load generator and the baseline's client: it gets its own.
 */
async function startOwnS3IfNeeded() {
  if (process.env.S3_ENDPOINT || (await isListening(9000))) return undefined;
  const directory = mkdtempSync(join(tmpdir(), 'vf-bench-upload-s3-'));
  const child = spawn(process.execPath, [join(root, 'infra/bench/lib/s3-server.mjs'), directory], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const kill = () => {
    child.kill('SIGKILL');
    rmSync(directory, { recursive: true, force: true });
  };
  process.once('exit', kill);
  const port = await new Promise((resolvePort, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /listening (\d+)/.exec(out);
      if (match) resolvePort(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the S3 server exited (${code}) before listening`)));
  });
  Object.assign(process.env, {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  });
  log(`s3: s3rver in its own process on port ${port}`);
  return {
    pid: child.pid,
    directory,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(5000)]);
      }
      process.off('exit', kill);
      kill();
    },
  };
}

/** The media worker's own ffmpeg/ffprobe code, from its build: the bare commands are its commands. */
async function loadWorkerCode() {
  const dist = join(root, 'services/media-worker/dist/ffmpeg');
  const [ffmpeg, ffprobe, timing, plan] = await Promise.all([
    import(join(dist, 'ffmpeg.js')),
    import(join(dist, 'ffprobe.js')),
    import(join(dist, 'frame-timing.js')),
    import(join(dist, 'playback-plan.js')),
  ]);
  return { ...ffmpeg, ...ffprobe, ...timing, ...plan };
}

// ---------------------------------------------------------------------------------------------
// (a) five at once

/**
 * The five files through the product (client → gateway → S3), between two runs of the baseline:
 * the same five files put straight into the same bucket by @aws-sdk/lib-storage (its defaults:
 * 5 MiB parts, 4 in flight per upload), five at once, from this process. The faster baseline
 * counts. Each run starts with the disk synced and the pipeline idle.
 */
async function concurrentUploads(ctx, files) {
  const { env, ffmpeg, work, baseUrl, cookie, categoryId, gatewayPid } = ctx;
  const bytes = (await Promise.all(files.map((f) => stat(f)))).reduce((sum, s) => sum + s.size, 0);
  const fields = (title) => ({ title, categoryId: String(categoryId) });

  // Warm-up: one small real upload through the same path, so modules and clients the upload
  // route loads lazily are in the "before" figure rather than counted as growth.
  const warmPath = join(work, 'warm.mp4');
  await run(ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=30'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '15', '-pix_fmt', 'yuv420p', warmPath],
  ]);
  const warm = await uploadFile(baseUrl, cookie, fields('warm-up'), warmPath);
  log(`warm-up upload answered ${warm.status}`);
  if (warm.status !== 201) throw new Error(`the warm-up upload answered ${warm.status}: ${warm.message}`);
  await waitForIdlePipeline(env, ctx.stack.queuePrefix);

  const baselines = [];
  await syncDisk();
  baselines.push(await plainS3Put(env, files, 'first', { s3Pid: ctx.s3Pid }));

  await syncDisk();
  await sleep(1000);
  const samples = [];
  for (let i = 0; i < 10; i += 1) {
    samples.push(rssBytes(gatewayPid));
    await sleep(100);
  }
  const before = samples.every((v) => v !== null) ? samples.reduce((a, b) => a + b, 0) / samples.length : null;
  let peak = before ?? 0;
  const sampler = setInterval(() => {
    const rss = rssBytes(gatewayPid);
    if (rss !== null && rss > peak) peak = rss;
  }, RSS_SAMPLE_MS);

  log(`uploading ${files.length} × ${fmt(bytes / files.length / MiB)} MiB through the gateway at once…`);
  // When each original was stored: the time its object was written on our own S3 server's disk,
  // else when a listing of the bucket first shows it.
  const onDisk = ctx.s3Directory ? join(ctx.s3Directory, env.S3_BUCKET, 'videos', 'originals') : null;
  const storedBefore = new Set(onDisk ? await readdir(onDisk).catch(() => []) : []);
  const watcher = onDisk ? null : await watchStoredOriginals(env);
  const cpu = cpuMeter({ gateway: gatewayPid, s3: ctx.s3Pid });
  cpu.start();
  const started = performance.now();
  const startedWall = Date.now();
  watcher?.start(started);
  const uploads = await Promise.all(
    files.map((path, i) => uploadFile(baseUrl, cookie, fields(`bench upload ${i + 1}`), path, started)),
  );
  const productCpu = cpu.stop();
  const stored = watcher ? await watcher.stop(files.length) : await storedOnDisk(onDisk, storedBefore, startedWall);
  await sleep(500); // the last samples after the answers
  clearInterval(sampler);
  for (const [i, u] of uploads.entries()) log(`upload ${i + 1}: ${u.status} ${u.message}`);
  // A listing answers late on a busy machine, and every original is stored before its upload is
  // answered: the later of the two is no figure of the ingest.
  const answeredWallMs = Math.max(...uploads.map((u) => u.answeredMs));
  const storedWallMs = stored.length === files.length ? Math.min(Math.max(...stored), answeredWallMs) : null;

  // The five remuxes it queued run before the second baseline.
  await waitForIdlePipeline(env, ctx.stack.queuePrefix, 180_000);
  await syncDisk();
  baselines.push(await plainS3Put(env, files, 'second', { s3Pid: ctx.s3Pid }));
  const baseline = baselines.reduce((best, b) => (b.wallMs < best.wallMs ? b : best));
  // Beside it, one PutObject per file: possible only when the length is known before the first
  // byte, which an upload through the gateway never is (the file is a part of a multipart form).
  await syncDisk();
  const singlePut = await plainS3Put(env, files, 'single PUT', { singlePut: true, s3Pid: ctx.s3Pid });

  const sentWallMs = Math.max(...uploads.map((u) => u.sentMs));
  const product = {
    wallMs: storedWallMs ?? answeredWallMs,
    // Without a listing of every object (a refused upload's object is removed at once), the answers.
    measuredTo: storedWallMs === null ? 'the last answer' : 'the last original stored',
  };
  return {
    uploads,
    stored,
    productCpu,
    files: files.length,
    totalMiB: bytes / MiB,
    sentWallMs,
    answeredWallMs,
    product,
    productMiBps: bytes / MiB / (product.wallMs / 1000),
    baselines,
    baseline,
    baselineMiBps: bytes / MiB / (baseline.wallMs / 1000),
    singlePut,
    singlePutMiBps: bytes / MiB / (singlePut.wallMs / 1000),
    beforeMiB: before === null ? null : before / MiB,
    peakMiB: before === null ? null : peak / MiB,
    growthMiB: before === null ? null : (peak - before) / MiB,
  };
}

/**
 * CPU seconds each process uses between `start()` and `stop()` (null where unknown); a pid given
 * as `{ withChildren: pid }` counts the children it waited for too.
 */
function cpuMeter(pids) {
  const seconds = (pid) =>
    !pid ? null : typeof pid === 'object' ? cpuSeconds(pid.withChildren, { withChildren: true }) : cpuSeconds(pid);
  const read = () => ({
    ...Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, seconds(pid)])),
    bench: process.cpuUsage(),
  });
  let first;
  return {
    start: () => (first = read()),
    stop: () => {
      const last = read();
      const used = Object.fromEntries(
        Object.keys(pids).map((name) => [
          name,
          first[name] === null || last[name] === null ? null : last[name] - first[name],
        ]),
      );
      const bench = process.cpuUsage(first.bench);
      used.bench = (bench.user + bench.system) / 1e6;
      return used;
    },
  };
}

function cpuText(used) {
  return Object.entries(used)
    .map(([name, seconds]) => `${name} ${fmt(seconds)} s`)
    .join(', ');
}

/** Flushes what earlier runs wrote, so its write-back does not land in the next measurement. */
async function syncDisk() {
  await run('sync').catch(() => undefined);
}

/**
 * The baseline: lib-storage's Upload of each file into the stack's bucket (its defaults: 5 MiB
 * parts, 4 in flight), all at once, as the SDK's uploader and `aws s3 cp` send a 100 MB file; or
 * with `singlePut`, one streaming PutObject per file. Removed after.
 */
async function plainS3Put(env, files, label, { singlePut = false, s3Pid = null } = {}) {
  const { Upload } = await import('@aws-sdk/lib-storage');
  const { s3, client } = await s3Client(env);
  const keys = files.map((_, i) => `bench-baseline/${label}-${i + 1}-${randomBytes(4).toString('hex')}`);
  try {
    log(`baseline (${label}): plain S3 put of the same ${files.length} files at once…`);
    const cpu = cpuMeter({ s3: s3Pid });
    cpu.start();
    const started = performance.now();
    const doneMs = await Promise.all(
      files.map(async (path, i) => {
        const params = { Bucket: env.S3_BUCKET, Key: keys[i], Body: createReadStream(path), ContentType: 'video/mp4' };
        if (singlePut) {
          const { size } = await stat(path);
          await client.send(new s3.PutObjectCommand({ ...params, ContentLength: size }));
        } else await new Upload({ client, params }).done();
        return performance.now() - started;
      }),
    );
    const wallMs = Math.max(...doneMs);
    const used = cpu.stop();
    log(`baseline (${label}): ${fmt(wallMs / 1000, 2)} s (CPU: ${cpuText(used)})`);
    return { label, wallMs, doneMs, cpu: used };
  } finally {
    for (const Key of keys)
      await client.send(new s3.DeleteObjectCommand({ Bucket: env.S3_BUCKET, Key })).catch(() => undefined);
    client.destroy();
  }
}

/** ms after `startedWall` at which s3rver finished writing each new original (its .md5 comes last). */
async function storedOnDisk(directory, before, startedWall) {
  const times = [];
  for (const name of await readdir(directory)) {
    if (before.has(name) || !name.endsWith('_object')) continue;
    const written = await stat(join(directory, `${name}.md5`)).catch(() => stat(join(directory, name)));
    times.push(written.mtimeMs - startedWall);
  }
  return times.sort((x, y) => x - y);
}

/**
 * When each upload's original appears in the bucket (complete, as a listing shows it), polled:
 * ms after `t0`, in the order they appeared.
 */
async function watchStoredOriginals(env) {
  const { s3, client } = await s3Client(env);
  const list = async () => {
    const keys = [];
    let token;
    do {
      const page = await client.send(
        new s3.ListObjectsV2Command({ Bucket: env.S3_BUCKET, Prefix: 'videos/originals/', ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) keys.push(object.Key);
      token = page.NextContinuationToken;
    } while (token);
    return keys;
  };
  const known = new Set(await list());
  const seen = [];
  let stopped = false;
  let loop;
  return {
    start(t0) {
      loop = (async () => {
        while (!stopped) {
          const keys = await list().catch(() => []);
          const now = performance.now() - t0;
          for (const key of keys)
            if (!known.has(key)) {
              known.add(key);
              seen.push(now);
            }
          await sleep(STORED_POLL_MS);
        }
      })();
    },
    /** Once every answer is in: the objects are complete before their upload is answered. */
    async stop(expected) {
      const deadline = Date.now() + 2000;
      while (seen.length < expected && Date.now() < deadline) await sleep(STORED_POLL_MS);
      stopped = true;
      await loop;
      client.destroy();
      return seen;
    },
  };
}

function printConcurrent(a, clipBytes) {
  printTable(
    `Concurrent uploads (${a.files} real 2-minute 720p H.264 videos × ${clipBytes} bytes, streamed from disk)`,
    [
      ['#', 'status', 'body sent (s)', 'answered (s)', 'answer'],
      ...a.uploads.map((u, i) => [
        i + 1,
        u.status,
        fmt(u.sentMs / 1000, 2),
        fmt(u.answeredMs / 1000, 2),
        u.message.slice(0, 72),
      ]),
    ],
  );
  console.log(
    `originals stored (complete in the bucket) after (s): ${a.stored.map((ms) => fmt(ms / 1000, 2)).join(', ')}`,
  );
  console.log(
    `baseline runs (plain S3 put, all five done after, s): ${[...a.baselines, a.singlePut].map((b) => `${b.label} ${fmt(b.wallMs / 1000, 2)}`).join(', ')}`,
  );
  console.log(`CPU used while the five went through the gateway: ${cpuText(a.productCpu)}`);
  if (a.uploads.some((u) => u.status >= 500))
    console.log('note: a 5xx answer means the upload failed on the server after its body was ingested');
}

// ---------------------------------------------------------------------------------------------
// (b) and (c): upload → ready

/**
 * The bare commands first, on the file in the page cache (as the worker's freshly downloaded
 * copy is), then the upload through the product on an idle pipeline. `kind`: 'remux' for the
 * H.264 clip ((b): sha256 + ffprobe + thumbnail + remux, median of three runs), 'encode' for the
 * HEVC one ((c): the transcode alone, once). Upload → ready counts from the moment the last byte
 * of the body was sent (what follows is the product's: storing the end, registering, probing and
 * the pipeline); the send itself is in part (a)'s throughput, and shown here too.
 */
async function uploadToReady(ctx, clip, kind) {
  const { ffmpeg, ffprobe, work, baseUrl, cookie, categoryId, stack, worker } = ctx;
  const { info, plan, clipBytes } = await planOf(worker, ffprobe, clip);
  const video = info.video;
  const label = `${video.codec} ${video.width}x${video.height}, ${fmt(info.durationSeconds, 2)} s, ${fmt(clipBytes / MiB)} MiB`;
  log(`${kind === 'remux' ? '(b)' : '(c)'} ${clip.split('/').pop()}: ${label}; plan ${plan.video}/${plan.audio}`);
  if (!(info.durationSeconds > 110 && info.durationSeconds <= 120.5) || video.height !== 720)
    throw new Error(`unexpected clip: ${label}`);
  if (kind === 'remux' && (plan.video !== 'copy' || plan.audio !== 'copy'))
    throw new Error(`the worker would not remux this clip: ${plan.reasons.join(', ')}`);
  if (kind === 'encode' && plan.video !== 'encode') throw new Error('the worker would not re-encode this clip');

  const streams = { video: video.index, audio: info.audio?.index ?? null };
  const playback = join(work, 'bare-playback.mp4');
  const thumb = join(work, 'bare-thumbnail.jpg');
  const steps = {
    sha256: () => run('sha256sum', [clip]),
    ffprobe: () => worker.inspectMedia(ffprobe, clip),
    thumbnail: () =>
      worker.runFfmpeg(
        ffmpeg,
        worker.thumbnailArgs(clip, thumb, video.index, worker.thumbnailTime(info.durationSeconds)),
        {
          timeoutMs: worker.ffmpegTimeoutMs(info.durationSeconds, 'thumbnail'),
        },
      ),
    [kind]: () =>
      worker.runFfmpeg(ffmpeg, worker.playbackArgs(clip, playback, plan, streams), {
        timeoutMs: worker.ffmpegTimeoutMs(info.durationSeconds, kind),
      }),
  };
  const bareSteps = kind === 'remux' ? ['sha256', 'ffprobe', 'thumbnail', 'remux'] : ['encode'];
  const runs = kind === 'remux' ? BARE_REMUX_RUNS : 1;
  await run('cat', [clip]).catch(() => undefined); // into the page cache
  const bareRuns = [];
  for (let i = 0; i < runs; i += 1) {
    const stepMs = {};
    const t = performance.now();
    for (const step of bareSteps) {
      const s = performance.now();
      await steps[step]();
      stepMs[step] = performance.now() - s;
    }
    bareRuns.push({ totalMs: performance.now() - t, stepMs });
    await rm(playback, { force: true });
  }
  bareRuns.sort((x, y) => x.totalMs - y.totalMs);
  const bare = bareRuns[Math.floor(bareRuns.length / 2)];
  log(
    `bare ${bareSteps.join(' + ')}: ${bareRuns.map((r) => r.totalMs.toFixed(0)).join(', ')} ms → ${fmt(bare.totalMs / 1000, 2)} s (${Object.entries(
      bare.stepMs,
    )
      .map(([s, ms]) => `${s} ${ms.toFixed(0)}`)
      .join(', ')} ms)`,
  );

  await waitForIdlePipeline(stack.env, stack.queuePrefix);
  log('uploading the clip…');
  // What each process spends from the last byte sent to ready: where upload → ready goes.
  const cpu = cpuMeter({
    s3: ctx.s3Pid,
    gateway: ctx.gatewayPid,
    'media-worker with its ffmpeg': { withChildren: stack.children.get('media-worker').pid },
  });
  const t0 = performance.now();
  const upload = await uploadFile(
    baseUrl,
    cookie,
    { title: `bench 2-minute ${video.codec} clip`, categoryId: String(categoryId) },
    clip,
    t0,
    kind === 'encode' ? 'clip.mov' : 'clip.mp4',
    () => cpu.start(),
  );
  if (upload.status !== 201) throw new Error(`the clip's upload answered ${upload.status}: ${upload.message}`);
  const id = upload.json.id;
  log(
    `answered 201 after ${fmt(upload.answeredMs / 1000, 2)} s (video ${id}, ${upload.json.processingState}); polling…`,
  );
  let state = upload.json.processingState;
  let readyMs = state === 'ready' ? upload.answeredMs : null;
  const pollMs = READY_POLL_MS[kind];
  while (readyMs === null) {
    if (performance.now() - t0 > 20 * 60_000) throw new Error(`video ${id} not ready after 20 min (${state})`);
    await sleep(pollMs);
    const current = await getJson(`${baseUrl}/api/videos/${id}`, { cookie });
    state = current.processingState;
    if (state === 'ready') readyMs = performance.now() - t0;
    else if (state === 'failed' || current.hasFileError) throw new Error(`video ${id} failed processing`);
  }
  const readyCpu = cpu.stop();
  log(`ready ${fmt((readyMs - upload.sentMs) / 1000, 2)} s after the last byte was sent`);
  const outcome = await transcodeOutcome(stack.env, stack.queuePrefix, id);
  const expected = kind === 'remux' ? 'remuxed' : 'reencoded';
  if (outcome && outcome.playback !== expected)
    throw new Error(`the worker's playback file was ${outcome.playback}, not ${expected}`);
  const productMs = readyMs - upload.sentMs;
  return {
    kind,
    label,
    clipMiB: clipBytes / MiB,
    sentMs: upload.sentMs,
    answeredMs: upload.answeredMs,
    readyMs,
    productMs,
    bareSteps,
    bare,
    bareRuns,
    ratio: productMs / bare.totalMs,
    workerTimings: outcome?.timingsMs ?? null,
    readyCpu,
  };
}

/** ffprobe, the packet scan and the playback plan, as the worker makes them. */
async function planOf(worker, ffprobe, clip) {
  const info = await worker.inspectMedia(ffprobe, clip);
  if (!info?.video) throw new Error(`${clip} is not a video ffprobe reads`);
  const scan = await worker.scanPackets(ffprobe, clip, info.video.index);
  const plan = worker.planPlayback(info, scan && worker.analyseFrames(scan));
  return { info, plan, clipBytes: (await stat(clip)).size };
}

/**
 * The worker's outcome for the video's transcode job (its return value): per-step timings (ms;
 * `ready`: from the job's start to its 'ready' verdict) and what it published.
 */
async function transcodeOutcome(env, prefix, videoId) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    const key = `${prefix}:media-transcode:transcode-${videoId}`;
    const deadline = Date.now() + 30_000;
    let value = null;
    while (!value && Date.now() < deadline) {
      value = await redis.hget(key, 'returnvalue');
      if (!value) await sleep(200);
    }
    return value ? JSON.parse(value) : null;
  } catch {
    return null;
  } finally {
    redis.disconnect();
  }
}

// ---------------------------------------------------------------------------------------------
// shared

/**
 * POSTs one file as multipart/form-data with node:http, streamed from disk with backpressure.
 * Times (ms after `t0`): `sentMs` when the last body byte was handed to the socket, `answeredMs`
 * when the answer was complete.
 */
async function uploadFile(
  baseUrl,
  cookie,
  fields,
  path,
  t0 = performance.now(),
  filename = 'clip.mp4',
  onSent = () => undefined,
) {
  const boundary = `----vfbench${randomBytes(12).toString('hex')}`;
  const { size } = await stat(path);
  let head = '';
  // As the web app sends it: the file's length before the file.
  for (const [name, value] of Object.entries({ ...fields, videoSize: String(size) }))
    head += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  head += `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="${filename}"\r\n`;
  head += `Content-Type: ${filename.endsWith('.mov') ? 'video/quicktime' : 'video/mp4'}\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;

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
  req.on('finish', () => {
    sentMs = performance.now() - t0;
    onSent();
  });
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

/** Every part starts on a quiet pipeline: no video still processing, no media job waiting or running. */
async function waitForIdlePipeline(env, prefix, timeoutMs = 60_000) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      let pending = 0;
      for (const queue of ['media-probe', 'media-transcode', 'media-results', 'media-cleanup'])
        for (const list of ['wait', 'active', 'prioritized']) {
          const key = `${prefix}:${queue}:${list}`;
          pending += (await redis.type(key)) === 'zset' ? await redis.zcard(key) : await redis.llen(key);
        }
      const processing = await withPg(
        env.DATABASE_URL,
        async (c) =>
          (await c.query(`SELECT count(*)::int AS n FROM video.videos WHERE "processingState" = 'processing'`)).rows[0]
            .n,
      );
      if (pending === 0 && processing === 0) return;
      await sleep(250);
    }
    log(`the media pipeline is still busy after ${timeoutMs / 1000} s; measuring anyway`);
  } finally {
    redis.disconnect();
  }
}

function verdict(pass) {
  return pass === null ? 'n/a' : pass ? 'PASS' : 'FAIL';
}

function printSummary(results, errors) {
  const rows = [['part', 'measure', 'product', 'baseline (same run)', 'ratio', 'target', 'result']];
  const a = results.a;
  if (a) {
    const answered201 = a.uploads.filter((u) => u.status === 201).length;
    rows.push(
      [
        '(a)',
        `${a.files} × 99.5 MiB real videos at once: answers`,
        `${answered201} × 201${answered201 < a.files ? `, ${a.uploads.map((u) => u.status).join('/')}` : ''}`,
        '',
        '',
        'all 201',
        verdict(answered201 === a.files),
      ],
      [
        '(a)',
        'gateway RSS growth (peak − before)',
        `${fmt(a.growthMiB)} MiB (${fmt(a.beforeMiB)} → ${fmt(a.peakMiB)})`,
        '',
        '',
        `< ${RSS_GROWTH_TARGET_MIB} MiB`,
        verdict(a.growthMiB === null ? null : a.growthMiB < RSS_GROWTH_TARGET_MIB),
      ],
      [
        '(a)',
        `ingest throughput, ${fmt(a.totalMiB)} MiB`,
        `${fmt(a.productMiBps)} MiB/s (${fmt(a.product.wallMs / 1000, 2)} s)`,
        `${fmt(a.baselineMiBps)} MiB/s (${fmt(a.baseline.wallMs / 1000, 2)} s) plain S3 put`,
        `${fmt(a.productMiBps / a.baselineMiBps, 2)}×`,
        `≥ ${INGEST_RATIO_TARGET}×`,
        verdict(a.productMiBps / a.baselineMiBps >= INGEST_RATIO_TARGET),
      ],
      [
        '(a)',
        '  the same, beside one PutObject per file',
        `${fmt(a.productMiBps)} MiB/s`,
        `${fmt(a.singlePutMiBps)} MiB/s (${fmt(a.singlePut.wallMs / 1000, 2)} s) single PUTs`,
        `${fmt(a.productMiBps / a.singlePutMiBps, 2)}×`,
        '',
        '',
      ],
    );
  } else if (errors.a) rows.push(['(a)', 'five uploads at once', 'ERROR', '', '', '', errors.a.message.slice(0, 80)]);
  for (const [part, target] of [
    ['b', H264_READY_RATIO_TARGET],
    ['c', HEVC_READY_RATIO_TARGET],
  ]) {
    const r = results[part];
    if (r) {
      rows.push([
        `(${part})`,
        `2-min 720p ${part === 'b' ? 'H.264 .mp4' : 'HEVC .mov'} (${fmt(r.clipMiB)} MiB): upload → ready`,
        `${fmt(r.productMs / 1000, 2)} s`,
        `${fmt(r.bare.totalMs / 1000, 2)} s bare ${r.bareSteps.join(' + ')}`,
        `${fmt(r.ratio, 2)}×`,
        `≤ ${target}×`,
        verdict(r.ratio <= target),
      ]);
    } else if (errors[part]) {
      rows.push([`(${part})`, 'upload → ready', 'ERROR', '', '', `≤ ${target}×`, errors[part].message.slice(0, 80)]);
    }
  }
  printTable('Summary (bench:upload)', rows);
  if (a)
    console.log(
      `\n(a) ingest: from the first byte sent to ${a.product.measuredTo} (all bodies sent after ${fmt(a.sentWallMs / 1000, 2)} s, all answered after ${fmt(a.answeredWallMs / 1000, 2)} s); baseline: the faster of ${a.baselines.length} runs (${a.baselines.map((b) => fmt(b.wallMs / 1000, 2)).join(', ')} s).`,
    );
  for (const part of ['b', 'c']) {
    const r = results[part];
    if (!r) continue;
    console.log(
      `\n(${part}) ${r.label}: body sent after ${fmt(r.sentMs / 1000, 2)} s, answered 201 after ${fmt(r.answeredMs / 1000, 2)} s, ready after ${fmt(r.readyMs / 1000, 2)} s (upload → ready counts from the last byte sent).`,
    );
    console.log(
      `    bare ${r.bareSteps.join(' + ')} (ms): ${Object.entries(r.bare.stepMs)
        .map(([s, ms]) => `${s} ${ms.toFixed(0)}`)
        .join(
          ', ',
        )}${r.bareRuns.length > 1 ? ` (median of ${r.bareRuns.length} runs: ${r.bareRuns.map((x) => x.totalMs.toFixed(0)).join(', ')})` : ''}`,
    );
    if (r.workerTimings)
      console.log(
        `    media-worker steps (ms): ${Object.entries(r.workerTimings)
          .map(([step, ms]) => `${step} ${ms}`)
          .join(', ')}`,
      );
    if (r.readyCpu) console.log(`    CPU used from the last byte sent to ready: ${cpuText(r.readyCpu)}`);
  }
  console.log('\nThese are measurements, not tests: a missed target does not fail the run; an error does.');
}
