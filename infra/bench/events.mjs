// `npm run bench:events`: a burst of 1,000 ratings from 100 members, through the product and
// through its plain single-process equivalent, measured in the same run.
// Targets: accepted throughput ≥ 0.5× the baseline's, and every number a rating changes exact
// within 500 ms (p99) of its answer. Not a test: a missed target still exits 0; an error does not.
//
// - The product: 100 members rate 10 pieces of feedback each through the real gateway, at most
//   100 requests in flight. Each answer carries its feedback's new numbers (kept in the rating's
//   transaction); the video's mean (the video service's and the catalog's listing, each from the
//   feedback service's event) and the author's points (auth) follow by events. A poller watches the revisions those consumers applied: a
//   rating's numbers are exact once every consumer holds a revision at least as new as the one
//   its transaction stated (read back from the feedback outbox).
// - The baseline (lib/rating-baseline.mjs): one node:http + pg process doing what the gateway's
//   session lookup and the feedback service's rating do — the statements captured from the
//   service's own code, checked to be sent with the same parameters, the same answer — on a copy
//   of the feedback and gateway schemas (a database of its own, taken just before the bursts, so
//   both start from the same rows and no relay of the product delivers the baseline's events).
//   The same 1,000 ratings from the same sessions.
// `BENCH_CPU_PROF=<dir>` also writes a CPU profile of each product process for its burst there.
import { randomInt } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import { pathToFileURL } from 'node:url';
import { ensureNodeDependencies } from '../local/lib/ensure-deps.mjs';
import { appProfiles } from './lib/app-profiles.mjs';
import { captureRatingStatements, RATING_STEPS } from './lib/rating-baseline.mjs';
import {
  cpuSeconds,
  fmt,
  machineCpu,
  printTable,
  root,
  sleep,
  startBaseline,
  startStack,
  withPg,
} from './lib/stack.mjs';

const log = (m) => console.log(`[bench:events] ${m}`);
const COACHES = 10;
const RATERS = 100;
const IN_FLIGHT = 100;
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 500;
const POLL_MS = 20;
const WARM_UP_STARS = 3;
const APPS = ['auth', 'catalog', 'video', 'feedback', 'gateway'];
const PROFILE_DIR = process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF) : null;

ensureNodeDependencies(root);

let stack;
let exitCode = 0;
/** The convergence poller, stopped before cleanup drops the database under it. */
let polling = false;
let poller;
let stopping = false;
const profiles = appProfiles(PROFILE_DIR, APPS);
try {
  stack = await startStack({
    label: 'events',
    apps: APPS,
    env: { THROTTLE_REGISTER_PER_IP: '100000', THROTTLE_LOGIN_PER_IP: '100000' },
    appEnv: profiles.appEnv,
    log,
  });
  const { baseUrl, env } = stack;
  for (const [name, child] of stack.children)
    child.once('exit', (code, signal) => {
      if (!stopping) log(`${name} exited (${signal ?? code})`);
    });

  log(`signing up 1 uploader, ${COACHES} coaches and ${RATERS} raters…`);
  const uploader = await register(baseUrl, `uploader-${stack.runId}`);
  const coaches = await registerMany(baseUrl, COACHES, (i) => `coach-${i}-${stack.runId}`);
  const raters = await registerMany(baseUrl, RATERS, (i) => `rater-${i}-${stack.runId}`);

  const categories = await (await fetch(`${baseUrl}/api/categories`)).json();
  const form = new FormData();
  form.append('title', 'Bench serve');
  form.append('categoryId', String(categories[0].id));
  form.append('youtubeUrl', 'https://youtu.be/benchevent1');
  const video = await call(baseUrl, uploader.cookie, 'POST', '/api/videos', { form });
  const feedbackIds = [];
  /** One piece of feedback per coach: feedback id → its author. */
  const authorOf = new Map();
  for (const [i, coach] of coaches.entries()) {
    const feedback = await call(baseUrl, coach.cookie, 'POST', `/api/videos/${video.id}/feedback`, {
      json: { content: `Tip number ${i + 1}: keep the racquet head up.` },
    });
    feedbackIds.push(feedback.id);
    authorOf.set(feedback.id, feedback.authorId);
  }
  await waitForQuiet(env.DATABASE_URL);

  // The baseline's database: the feedback and gateway schemas as their services migrate them,
  // with the rows the product holds now (read model, feedback, stats, sessions).
  log('copying the feedback and gateway schemas for the baseline…');
  await import('reflect-metadata');
  const { localServiceDatabaseUrls, migrateServiceSchema, provisionServiceDatabases } =
    await dist('libs/database/dist/index.js');
  const { FEEDBACK_DATABASE } = await dist('services/feedback/dist/db/feedback-database.js');
  const { GATEWAY_DATABASE } = await dist('gateway/dist/db/gateway-database.js');
  const baselineAdminUrl = await stack.createDatabase('baseline');
  const baselineUrls = localServiceDatabaseUrls(baselineAdminUrl);
  await provisionServiceDatabases({ adminUrl: baselineAdminUrl, serviceUrls: baselineUrls });
  for (const [owner, database] of [
    ['feedback', FEEDBACK_DATABASE],
    ['gateway', GATEWAY_DATABASE],
  ])
    await migrateServiceSchema({ url: baselineUrls[owner], applicationName: 'bench-migrate', database });
  await copySchemas(env.DATABASE_URL, baselineAdminUrl, ['feedback', 'gateway']);

  // The feedback service's own statements, captured on the copy: the uploader rates the first
  // feedback there. The product gets the same rating through the gateway.
  const capture = await captureRatingStatements(root, baselineUrls.feedback, {
    feedbackId: feedbackIds[0],
    raterId: uploader.id,
    rating: WARM_UP_STARS,
  });
  const baselineUrl = await startBaseline(stack, 'baseline', join(root, 'infra/bench/lib/rating-baseline.mjs'), {
    feedbackDatabaseUrl: baselineUrls.feedback,
    gatewayDatabaseUrl: baselineUrls.gateway,
    sessionSecret: env.SESSION_SECRET,
    statements: capture.statements.map(({ sql }) => ({ sql })),
  });

  // Warm-up, the same on both sides: the uploader rates every feedback once. The answers must be
  // the same but for the time, and the baseline must send the captured statements.
  const productWarmUp = [];
  for (const feedbackId of feedbackIds)
    productWarmUp.push(await rate(baseUrl, uploader.cookie, feedbackId, WARM_UP_STARS));
  const baselineWarmUp = [capture.answer];
  for (const [i, feedbackId] of feedbackIds.entries()) {
    if (i === 0) continue;
    baselineWarmUp.push(await rate(baselineUrl, uploader.cookie, feedbackId, WARM_UP_STARS));
    if (i === 1) {
      const sent = await (await fetch(`${baselineUrl}/__last-statements`)).json();
      expectSameStatements(capture.statements, sent, [
        [feedbackIds[0], feedbackIds[1]],
        [authorOf.get(feedbackIds[0]), authorOf.get(feedbackIds[1])],
      ]);
    }
  }
  for (const [i, product] of productWarmUp.entries()) {
    const [a, b] = [product, baselineWarmUp[i]].map((answer) => JSON.stringify({ ...answer, createdAt: '…' }));
    if (a !== b) throw new Error(`the baseline answers differently:\n  product  ${a}\n  baseline ${b}`);
  }
  log(`baseline sends the feedback service's ${RATING_STEPS.length} statements and answers the same JSON`);
  await waitForExactAggregates(env.DATABASE_URL, video.id, feedbackIds);

  const work = raters.flatMap((rater) =>
    feedbackIds.map((feedbackId) => ({ rater, feedbackId, rating: randomInt(1, 6) })),
  );

  // The product's burst, watched by the poller.
  const samples = [];
  polling = true;
  poller = withPg(env.DATABASE_URL, async (client) => {
    while (polling) {
      const { rows } = await client.query(
        `SELECT (SELECT "feedbackStatsRevision" FROM video.videos WHERE id = $1) AS "videoStats",
                (SELECT revision FROM video.videos WHERE id = $1) AS "videoRevision",
                (SELECT "feedbackStatsRevision" FROM catalog.video_listings WHERE id = $1) AS "listingStats",
                (SELECT json_object_agg("userId", "feedbackStatsRevision") FROM auth.member_activity
                  WHERE "userId" = ANY($2::uuid[])) AS "authorStats"`,
        [video.id, [...new Set(authorOf.values())]],
      );
      samples.push({ at: performance.now(), ...rows[0] });
      await sleep(POLL_MS);
    }
  });
  await profiles.toggle(stack);
  log(`product burst: ${work.length} ratings, ${IN_FLIGHT} in flight…`);
  const productCpu = cpuMeter(stack, APPS);
  const product = await burst(baseUrl, work);
  const productCpuUsed = productCpu();
  const exactAt = await waitForExactAggregates(env.DATABASE_URL, video.id, feedbackIds);
  await sleep(2 * POLL_MS);
  polling = false;
  await poller;
  await profiles.toggle(stack);
  const convergence = convergenceTimes(product.accepted, samples, await statedRevisions(env.DATABASE_URL), authorOf);

  // The baseline's burst: the same ratings from the same sessions.
  log(`baseline burst: ${work.length} ratings, ${IN_FLIGHT} in flight…`);
  const baselineCpu = cpuMeter(stack, ['baseline']);
  const baseline = await burst(baselineUrl, work);
  const baselineCpuUsed = baselineCpu();
  await expectExactInBaseline(baselineAdminUrl, video.id, feedbackIds, baseline.accepted.length);

  const ratio = product.throughput / baseline.throughput;
  const p = (values, q) => values[Math.min(values.length - 1, Math.ceil((q / 100) * values.length) - 1)];
  const ms = (value) => `${fmt(value, 0)} ms`;
  const p99 = p(convergence, 99);
  printTable(
    `Summary (bench:events): ${work.length.toLocaleString('en')} ratings from ${RATERS} members on ${COACHES} pieces of feedback, ${IN_FLIGHT} in flight; baseline = the same session read, SQL and JSON from node:http + pg in one process`,
    [
      ['figure', 'product', 'baseline', 'ratio', 'target', 'result'],
      ['ratings accepted (201)', String(product.accepted.length), String(baseline.accepted.length), '', '', ''],
      ['ratings refused', refusals(product), refusals(baseline), '', '', ''],
      [
        'accepted throughput',
        `${fmt(product.throughput, 0)}/s`,
        `${fmt(baseline.throughput, 0)}/s`,
        `${fmt(ratio, 2)}×`,
        `≥ ${TARGET_RATIO}×`,
        ratio >= TARGET_RATIO ? 'PASS' : 'FAIL',
      ],
      [
        'answer p50',
        ms(p(product.latencies, 50)),
        ms(p(baseline.latencies, 50)),
        ratioOf(product, baseline, 50),
        '',
        '',
      ],
      [
        'answer p99',
        ms(p(product.latencies, 99)),
        ms(p(baseline.latencies, 99)),
        ratioOf(product, baseline, 99),
        '',
        '',
      ],
      ['every number exact after the answer, p50', ms(p(convergence, 50)), '0 ms', 'n/a', '', ''],
      ['every number exact after the answer, p95', ms(p(convergence, 95)), '0 ms', 'n/a', '', ''],
      [
        'every number exact after the answer, p99',
        ms(p99),
        '0 ms',
        'n/a',
        `≤ ${TARGET_P99_MS} ms`,
        p99 <= TARGET_P99_MS ? 'PASS' : 'FAIL',
      ],
      ['every number exact after the answer, max', ms(convergence.at(-1)), '0 ms', 'n/a', '', ''],
      ['all exact after the last answer', ms(exactAt - product.lastAnswerAt), '0 ms', 'n/a', '', ''],
    ],
  );
  console.log(
    "\nExact: the rating's feedback (in its answer), the video's mean in the video service and in the catalog's listing,\n" +
      "and the author's points in auth, each holding a revision at least as new as the one the rating's transaction stated\n" +
      `(polled every ${POLL_MS} ms). The baseline's numbers (feedback, video_stats, author_stats) are all written in its\n` +
      'transaction, before its answer: 0 ms, so that row has no ratio.',
  );
  console.log(`CPU during the burst (s): product ${productCpuUsed}; baseline ${baselineCpuUsed}`);
  if (PROFILE_DIR) console.log(`CPU profiles of the product's burst: ${PROFILE_DIR}`);
  console.log('These are measurements, not tests: a missed target does not fail the run; an error does.');
} catch (error) {
  console.error(`[bench:events] failed: ${error.stack ?? error.message}`);
  if (error.cause) console.error(`[bench:events] cause: ${error.cause.stack ?? error.cause}`);
  exitCode = 1;
} finally {
  stopping = true;
  polling = false;
  await poller?.catch(() => undefined);
  if (stack && !(await stack.cleanup())) exitCode = 1;
}
process.exit(exitCode);

function dist(path) {
  return import(pathToFileURL(join(root, path)).href);
}

function ratioOf(product, baseline, q) {
  const p = (values) => values[Math.min(values.length - 1, Math.ceil((q / 100) * values.length) - 1)];
  return `${fmt(p(product.latencies) / p(baseline.latencies), 2)}×`;
}

function refusals({ refused }) {
  return refused.size ? [...refused].map(([status, n]) => `${n} × ${status}`).join(', ') : '0';
}

/**
 * The ratings, at most IN_FLIGHT at once. A refusal is counted by its status (the first of each
 * is logged); anything but 201 or the gateway's 503 for a service that did not answer in time is
 * an error.
 */
async function burst(url, work) {
  const accepted = [];
  const refused = new Map();
  const latencies = [];
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < work.length) {
        const item = work[next++];
        const sent = performance.now();
        let res;
        let body;
        try {
          res = await fetch(`${url}/api/feedback/${item.feedbackId}/rate`, {
            method: 'POST',
            headers: { cookie: item.rater.cookie, 'content-type': 'application/json' },
            body: JSON.stringify({ rating: item.rating }),
          });
          body = await res.text();
        } catch (error) {
          // A connection the server closed or reset (an overloaded machine): refused, not an error of the bench.
          const reason = error.cause?.code ?? error.message;
          if (!refused.has(reason)) log(`${url}: ${reason}`);
          refused.set(reason, (refused.get(reason) ?? 0) + 1);
          continue;
        }
        const at = performance.now();
        latencies.push(at - sent);
        if (res.status === 201) accepted.push({ ...item, at, answer: JSON.parse(body) });
        else {
          if (res.status !== 503) throw new Error(`${url}: a rating answered ${res.status}: ${body}`);
          if (!refused.has(res.status)) log(`${url}: refused ${res.status} ${body}`);
          refused.set(res.status, (refused.get(res.status) ?? 0) + 1);
        }
      }
    }),
  );
  const lastAnswerAt = performance.now();
  if (!accepted.length) throw new Error(`${url}: no rating accepted`);
  // Each answer counts its own rating and every one stored before it on that feedback (after the
  // warm-up's): all different, and, when none was refused, 2, 3, 4…
  for (const feedbackId of new Set(work.map((item) => item.feedbackId))) {
    const counts = accepted
      .filter((a) => a.feedbackId === feedbackId)
      .map((a) => a.answer.totalRatings)
      .sort((a, b) => a - b);
    if (counts.some((count, i) => (refused.size ? count <= (counts[i - 1] ?? 1) : count !== i + 2)))
      throw new Error(`${url}: feedback ${feedbackId}: answers miscounted`);
  }
  latencies.sort((a, b) => a - b);
  return {
    accepted,
    refused,
    latencies,
    lastAnswerAt,
    throughput: accepted.length / ((lastAnswerAt - started) / 1000),
  };
}

/** For each accepted rating: the revisions of the video's and the author's numbers its transaction stated. */
async function statedRevisions(databaseUrl) {
  return withPg(databaseUrl, async (client) => {
    const { rows } = await client.query(
      `SELECT payload->>'feedbackId' AS "feedbackId", payload->'activity'->>'actorId' AS "raterId",
              (payload->'videoStats'->0->>'revision')::int AS "videoRevision",
              (payload->'authorStats'->0->>'revision')::int AS "authorRevision"
         FROM feedback.outbox WHERE "eventType" = 'feedback.rated.v1'`,
    );
    return new Map(rows.map((row) => [`${row.feedbackId}:${row.raterId}`, row]));
  });
}

/**
 * Per accepted rating, in ms after its answer (sorted): when the video service and the catalog's
 * listing held the video's feedback numbers of that rating's revision, and auth its author's.
 */
function convergenceTimes(accepted, samples, stated, authorOf) {
  const firstAt = (test) => samples.find(test);
  const times = accepted.map((rating) => {
    const revisions = stated.get(`${rating.feedbackId}:${rating.rater.id}`);
    if (!revisions) throw new Error(`no feedback.rated.v1 event for ${rating.feedbackId} by ${rating.rater.id}`);
    const author = authorOf.get(rating.feedbackId);
    const video = firstAt((s) => s.videoStats >= revisions.videoRevision);
    const listing = firstAt((s) => s.listingStats >= revisions.videoRevision);
    const points = firstAt((s) => (s.authorStats?.[author] ?? 0) >= revisions.authorRevision);
    if (!video || !listing || !points) throw new Error(`the poller never saw rating ${rating.feedbackId} exact`);
    return Math.max(0, Math.max(video.at, listing.at, points.at) - rating.at);
  });
  return times.sort((a, b) => a - b);
}

/** CPU seconds each named process of the stack (and this load generator, and the bench's PostgreSQL backends) used since the call. */
function cpuMeter(stack, names) {
  const pids = names.map((name) => [name, stack.children.get(name)?.pid]);
  const before = new Map(pids.map(([name, pid]) => [name, cpuSeconds(pid)]));
  const backends = () => postgresCpu(stack.databaseName);
  const pgBefore = backends();
  const selfBefore = process.cpuUsage();
  const machineBefore = machineCpu();
  return () => {
    const parts = pids.map(([name, pid]) => `${name} ${fmt(cpuSeconds(pid) - before.get(name), 1)}`);
    const self = process.cpuUsage(selfBefore);
    parts.push(`postgres ${fmt(postgresCpuSince(pgBefore, backends()), 1)}`);
    parts.push(`load generator ${fmt((self.user + self.system) / 1e6, 1)}`);
    const machine = machineCpu();
    if (machine && machineBefore)
      parts.push(
        `machine busy ${fmt(machine.busy - machineBefore.busy, 1)} of ${fmt(machine.total - machineBefore.total, 1)}`,
      );
    return parts.join(', ');
  };
}

/**
 * CPU seconds of each PostgreSQL backend serving this run's databases (by its process title), by
 * pid: a meter adds up what each used since its first reading (a backend that ended meanwhile is
 * left out).
 */
function postgresCpu(databaseName) {
  const backends = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.startsWith('postgres:') && title.includes(databaseName))
        backends.set(entry, cpuSeconds(Number(entry)) ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return backends;
}

function postgresCpuSince(before, now) {
  let total = 0;
  for (const [pid, seconds] of now) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/**
 * The baseline sends what the service sent: the same statement texts in the same order, with the
 * same parameters but for the feedback rated and its author (`pairs`: [captured, sent]), and the
 * event's time and request id (the capture ran outside a request).
 */
function expectSameStatements(captured, sent, pairs) {
  const normalize = (value) => {
    if (Array.isArray(value)) return value.map(normalize);
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value)
          .filter(([key]) => key !== 'occurredAt' && key !== 'requestId')
          .map(([key, v]) => [key, normalize(v)]),
      );
    if (typeof value === 'string' && value.startsWith('[{')) return normalize(JSON.parse(value));
    return value;
  };
  const same = (want, got) => {
    if (Array.isArray(want))
      return Array.isArray(got) && want.length === got.length && want.every((w, i) => same(w, got[i]));
    if (want && typeof want === 'object')
      return (
        got !== null &&
        typeof got === 'object' &&
        isDeepStrictEqual(Object.keys(want), Object.keys(got)) &&
        Object.keys(want).every((key) => same(want[key], got[key]))
      );
    return want === got || pairs.some(([from, to]) => want === from && got === to);
  };
  if (captured.length !== sent.length)
    throw new Error(`the baseline sent ${sent.length} statements, the service ${captured.length}`);
  for (const [i, statement] of captured.entries()) {
    if (statement.sql !== sent[i].sql)
      throw new Error(`statement ${i} differs:\n  service  ${statement.sql}\n  baseline ${sent[i].sql}`);
    const want = normalize(statement.params);
    const got = normalize(sent[i].params);
    if (!same(want, got))
      throw new Error(
        `statement ${i} (${RATING_STEPS[i]}) parameters differ:\n  service  ${JSON.stringify(want)}\n  baseline ${JSON.stringify(got)}`,
      );
  }
}

/**
 * Copies every table of `schemas` (but their migrations) from the product's database to the
 * baseline's, whose services' migrations made the same tables, with their sequences.
 */
async function copySchemas(sourceUrl, targetUrl, schemas) {
  await withPg(sourceUrl, (source) =>
    withPg(targetUrl, async (target) => {
      const { rows: tables } = await source.query(
        `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
          WHERE table_schema = ANY($1) AND table_type = 'BASE TABLE' AND table_name <> 'migrations'`,
        [schemas],
      );
      await target.query('BEGIN');
      // Foreign keys are checked by triggers, which replica mode skips: the rows are copied as they are.
      await target.query(`SET LOCAL session_replication_role = replica`);
      for (const { schema, name } of tables) {
        const table = `"${schema}"."${name}"`;
        const { rows } = await source.query(`SELECT COALESCE(json_agg(t), '[]') AS rows FROM ${table} t`);
        await target.query(`INSERT INTO ${table} SELECT * FROM json_populate_recordset(NULL::${table}, $1)`, [
          JSON.stringify(rows[0].rows),
        ]);
      }
      const { rows: sequences } = await source.query(
        `SELECT schemaname, sequencename, last_value FROM pg_sequences WHERE schemaname = ANY($1) AND last_value IS NOT NULL`,
        [schemas],
      );
      for (const { schemaname, sequencename, last_value: last } of sequences)
        await target.query(`SELECT setval($1, $2)`, [`"${schemaname}"."${sequencename}"`, last]);
      await target.query('COMMIT');
      await target.query(`ANALYZE`);
    }),
  );
}

/**
 * Signs a member up. On a busy machine auth may miss the gateway's deadline while it still creates
 * the account: then the member signs in instead (or up again, when it was not created).
 */
async function register(baseUrl, name) {
  const credentials = { email: `${name}@bench.example.com`, password: 'bench-password' };
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...credentials, firstName: 'Bench', lastName: name }),
    });
    if (res.status === 201) return member(res);
    // 409: an earlier attempt that was answered 503 did create it.
    if ((res.status !== 503 && res.status !== 409) || attempt === 5)
      throw new Error(`register answered ${res.status}: ${await res.text()}`);
    await sleep(1000);
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    });
    if (login.status === 200) return member(login);
  }
}

async function member(res) {
  const sid = res.headers.getSetCookie().find((line) => line.startsWith('vf.sid='));
  return { cookie: sid.split(';')[0], id: (await res.json()).id };
}

/** Sign-ups hash a password each: four at a time. */
async function registerMany(baseUrl, count, nameOf) {
  const members = [];
  for (let i = 0; i < count; i += 4) {
    const batch = Array.from({ length: Math.min(4, count - i) }, (_, j) => register(baseUrl, nameOf(i + j)));
    members.push(...(await Promise.all(batch)));
  }
  return members;
}

async function call(baseUrl, cookie, method, path, { json, form } = {}) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { cookie, ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(json) : form,
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

async function rate(url, cookie, feedbackId, rating) {
  const res = await fetch(`${url}/api/feedback/${feedbackId}/rate`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ rating }),
  });
  const body = await res.text();
  if (res.status !== 201) throw new Error(`${url}: rating ${feedbackId} answered ${res.status}: ${body}`);
  return JSON.parse(body);
}

/** Until every outbox is delivered and the feedback service's read model knows every member. */
async function waitForQuiet(databaseUrl) {
  await withPg(databaseUrl, async (client) => {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const { rows } = await client.query(
        `SELECT (SELECT count(*) FROM feedback.outbox WHERE "publishedAt" IS NULL)::int
              + (SELECT count(*) FROM video.outbox WHERE "publishedAt" IS NULL)::int
              + (SELECT count(*) FROM auth.outbox WHERE "publishedAt" IS NULL)::int
              + (SELECT count(*) FROM catalog.outbox WHERE "publishedAt" IS NULL)::int AS undelivered,
                (SELECT count(*) FROM auth.users)::int - (SELECT count(*) FROM feedback.people)::int AS unknown`,
      );
      if (rows[0].undelivered === 0 && rows[0].unknown === 0) return;
      await sleep(100);
    }
    throw new Error('the outboxes did not drain within 30 s');
  });
  await sleep(1000); // the consumers finish what was just delivered
}

/**
 * Polls until feedback means and counts, the video's mean (video service and catalog listing) and
 * the coaches' points are exactly what the rows say.
 */
async function waitForExactAggregates(databaseUrl, videoId, feedbackIds) {
  return withPg(databaseUrl, async (client) => {
    const deadline = performance.now() + 60_000;
    while (performance.now() < deadline) {
      const { rows } = await client.query(
        `WITH mean AS (
           SELECT COALESCE(avg(r.rating), 0) AS value FROM feedback.feedback_ratings r
             JOIN feedback.feedback f ON f.id = r."feedbackId" WHERE f."videoId" = $2)
         SELECT
           (SELECT count(*)::int FROM feedback.feedback f WHERE f.id = ANY($1) AND (
              f."totalRatings" <> (SELECT count(*) FROM feedback.feedback_ratings r WHERE r."feedbackId" = f.id)
              OR abs(f."averageRating" - COALESCE((SELECT avg(rating) FROM feedback.feedback_ratings r WHERE r."feedbackId" = f.id), 0)) > 1e-5
           )) AS "feedbackOff",
           (SELECT count(*)::int FROM video.videos v, mean WHERE v.id = $2 AND abs(v."averageRating" - mean.value) > 1e-5) AS "videoOff",
           (SELECT count(*)::int FROM catalog.video_listings l, mean WHERE l.id = $2 AND abs(l."averageRating" - mean.value) > 1e-5) AS "listingOff",
           (SELECT count(*)::int FROM auth.users u WHERE u.id IN (SELECT "authorId" FROM feedback.feedback WHERE id = ANY($1)) AND u.points <>
              5 * (SELECT count(*) FROM feedback.feedback f WHERE f."authorId" = u.id)
              + (SELECT COALESCE(sum(r.rating), 0) FROM feedback.feedback_ratings r JOIN feedback.feedback f ON f.id = r."feedbackId" WHERE f."authorId" = u.id)
           ) AS "pointsOff"`,
        [feedbackIds, videoId],
      );
      const off = rows[0];
      if (off.feedbackOff === 0 && off.videoOff === 0 && off.listingOff === 0 && off.pointsOff === 0)
        return performance.now();
      await sleep(POLL_MS);
    }
    throw new Error('aggregates did not converge within 60 s');
  });
}

/** The baseline did the real work: its feedback, video and author numbers are what its rows say. */
async function expectExactInBaseline(databaseUrl, videoId, feedbackIds, accepted) {
  await withPg(databaseUrl, async (client) => {
    const { rows } = await client.query(
      `SELECT
         (SELECT count(*)::int FROM feedback.feedback_ratings r WHERE r."feedbackId" = ANY($1)) AS ratings,
         (SELECT count(*)::int FROM feedback.feedback f WHERE f.id = ANY($1) AND (
            f."totalRatings" <> (SELECT count(*) FROM feedback.feedback_ratings r WHERE r."feedbackId" = f.id)
            OR abs(f."averageRating" - COALESCE((SELECT avg(rating) FROM feedback.feedback_ratings r WHERE r."feedbackId" = f.id), 0)) > 1e-5
         )) AS "feedbackOff",
         (SELECT count(*)::int FROM feedback.video_stats s WHERE s."videoId" = $2 AND abs(s."averageRating" - (
            SELECT avg(r.rating) FROM feedback.feedback_ratings r JOIN feedback.feedback f ON f.id = r."feedbackId"
             WHERE f."videoId" = $2)) > 1e-5) AS "videoOff",
         (SELECT count(*)::int FROM feedback.author_stats s WHERE s."userId" IN (
            SELECT "authorId" FROM feedback.feedback WHERE id = ANY($1)) AND s."ratingStarsReceived" <> (
            SELECT COALESCE(sum(r.rating), 0) FROM feedback.feedback_ratings r JOIN feedback.feedback f ON f.id = r."feedbackId"
             WHERE f."authorId" = s."userId")) AS "authorOff",
         (SELECT count(*)::int FROM feedback.outbox WHERE "eventType" = 'feedback.rated.v1') AS events`,
      [feedbackIds, videoId],
    );
    const [state] = rows;
    if (state.ratings < accepted + COACHES || state.events !== state.ratings)
      throw new Error(
        `the baseline stored ${state.ratings} ratings and ${state.events} events for ${accepted} answers`,
      );
    if (state.feedbackOff || state.videoOff || state.authorOff)
      throw new Error(`the baseline's numbers are off: ${JSON.stringify(state)}`);
  });
}
