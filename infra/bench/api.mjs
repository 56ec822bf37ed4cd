// `npm run bench:api`: the API's hot reads under load (a measurement, not a test: a missed target
// still exits 0). Two phases on one isolated stack:
//
// 1. 10,000 videos, 100,000 feedback rows (seeded set-based), 50 concurrent keep-alive connections:
//    - anonymous `GET /api/videos?limit=12` (each sort, one category, a search) as users get it
//      (the gateway's signed-out list cache on), beside the plain single-process baseline serving
//      the same SQL and JSON (lib/list-baseline.mjs; checked to answer byte for byte the same);
//    - signed-in `GET /api/auth/user` and `GET /api/videos/{id}` (10 members signed in through
//      POST /api/auth/login, each on 5 connections; ids spread over every video), beside
//      lib/session-baseline.mjs (the session cookie and row read as express-session and
//      connect-pg-simple do, the services' own statements, the same JSON; checked likewise);
//    - the SQL statements an uncached list request costs (target 1), through a second gateway
//      with the list cache off;
//    - the p50 of each list variant and of pages deep in the lists (keyset cursors), uncached.
// 2. (BENCH_API_SCALE, default 1,000,000; 0 skips it) the seed grown to that many videos, and
//    the same uncached p50s beside phase 1's (target ≤ 1.3×), with EXPLAIN ANALYZE of the
//    catalog's own statements for every variant that misses it.
//
// BENCH_API_PHASES=<comma list of lists, signed-in, statements, scale> runs only those parts of
// phase 1 (all by default; scale also needs BENCH_API_SCALE), to measure one change quickly.
//
// BENCH_CPU_PROF=<dir> with BENCH_CPU_PROF_PHASE=<regular expression>: a CPU profile of each
// product process for the product half of every measurement whose name matches.
//
// Counting statements: pg_stat_statements when the server has it loaded
// (shared_preload_libraries; exact and immediate: the calls in this database, leaving out the
// counter's own queries). Otherwise, which is the usual case, the committed + rolled-back
// transactions of this database from pg_stat_database: the services run every statement in
// autocommit, so one statement is one transaction. Backends publish these counters when idle, at
// most ~10 s late, so each reading is taken after a quiet 11.5 s; a reading is itself one
// transaction (subtracted), so is the start of each new connection (pg_stat_database.sessions,
// subtracted), and an equally long window without requests measures whatever else commits
// meanwhile (subtracted too). An explicit multi-statement transaction would count as one.
// The background (the services' pollers, ~5 a second) is not perfectly steady: its count in a
// window varies by about its square root, so a reading is printed with ± twice that over the
// requests counted (1,000 of them, so the margin is a few hundredths). A request costs a whole
// number of statements, and the target is judged on the nearest whole number when the margin
// allows telling them apart.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { ensureNodeDependencies } from '../local/lib/ensure-deps.mjs';
import { startApp } from '../local/lib/apps.mjs';
import { freePort } from '../local/lib/net.mjs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { appProfiles } from './lib/app-profiles.mjs';
import { captureListPrograms } from './lib/list-baseline.mjs';
import { captureSessionPrograms, recordStatements } from './lib/session-baseline.mjs';
import {
  cpuSeconds,
  fmt,
  getJson,
  machineCpu,
  printTable,
  root,
  sleep,
  startBaseline,
  startStack,
  withPg,
} from './lib/stack.mjs';

const log = (m) => console.log(`[bench:api] ${m}`);

const CONNECTIONS = 50;
const WARMUP_MS = 3_000;
const RUN_MS = Number(process.env.BENCH_API_RUN_SECONDS ?? 10) * 1000;
/** Each uncached p50 (phase 1 and 2): a short warm-up, then this long at CONNECTIONS… */
const SCALE_WARMUP_MS = 1_000;
const SCALE_RUN_MS = Number(process.env.BENCH_API_SCALE_RUN_SECONDS ?? 4) * 1000;
/**
 * …in this many rounds over every variant, each figure the median of its rounds. One run per
 * variant, one after the other, put a passing slow spell of the machine on two or three variants
 * at one size only (2026-12-02: three of twelve over 1.3× in one run, every one within it in the
 * run before).
 */
const SCALE_ROUNDS = Number(process.env.BENCH_API_SCALE_ROUNDS ?? 3);
const COUNTED_REQUESTS = 1000;
const COUNTING_MS = 15_000;
const STATS_SETTLE_MS = 11_500;
const SEED = { users: 200, videos: 10_000, feedback: 100_000 };
/** Phase 2's videos (0: no phase 2). */
const SCALE = Number(process.env.BENCH_API_SCALE ?? 1_000_000);
const PHASES = new Set((process.env.BENCH_API_PHASES ?? 'lists,signed-in,statements,scale').split(','));
/** The product's processes together under this share of one core count as quiet. */
const QUIET_CPU_SHARE = 0.1;
const QUIET_WINDOW_MS = 500;
const QUIET_WAIT_MS = 20_000;
/** Signed in through the product, each on CONNECTIONS / MEMBERS connections (a sign-in hashes at auth's production cost). */
const APPS = ['catalog', 'auth', 'video', 'feedback', 'gateway'];
/** `BENCH_CPU_PROF=<dir>`: CPU profiles of each product process for the product half of every measurement whose name matches the regular expression `BENCH_CPU_PROF_PHASE`. */
const PROFILE_DIR = process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF) : null;
const PROFILE_PHASE = new RegExp(process.env.BENCH_CPU_PROF_PHASE ?? '');
const MEMBERS = 10;
const MEMBER_PASSWORD = 'bench-member-password';
const DEEP_PAGES = 50;
const SIGNED_IN_TARGET = 0.6;
const SCALE_TARGET = 1.3;
const REQUEST_TIMEOUT_MS = 10_000;
/** The catalog's statements alone: median of SQL_RUNS runs, each cut at SQL_TIMEOUT_MS. */
const SQL_RUNS = 3;
const SQL_TIMEOUT_MS = 30_000;
const TRANSACTION = /^(START TRANSACTION|BEGIN|COMMIT|ROLLBACK)/i;
const fmtMs = (ms) => (ms === Infinity ? `> ${SQL_TIMEOUT_MS}` : fmt(ms));
const pathId = (path) => import(pathToFileURL(join(root, path)).href);

ensureNodeDependencies(root);

let stack;
let exitCode = 0;
const profiles = appProfiles(PROFILE_DIR, APPS);
const benchStarted = performance.now();
try {
  // Video and feedback too: the seed writes their tables (each service migrates its own schema).
  stack = await startStack({
    label: 'api',
    apps: APPS,
    appEnv: profiles.appEnv,
    log,
  });
  const { baseUrl, env } = stack;
  await seed(env.DATABASE_URL);
  // The same gateway with its list cache off: what an uncached list request costs.
  const uncachedUrl = await startUncachedGateway(stack);

  const categories = await getJson(`${baseUrl}/api/categories`);
  const category = categories[0];
  const variants = [
    { name: 'newest (default)', path: '/api/videos?limit=12' },
    ...['views', 'rating', 'feedback'].map((sort) => ({
      name: `sort=${sort}`,
      path: `/api/videos?limit=12&sort=${sort}`,
    })),
    { name: `categoryId=${category.id} (${category.name})`, path: `/api/videos?limit=12&categoryId=${category.id}` },
    { name: 'search q=tennis', path: '/api/videos?limit=12&q=tennis' },
  ];
  for (const variant of variants) {
    const page = await getJson(`${baseUrl}${variant.path}`);
    if (!Array.isArray(page) || page.length !== 12)
      throw new Error(`${variant.path} answered ${JSON.stringify(page).slice(0, 200)}`);
  }

  // ---- Phase 1a: anonymous lists, as users get them, beside the baseline.
  const programs = await captureListPrograms(
    root,
    stack.serviceDatabaseUrls.catalog,
    variants.map((v) => v.path),
  );
  const { CATALOG_DATABASE } = await pathId('services/catalog/dist/db/catalog-database.js');
  const baselineUrl = await startBaseline(stack, 'baseline', join(root, 'infra/bench/lib/list-baseline.mjs'), {
    databaseUrl: stack.serviceDatabaseUrls.catalog,
    schema: CATALOG_DATABASE.schema,
    programs,
  });
  for (const variant of variants) await expectSameAnswer(baseUrl, baselineUrl, variant.path);
  log(`list baseline answers every path with the product's exact body and Link header`);

  if (PHASES.has('lists')) {
    log(`warming up (${WARMUP_MS / 1000} s at ${CONNECTIONS} connections each)…`);
    await load(`${baseUrl}${variants[0].path}`, WARMUP_MS);
    await load(`${baselineUrl}${variants[0].path}`, WARMUP_MS);
    for (const variant of variants) await measurePair(variant, { product: baseUrl, baseline: baselineUrl });
  }

  // ---- Phase 1b: signed-in reads beside their baseline.
  const signedIn = PHASES.has('signed-in') ? await signedInReads(stack) : [];

  // ---- Phase 1c: statements per uncached list request.
  if (PHASES.has('statements')) await countStatements(env.DATABASE_URL, uncachedUrl, variants);

  // ---- Phase 1d: uncached p50s at 10,000 videos, deep pages included.
  if (PHASES.has('scale')) await settleListTables(env.DATABASE_URL);
  const scaleVariants = PHASES.has('scale') ? await scaleVariantsOf(stack, uncachedUrl, variants) : [];
  await measureUncachedRounds(stack, uncachedUrl, scaleVariants, 'small');

  // ---- Phase 2: the same at SCALE videos.
  let scaleSeeded = null;
  if (SCALE > SEED.videos && PHASES.has('scale')) {
    scaleSeeded = await growSeed(env.DATABASE_URL, SCALE);
    for (const variant of scaleVariants) variant.largePath = await deepPathAt(stack, uncachedUrl, variant);
    await measureUncachedRounds(stack, uncachedUrl, scaleVariants, 'large');
  }

  printTable(
    `Summary (bench:api), anonymous lists as users get them (the gateway's list cache on): ${SEED.videos.toLocaleString('en')} videos, ${SEED.feedback.toLocaleString('en')} feedback rows, ${CONNECTIONS} connections × ${RUN_MS / 1000} s each; baseline = the same SQL and JSON from node:http + pg in one process, uncached; SQL/uncached request through a gateway with the cache off`,
    [
      [
        'request',
        'req/s',
        'baseline req/s',
        'ratio',
        'p50 ms',
        'p99 ms',
        'baseline p99 ms',
        'errors',
        'SQL/uncached request',
        'target',
        'result',
      ],
      ...variants.map((v) => {
        if (!v.product) return [`GET ${v.path}`, 'not run (BENCH_API_PHASES)'];
        const ratio = v.product.rps / v.baseline.rps;
        const met =
          ratio >= 1 &&
          v.product.p99 <= 50 &&
          v.product.errors === 0 &&
          v.statementsError < 0.5 &&
          Math.round(v.statements) <= 1;
        return [
          `GET ${v.path}`,
          fmt(v.product.rps, 0),
          fmt(v.baseline.rps, 0),
          `${fmt(ratio, 2)}×`,
          fmt(v.product.p50),
          fmt(v.product.p99),
          fmt(v.baseline.p99),
          v.product.errors,
          v.statements === undefined ? 'not run' : `${fmt(v.statements, 2)} ± ${fmt(v.statementsError, 2)}`,
          '≥ 1.0×, p99 ≤ 50, ≤ 1 SQL',
          met ? 'PASS' : 'FAIL',
        ];
      }),
    ],
  );

  printTable(
    `Signed-in reads: ${MEMBERS} members signed in through POST /api/auth/login, each on ${CONNECTIONS / MEMBERS} connections, ${CONNECTIONS} connections × ${RUN_MS / 1000} s each (the gateway's signed-in member cache on, USER_CACHE_SECONDS default); baseline = the same session read, statements, view write and JSON from node:http + pg in one process`,
    [
      [
        'request',
        'req/s',
        'baseline req/s',
        'ratio',
        'p50 ms',
        'p99 ms',
        'baseline p50 ms',
        'baseline p99 ms',
        'errors',
        'target',
        'result',
      ],
      ...signedIn.map((v) => {
        const ratio = v.product.rps / v.baseline.rps;
        const met = ratio >= SIGNED_IN_TARGET && v.product.errors === 0;
        return [
          v.name,
          fmt(v.product.rps, 0),
          fmt(v.baseline.rps, 0),
          `${fmt(ratio, 2)}×`,
          fmt(v.product.p50),
          fmt(v.product.p99),
          fmt(v.baseline.p50),
          fmt(v.baseline.p99),
          `${v.product.errors} (baseline ${v.baseline.errors})`,
          `≥ ${SIGNED_IN_TARGET}×`,
          met ? 'PASS' : 'FAIL',
        ];
      }),
    ],
  );

  if (scaleSeeded) {
    printTable(
      `Scale: anonymous GET /api/videos?limit=12…, uncached (a gateway with LIST_CACHE_SECONDS=0), ${CONNECTIONS} connections × ${SCALE_RUN_MS / 1000} s each in ${SCALE_ROUNDS} rounds over every variant, p50 and p99 the median of its rounds; SQL alone = the catalog's statements on one idle connection, median of ${SQL_RUNS}; p50 at ${SEED.videos.toLocaleString('en')} videos beside ${scaleSeeded.videos.toLocaleString('en')} videos (${scaleSeeded.feedback.toLocaleString('en')} feedback rows)`,
      [
        [
          'request',
          'p50 ms (10k)',
          'p50 ms (scaled)',
          'ratio',
          'p99 ms (10k)',
          'p99 ms (scaled)',
          'errors (10k/scaled)',
          'SQL alone ms (10k)',
          'SQL alone ms (scaled)',
          'target',
          'result',
        ],
        ...scaleVariants.map((v) => {
          const ratio = v.small.p50 !== null && v.large.p50 !== null ? v.large.p50 / v.small.p50 : null;
          const met = ratio !== null && ratio <= SCALE_TARGET && v.large.errors === 0;
          v.met = met;
          return [
            v.name,
            fmt(v.small.p50),
            fmt(v.large.p50),
            ratio === null ? 'n/a' : `${fmt(ratio, 2)}×`,
            fmt(v.small.p99),
            fmt(v.large.p99),
            `${v.small.errors}/${v.large.errors}`,
            fmtMs(v.small.sqlMs),
            fmtMs(v.large.sqlMs),
            `p50 ≤ ${SCALE_TARGET}×`,
            met ? 'PASS' : 'FAIL',
          ];
        }),
      ],
    );
    const misses = scaleVariants.filter((v) => !v.met);
    if (misses.length) await explainMisses(stack, misses);
  } else {
    log(PHASES.has('scale') ? 'BENCH_API_SCALE is off: no scale phase' : 'BENCH_API_PHASES leaves out the scale phase');
  }

  console.log('\nCPU during each run (100% = one core):');
  for (const v of [...variants, ...signedIn].filter((v) => v.product))
    console.log(`  ${v.name}: product ${v.productCpu}; baseline ${v.baselineCpu}`);
  console.log(
    '\nThe load generator runs on the same machine as the stack and PostgreSQL, so it competes with\n' +
      'them for the CPU. These are measurements, not tests: a missed target does not fail the run.',
  );
  log(`done in ${fmt((performance.now() - benchStarted) / 60_000, 1)} min`);
} catch (error) {
  console.error(`[bench:api] failed: ${error.stack ?? error.message}`);
  exitCode = 1;
} finally {
  if (stack && !(await stack.cleanup())) exitCode = 1;
}
process.exit(exitCode);

/** Loads `target` on the product and on the baseline in turn; records the figures and CPU on `variant`. */
async function measurePair(variant, urls, target = (base) => `${base}${variant.path}`) {
  for (const side of ['product', 'baseline']) {
    await servicesQuiet(stack);
    log(`${variant.name} (${side}): ${RUN_MS / 1000} s at ${CONNECTIONS} concurrent connections…`);
    const profiled = side === 'product' && PROFILE_DIR && PROFILE_PHASE.test(variant.name);
    if (profiled) await profiles.toggle(stack);
    const cpu = cpuMeter(stack);
    variant[side] = await load(target(urls[side], side), RUN_MS);
    variant[`${side}Cpu`] = cpu.stop();
    if (profiled) {
      await profiles.toggle(stack);
      log(`CPU profiles of the product's ${RUN_MS / 1000} s: ${PROFILE_DIR}`);
    }
    const figures = variant[side];
    log(
      `${variant.name} (${side}): ${figures.requests} requests, ${fmt(figures.rps, 0)}/s, ` +
        `p50 ${fmt(figures.p50)} ms, p99 ${fmt(figures.p99)} ms, ${figures.errors} errors${figures.errors ? ` (${figures.errorKinds})` : ''}; CPU ${variant[`${side}Cpu`]}`,
    );
  }
}

/** A second gateway on the stack, its anonymous-list cache off; stopped with the stack. */
async function startUncachedGateway(stack) {
  const port = await freePort();
  const child = startApp(root, 'gateway', {
    ...stack.env,
    DATABASE_URL: stack.serviceDatabaseUrls.gateway,
    PORT: String(port),
    LIST_CACHE_SECONDS: '0',
  });
  stack.children.set('gateway (uncached)', child);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the uncached gateway exited (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) })).ok) return url;
    } catch {
      // not listening yet
    }
    await sleep(150);
  }
  throw new Error('the uncached gateway did not answer /healthz within 60 s');
}

/**
 * Phase 1b: MEMBERS seeded members get a real password hash (auth's own hasher, at its production
 * cost) and sign in through the product; then `GET /api/auth/user` and `GET /api/videos/{id}`
 * with their cookies, each member on 5 of them, beside lib/session-baseline.mjs.
 */
async function signedInReads(stack) {
  const { baseUrl, env, serviceDatabaseUrls: urls } = stack;
  const { hashPassword } = await pathId('services/auth/dist/passwords/password-hasher.js');
  const hash = await hashPassword(MEMBER_PASSWORD);
  const { emails, videoIds } = await withPg(env.DATABASE_URL, async (db) => {
    const members = await db.query(`SELECT email FROM auth.users ORDER BY email LIMIT $1`, [MEMBERS]);
    const chosen = members.rows.map((row) => row.email);
    await db.query(`UPDATE auth.users SET password = $1 WHERE email = ANY($2)`, [hash, chosen]);
    // Every video once, in an order that does not follow id, uploader or category.
    const videos = await db.query(`SELECT id FROM video.videos ORDER BY md5(id::text)`);
    return { emails: chosen, videoIds: videos.rows.map((row) => row.id) };
  });
  const loginStarted = performance.now();
  const cookies = [];
  // Two at a time: auth hashes at most two passwords at once and refuses a long queue.
  for (let i = 0; i < emails.length; i += 2)
    await Promise.all(
      emails.slice(i, i + 2).map(async (email, j) => {
        cookies[i + j] = await signIn(baseUrl, email);
      }),
    );
  const members = [];
  for (const cookie of cookies) members.push(await getJson(`${baseUrl}/api/auth/user`, { cookie }));
  log(
    `${cookies.length} members signed in through POST /api/auth/login in ${fmt((performance.now() - loginStarted) / 1000, 1)} s`,
  );

  const { GATEWAY_DATABASE } = await pathId('gateway/dist/db/gateway-database.js');
  const { AUTH_DATABASE } = await pathId('services/auth/dist/db/auth-database.js');
  const { CATALOG_DATABASE } = await pathId('services/catalog/dist/db/catalog-database.js');
  const { VIDEO_DATABASE } = await pathId('services/video/dist/db/video-database.js');
  const programs = await captureSessionPrograms(root, {
    urls,
    gatewaySchema: GATEWAY_DATABASE.schema,
    userId: members[0].id,
    videoId: videoIds.at(-1),
  });
  const minutes = (name, fallback) => Number(env[name] ?? fallback);
  const sessionUrl = await startBaseline(
    stack,
    'session baseline',
    join(root, 'infra/bench/lib/session-baseline.mjs'),
    {
      urls: { gateway: urls.gateway, auth: urls.auth, catalog: urls.catalog, video: urls.video },
      schemas: {
        gateway: GATEWAY_DATABASE.schema,
        auth: AUTH_DATABASE.schema,
        catalog: CATALOG_DATABASE.schema,
        video: VIDEO_DATABASE.schema,
      },
      programs,
      sessionSecret: env.SESSION_SECRET,
      // The gateway's defaults (libs/common app-config) unless the stack sets them.
      lifetimes: {
        idleMs: minutes('SESSION_IDLE_MINUTES', 240) * 60_000,
        absoluteMs: minutes('SESSION_ABSOLUTE_HOURS', 168) * 3_600_000,
      },
      redisUrl: env.REDIS_URL,
      // Its own once-a-day keys (cleaned up with the run's), so its views are counted as the product's are.
      viewKeyPrefix: `${env.QUEUE_PREFIX}-baseline`,
    },
  );

  // The same answers: every member's account byte for byte; videos byte for byte but for the views.
  for (const cookie of cookies) await expectSameAnswer(baseUrl, sessionUrl, '/api/auth/user', { cookie });
  for (const id of videoIds.slice(-20))
    await expectSameAnswer(baseUrl, sessionUrl, `/api/videos/${id}`, { cookie: cookies[id % cookies.length] }, (body) =>
      body.replace(/"views":\d+/, '"views":"…"'),
    );
  log(`session baseline answers /api/auth/user and /api/videos/{id} as the product does (views aside)`);

  const next = { product: 0, baseline: 0 };
  const asMember = (path) => (base, side) => (connection) => ({
    url: `${base}${typeof path === 'function' ? path(side) : path}`,
    headers: { cookie: cookies[connection % cookies.length] },
  });
  // Each side walks the videos from the start, so both count (write) the same share of first views.
  const videoPath = (side) => `/api/videos/${videoIds[next[side]++ % (videoIds.length - 20)]}`;
  const reads = [
    { name: 'GET /api/auth/user (signed in)', target: asMember('/api/auth/user') },
    { name: 'GET /api/videos/{id} (signed in)', target: asMember(videoPath) },
  ];
  // Each read warmed up and measured in turn: the video pages' warm-up counts thousands of views,
  // which the product's video service and catalog apply for seconds afterwards, so warmed up
  // first they ran beside the product's account reads (and not the baseline's).
  for (const read of reads) {
    log(`warming up ${read.name} (${WARMUP_MS / 1000} s at ${CONNECTIONS} connections each side)…`);
    for (const [side, base] of [
      ['product', baseUrl],
      ['baseline', sessionUrl],
    ])
      await load(read.target(base, side), WARMUP_MS);
    await measurePair(read, { product: baseUrl, baseline: sessionUrl }, read.target);
  }
  return reads;
}

/** Signs a member in through the product; answers every cookie it set, as a browser would send them back. */
async function signIn(baseUrl, email) {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: MEMBER_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login of ${email} answered ${res.status}: ${await res.text()}`);
  const jar = res.headers.getSetCookie().map((line) => line.split(';')[0]);
  if (!jar.some((cookie) => cookie.startsWith('vf.sid='))) throw new Error(`login of ${email} set no vf.sid cookie`);
  return jar.join('; ');
}

/**
 * The uncached p50 variants: each list variant's first page, the page after DEEP_PAGES pages of
 * the default order (following `next` links), and the page after the middle row of each sort and
 * of the category (a keyset cursor made, as the catalog makes one, from the row at that offset).
 */
async function scaleVariantsOf(stack, url, variants) {
  const [recent, views, rating, feedback, category] = variants;
  const scaleVariants = [
    ...variants.map((v) => ({ name: v.name, path: v.path, base: v.path })),
    { name: `newest, page ${DEEP_PAGES + 1} (${DEEP_PAGES} next links)`, base: recent.path, follow: DEEP_PAGES },
    ...[recent, views, rating, feedback, category].map((v) => ({
      name: `${v.name}, middle of the list`,
      base: v.path,
      middle: true,
    })),
  ];
  for (const variant of scaleVariants) variant.path = await deepPathAt(stack, url, variant);
  return scaleVariants;
}

/** The variant's path at the stack's current data (a deep page's cursor depends on it). */
async function deepPathAt(stack, url, variant) {
  if (variant.follow) {
    let path = variant.base;
    for (let i = 0; i < variant.follow; i += 1) {
      const res = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      await res.arrayBuffer();
      const { parseNextPageLink } = await pathId('libs/contracts/dist/index.js');
      const next = parseNextPageLink(res.headers.get('link'));
      if (res.status !== 200 || !next) throw new Error(`${path} answered ${res.status} without a next page`);
      path = next;
    }
    return path;
  }
  if (!variant.middle) return variant.base;
  const { encodePageCursor } = await pathId('libs/contracts/dist/index.js');
  // The page statement of the widest page (limit 100: it asks for 101 rows), run with no limit at
  // all: every row of the list, in the list's order.
  const widest = new URL(variant.base, 'http://bench');
  widest.searchParams.set('limit', '100');
  const [program] = Object.values(
    await captureListPrograms(root, stack.serviceDatabaseUrls.catalog, [`${widest.pathname}${widest.search}`]),
  );
  const page = program.statements.filter(({ sql }) => !TRANSACTION.test(sql));
  const takeAt = page.length === 1 ? page[0].params.flatMap((value, i) => (value === 101 ? [i] : [])) : [];
  if (takeAt.length !== 1)
    throw new Error(`unexpected statements for ${variant.base}: ${JSON.stringify(program.statements)}`);
  const params = page[0].params.with(takeAt[0], 2_147_483_647);
  const row = await withPg(stack.env.DATABASE_URL, async (db) => {
    await db.query(`SET search_path = catalog`);
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM (${page[0].sql}) AS listed`, params);
    const middle = Math.floor(rows[0].n / 2);
    // A plain scan of an ordered subquery keeps its order.
    const found = await db.query(`SELECT * FROM (${page[0].sql}) AS listed OFFSET ${middle} LIMIT 1`, params);
    return { ...found.rows[0], offset: middle };
  });
  const cursor = encodePageCursor({ o: program.request.sort, k: row.cursorKey, id: row.id });
  const at = new URL(variant.base, 'http://bench');
  at.searchParams.set('cursor', cursor);
  const path = `${at.pathname}${at.search}`;
  const answer = await getJson(`${url}${path}`);
  if (!Array.isArray(answer) || answer.length !== 12) throw new Error(`${path} answered ${answer.length} videos`);
  variant.offset = row.offset;
  return path;
}

/**
 * Every variant's uncached figures at one size (`which`: 'small', or 'large' on its largePath)
 * through the uncached gateway, measured in SCALE_ROUNDS rounds over all of them; each variant's
 * p50 and p99 are the medians of its rounds, its requests and errors their sums. Leftover
 * statements of timed-out requests are cancelled. Then the catalog's statements alone, once.
 */
async function measureUncachedRounds(stack, url, variants, which) {
  const pathOf = (variant) => (which === 'large' ? variant.largePath : variant.path);
  const rounds = new Map(variants.map((variant) => [variant, []]));
  for (let round = 1; round <= SCALE_ROUNDS; round++) {
    for (const variant of variants) {
      await load(`${url}${pathOf(variant)}`, SCALE_WARMUP_MS);
      const figures = await load(`${url}${pathOf(variant)}`, SCALE_RUN_MS);
      log(
        `uncached ${variant.name}${variant.offset ? ` (after row ${variant.offset.toLocaleString('en')})` : ''}, ${which}, round ${round}: ` +
          `${figures.requests} requests, ${fmt(figures.rps, 0)}/s, p50 ${fmt(figures.p50)} ms, p99 ${fmt(figures.p99)} ms, ${figures.errors} errors${figures.errors ? ` (${figures.errorKinds})` : ''}`,
      );
      if (figures.errors) await cancelCatalogStatements(stack);
      rounds.get(variant).push(figures);
    }
  }
  for (const variant of variants) {
    const measured = rounds.get(variant);
    const median = (key) => {
      const values = measured.map((figures) => figures[key]);
      if (values.some((value) => value === null)) return null;
      return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    };
    const figures = {
      requests: measured.reduce((sum, f) => sum + f.requests, 0),
      errors: measured.reduce((sum, f) => sum + f.errors, 0),
      p50: median('p50'),
      p99: median('p99'),
    };
    figures.sqlMs = await sqlMs(stack, pathOf(variant));
    log(
      `uncached ${variant.name}, ${which}: p50 ${fmt(figures.p50)} ms (rounds ${measured.map((f) => fmt(f.p50)).join(', ')}), ` +
        `p99 ${fmt(figures.p99)} ms; the catalog's statements alone: ${fmtMs(figures.sqlMs)} ms (median of ${SQL_RUNS})`,
    );
    variant[which] = figures;
  }
}

/** Cancels the catalog's statements still running (those of requests the load generator gave up on). */
async function cancelCatalogStatements(stack) {
  const role = decodeURIComponent(new URL(stack.serviceDatabaseUrls.catalog).username);
  await withPg(stack.env.DATABASE_URL, async (db) => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { rows } = await db.query(
        `SELECT count(pg_cancel_backend(pid))::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND usename = $1 AND state = 'active'`,
        [role],
      );
      if (rows[0].n === 0 || Date.now() > deadline) return;
      log(`cancelled ${rows[0].n} catalog statements left running by timed-out requests`);
      await sleep(500);
    }
  });
}

/**
 * The statements the catalog sends for a list path, captured from its build (VideosRepository on a
 * logging connection). A statement cut short by `timeoutMs` is recorded all the same.
 */
async function catalogStatements(stack, path, timeoutMs) {
  const { CATALOG_DATABASE } = await pathId('services/catalog/dist/db/catalog-database.js');
  const { VideosRepository } = await pathId('services/catalog/dist/videos/videos.repository.js');
  const { listVideosRequestSchema } = await pathId('libs/contracts/dist/index.js');
  const request = listVideosRequestSchema.parse(Object.fromEntries(new URL(path, 'http://bench').searchParams));
  const { statements } = await recordStatements(
    root,
    stack.serviceDatabaseUrls.catalog,
    CATALOG_DATABASE,
    (dataSource) => new VideosRepository(dataSource).findPageForListing(request),
    { statementTimeoutMs: timeoutMs },
  );
  return statements;
}

/** A client of the catalog's role, started as the catalog's connections are, statements limited to `timeoutMs`. */
async function catalogClient(stack, timeoutMs) {
  const { default: pg } = await import('pg');
  const { connectionOptions } = await pathId('libs/database/dist/index.js');
  const { CATALOG_DATABASE } = await pathId('services/catalog/dist/db/catalog-database.js');
  const client = new pg.Client({
    connectionString: stack.serviceDatabaseUrls.catalog,
    // As the catalog's own connections start (search_path, the search's trigram threshold).
    options: `${connectionOptions(CATALOG_DATABASE)} -c statement_timeout=${timeoutMs}`,
  });
  await client.connect();
  return client;
}

/**
 * The catalog's own statements for `path`, alone on one connection (no HTTP, no load): the median
 * of SQL_RUNS runs in ms (Infinity past SQL_TIMEOUT_MS). What the database alone makes of the scale.
 */
async function sqlMs(stack, path) {
  const statements = await catalogStatements(stack, path, SQL_TIMEOUT_MS);
  const client = await catalogClient(stack, SQL_TIMEOUT_MS);
  const times = [];
  try {
    for (let run = 0; run < SQL_RUNS; run += 1) {
      const t = performance.now();
      try {
        for (const { sql, params } of statements) await client.query(sql, TRANSACTION.test(sql) ? undefined : params);
        times.push(performance.now() - t);
      } catch {
        await client.query('ROLLBACK').catch(() => undefined);
        times.push(Infinity);
        break;
      }
    }
  } finally {
    await client.end();
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/** EXPLAIN (ANALYZE, BUFFERS) of the catalog's own page statement for each variant that missed the target. */
async function explainMisses(stack, misses) {
  for (const variant of misses) {
    // Its page statement may be cut short while captured: 1 s is enough to see it.
    const statements = await catalogStatements(stack, variant.largePath, 1000);
    const pageIndex = statements.findLastIndex(({ sql }) => !TRANSACTION.test(sql));
    const client = await catalogClient(stack, 120_000);
    let plan;
    try {
      const run = async (analyze) => {
        let lines = [];
        for (const [i, { sql, params }] of statements.slice(0, pageIndex + 1).entries()) {
          if (TRANSACTION.test(sql)) await client.query(sql);
          else if (i < pageIndex) await client.query(sql, params);
          else {
            const explain = analyze ? 'EXPLAIN (ANALYZE, BUFFERS)' : 'EXPLAIN';
            lines = (await client.query(`${explain} ${sql}`, params)).rows.map((row) => row['QUERY PLAN']);
          }
        }
        if (statements.slice(pageIndex + 1).some(({ sql }) => TRANSACTION.test(sql))) await client.query('COMMIT');
        return lines;
      };
      try {
        plan = await run(true);
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        plan = [`(EXPLAIN ANALYZE ended: ${error.message}; the plan without running it:)`, ...(await run(false))];
      }
    } finally {
      await client.end();
    }
    console.log(`\nEXPLAIN of the catalog's statements for ${variant.name} at scale: GET ${variant.largePath}`);
    for (const { sql, params } of statements)
      console.log(`  statement: ${sql.replace(/\s+/g, ' ')}${params?.length ? `  -- ${JSON.stringify(params)}` : ''}`);
    for (const line of plan) console.log(`  ${line}`);
  }
}

/**
 * Phase 2's data: the seed grown to `total` videos the same way (set-based, the same shapes,
 * spread over the same year, users and categories), each new video with 0–2 feedback rows (its
 * feedbackCount says how many), and the read models beside them; then VACUUM ANALYZE.
 */
async function growSeed(databaseUrl, total) {
  const grown = performance.now();
  log(`growing the seed to ${total.toLocaleString('en')} videos…`);
  return withPg(databaseUrl, async (db) => {
    await db.query('SET synchronous_commit = off');
    await db.query('SELECT setseed(0.24)');
    const { rows } = await db.query('SELECT max(id)::int AS last FROM video.videos');
    const last = rows[0].last;
    const step = async (what, sql, params = []) => {
      const t = performance.now();
      const result = await db.query(sql, params);
      const rows = result.rowCount ? ` ${result.rowCount.toLocaleString('en')} rows` : '';
      log(`  ${what}:${rows} in ${fmt((performance.now() - t) / 1000, 1)} s`);
    };
    // Each table's secondary indexes are dropped for the bulk insert and built again after it (the
    // same definitions, from pg_indexes): much faster than a million index inserts, GIN above all.
    const rebuild = [];
    for (const table of ['video.videos', 'feedback.feedback', 'catalog.video_listings']) {
      const [schema, name] = table.split('.');
      const { rows: indexes } = await db.query(
        `SELECT indexname, indexdef FROM pg_indexes
         WHERE schemaname = $1 AND tablename = $2
           AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = $3::regclass)`,
        [schema, name, table],
      );
      for (const { indexname } of indexes) await db.query(`DROP INDEX ${schema}."${indexname}"`);
      rebuild.push(...indexes.map(({ indexname, indexdef }) => ({ what: `${schema}.${indexname}`, indexdef })));
    }
    await step(
      'video.videos',
      `INSERT INTO video.videos (title, description, "uploaderId", "categoryId", views, "createdAt", "averageRating",
                           "feedbackCount", "processingState", "youtubeUrl", "thumbnailUrl", duration, revision)
       SELECT format('Bench video %s', g),
              CASE WHEN g % 3 = 0 THEN format('Description of bench video %s', g) END,
              u.ids[1 + g % cardinality(u.ids)],
              c.ids[1 + g % cardinality(c.ids)],
              floor(random() * 100000)::int,
              now() - random() * interval '365 days',
              round((random() * 5)::numeric, 2)::real,
              g % 3,
              'ready',
              CASE WHEN g % 2 = 0 THEN 'https://youtu.be/bench' || lpad(g::text, 7, '0') END,
              CASE WHEN g % 2 = 0 THEN 'https://img.youtube.com/vi/bench' || lpad(g::text, 7, '0') || '/hqdefault.jpg' END,
              CASE WHEN g % 2 = 1 THEN 10 + g % 110 END,
              1
       FROM generate_series($1::int, $2::int) AS g
       CROSS JOIN (SELECT array_agg(id ORDER BY email) AS ids FROM auth.users) AS u
       CROSS JOIN (SELECT array_agg(id ORDER BY id) AS ids FROM catalog.categories) AS c`,
      [SEED.videos + 1, total],
    );
    await step(
      'feedback.feedback',
      `INSERT INTO feedback.feedback (content, "videoId", "authorId", "helpfulVotes", "averageRating", "totalRatings", "createdAt")
       SELECT format('Bench feedback %s/%s: keep the elbow up and follow through.', v.id, n),
              v.id,
              u.ids[1 + (v.id + n) % cardinality(u.ids)],
              floor(random() * 20)::int,
              round((random() * 5)::numeric, 2)::real,
              floor(random() * 10)::int,
              now() - random() * interval '365 days'
       FROM video.videos AS v
       CROSS JOIN LATERAL generate_series(1, v."feedbackCount") AS n
       CROSS JOIN (SELECT array_agg(id ORDER BY email) AS ids FROM auth.users) AS u
       WHERE v.id > $1`,
      [last],
    );
    await step(
      'catalog.video_listings',
      `INSERT INTO catalog.video_listings (id, revision, title, description, "categoryId", "uploaderId", "youtubeUrl",
         "videoUrl", "thumbnailUrl", "hasStoredVideo", "hasStoredThumbnail", "thumbnailData", duration,
         "processingState", "hasFileError", views, "feedbackCount", "averageRating", "createdAt")
       SELECT id, 1, title, description, "categoryId", "uploaderId", "youtubeUrl", "videoUrl", "thumbnailUrl",
              "originalKey" IS NOT NULL OR "playbackKey" IS NOT NULL, "thumbnailKey" IS NOT NULL, "thumbnailData",
              duration, "processingState", "hasFileError", views, "feedbackCount", "averageRating", "createdAt"
       FROM video.videos WHERE id > $1`,
      [last],
    );
    await db.query(`SET maintenance_work_mem = '256MB'`);
    for (const { what, indexdef } of rebuild) await step(`index ${what}`, indexdef);
    await step(
      'feedback.video_summaries',
      `INSERT INTO feedback.video_summaries (id, revision, title, "categoryId", "uploaderId")
       SELECT id, 1, title, "categoryId", "uploaderId" FROM video.videos WHERE id > $1`,
      [last],
    );
    for (const table of ['video.videos', 'feedback.feedback', 'catalog.video_listings', 'feedback.video_summaries'])
      await step(`VACUUM ANALYZE ${table}`, `VACUUM ANALYZE ${table}`);
    // The growth's dirty pages written now, not by the checkpointer during the measurements.
    await step('CHECKPOINT', 'CHECKPOINT');
    const counts = await db.query(
      `SELECT (SELECT count(*) FROM video.videos)::int AS videos, (SELECT count(*) FROM feedback.feedback)::int AS feedback,
              (SELECT count(*) FROM catalog.video_listings)::int AS listings`,
    );
    const c = counts.rows[0];
    log(
      `grew to ${c.videos.toLocaleString('en')} videos (${c.listings.toLocaleString('en')} listed), ${c.feedback.toLocaleString('en')} feedback rows in ${fmt((performance.now() - grown) / 1000, 1)} s`,
    );
    return c;
  });
}

/**
 * Waits until the product's processes have finished what earlier load left them (views counted
 * in a warm-up or in the other side's run are published within a second and then applied by the
 * catalog, auth and feedback), so neither side of a pair is measured beside that work: two quiet
 * windows in a row, or at most QUIET_WAIT_MS.
 */
async function servicesQuiet(stack) {
  const pids = [...stack.children.values()].map((child) => child.pid);
  const used = () => pids.reduce((sum, pid) => sum + (cpuSeconds(pid) ?? 0), 0);
  const started = performance.now();
  let quietWindows = 0;
  while (quietWindows < 2 && performance.now() - started < QUIET_WAIT_MS) {
    const before = used();
    await sleep(QUIET_WINDOW_MS);
    quietWindows = used() - before < (QUIET_CPU_SHARE * QUIET_WINDOW_MS) / 1000 ? quietWindows + 1 : 0;
  }
  const waited = performance.now() - started;
  if (quietWindows < 2) log(`the services were still busy after ${fmt(waited / 1000, 1)} s; measuring anyway`);
  else if (waited > 2 * QUIET_WINDOW_MS + 500)
    log(`waited ${fmt(waited / 1000, 1)} s for the services to finish earlier work`);
}

/** CPU use of the stack's processes, this load generator and the whole machine over a run. */
function cpuMeter(stack) {
  const pids = Object.fromEntries([...stack.children].map(([name, child]) => [name, child.pid]));
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuSeconds(pid)]));
  const self = process.cpuUsage();
  const machine = machineCpu();
  const started = performance.now();
  return {
    stop() {
      const seconds = (performance.now() - started) / 1000;
      const pct = (used) => (used === null ? 'n/a' : `${((used / seconds) * 100).toFixed(0)}%`);
      const parts = Object.entries(pids).map(([name, pid]) => {
        const now = cpuSeconds(pid);
        return `${name} ${pct(now === null || before[name] === null ? null : now - before[name])}`;
      });
      const own = process.cpuUsage(self);
      parts.push(`load generator ${pct((own.user + own.system) / 1e6)}`);
      const after = machineCpu();
      if (machine && after) {
        const busy = ((after.busy - machine.busy) / (after.total - machine.total)) * 100;
        parts.push(`whole machine ${busy.toFixed(0)}% of ${availableParallelism()} cores`);
      }
      return parts.join(', ');
    },
  };
}

/** Set-based seed straight into the owners' tables and the read models fed from them (services/<name>/src/db). */
async function seed(databaseUrl) {
  const started = performance.now();
  await withPg(databaseUrl, async (db) => {
    const { rows } = await db.query('SELECT count(*)::int AS n FROM catalog.categories');
    if (rows[0].n === 0) throw new Error('no categories: the migrations did not run');
    await db.query('SELECT setseed(0.42)');
    await db.query(
      `INSERT INTO auth.users (email, password, "firstName", "lastName")
       SELECT format('bench-user-%s@example.com', g), 'not-a-password-hash', format('First%s', g), format('Last%s', g)
       FROM generate_series(1, $1::int) AS g`,
      [SEED.users],
    );
    // Half are YouTube links (distinct 11-character ids), half files; spread over a year.
    await db.query(
      `INSERT INTO video.videos (title, description, "uploaderId", "categoryId", views, "createdAt", "averageRating",
                           "feedbackCount", "processingState", "youtubeUrl", "thumbnailUrl", duration)
       SELECT format('Bench video %s', g),
              CASE WHEN g % 3 = 0 THEN format('Description of bench video %s', g) END,
              u.ids[1 + g % cardinality(u.ids)],
              c.ids[1 + g % cardinality(c.ids)],
              floor(random() * 100000)::int,
              now() - random() * interval '365 days',
              round((random() * 5)::numeric, 2)::real,
              0,
              'ready',
              CASE WHEN g % 2 = 0 THEN 'https://youtu.be/bench' || lpad(g::text, 6, '0') END,
              CASE WHEN g % 2 = 0 THEN 'https://img.youtube.com/vi/bench' || lpad(g::text, 6, '0') || '/hqdefault.jpg' END,
              CASE WHEN g % 2 = 1 THEN 10 + g % 110 END
       FROM generate_series(1, $1::int) AS g
       CROSS JOIN (SELECT array_agg(id ORDER BY email) AS ids FROM auth.users) AS u
       CROSS JOIN (SELECT array_agg(id ORDER BY id) AS ids FROM catalog.categories) AS c`,
      [SEED.videos],
    );
    await db.query(
      `INSERT INTO feedback.feedback (content, "videoId", "authorId", "helpfulVotes", "averageRating", "totalRatings", "createdAt")
       SELECT format('Bench feedback %s: keep the elbow up and follow through.', g),
              v.ids[1 + (g * 7919) % cardinality(v.ids)],
              u.ids[1 + g % cardinality(u.ids)],
              floor(random() * 20)::int,
              round((random() * 5)::numeric, 2)::real,
              floor(random() * 10)::int,
              now() - random() * interval '365 days'
       FROM generate_series(1, $1::int) AS g
       CROSS JOIN (SELECT array_agg(id ORDER BY id) AS ids FROM video.videos) AS v
       CROSS JOIN (SELECT array_agg(id ORDER BY email) AS ids FROM auth.users) AS u`,
      [SEED.feedback],
    );
    await db.query(
      `UPDATE video.videos SET "feedbackCount" = f.n
       FROM (SELECT "videoId", count(*)::int AS n FROM feedback.feedback GROUP BY "videoId") AS f
       WHERE f."videoId" = videos.id`,
    );
    // The read models hold what the owners' events would have brought them (revision 1, as the
    // owners' backfill publishes existing rows): the seed writes them in one go instead of
    // waiting for 10,000 events.
    await db.query(`UPDATE video.videos SET revision = 1`);
    await db.query(`UPDATE auth.users SET "profileRevision" = 1`);
    await db.query(
      `INSERT INTO catalog.video_listings (id, revision, title, description, "categoryId", "uploaderId", "youtubeUrl",
         "videoUrl", "thumbnailUrl", "hasStoredVideo", "hasStoredThumbnail", "thumbnailData", duration,
         "processingState", "hasFileError", views, "feedbackCount", "averageRating", "createdAt")
       SELECT id, 1, title, description, "categoryId", "uploaderId", "youtubeUrl", "videoUrl", "thumbnailUrl",
              "originalKey" IS NOT NULL OR "playbackKey" IS NOT NULL, "thumbnailKey" IS NOT NULL, "thumbnailData",
              duration, "processingState", "hasFileError", views, "feedbackCount", "averageRating", "createdAt"
       FROM video.videos`,
    );
    for (const reader of ['catalog', 'feedback'])
      await db.query(
        `INSERT INTO ${reader}.people (id, revision, "firstName", "lastName", image)
         SELECT id, 1, "firstName", "lastName", "profileImageUrl" FROM auth.users
         ON CONFLICT (id) DO NOTHING`,
      );
    await db.query(
      `INSERT INTO feedback.video_summaries (id, revision, title, "categoryId", "uploaderId")
       SELECT id, 1, title, "categoryId", "uploaderId" FROM video.videos`,
    );
    // VACUUM too, so autovacuum has no reason to wake up (and commit transactions) mid-measurement.
    for (const table of ['auth.users', 'video.videos', 'feedback.feedback', 'catalog.video_listings', 'catalog.people'])
      await db.query(`VACUUM ANALYZE ${table}`);
    const counts = await db.query(
      `SELECT (SELECT count(*) FROM auth.users)::int AS users, (SELECT count(*) FROM video.videos)::int AS videos,
              (SELECT count(*) FROM feedback.feedback)::int AS feedback`,
    );
    const c = counts.rows[0];
    log(
      `seeded ${c.users} users, ${c.videos} videos, ${c.feedback} feedback rows in ${fmt((performance.now() - started) / 1000, 1)} s`,
    );
  });
}

/**
 * The signed-in reads counted thousands of views, which the catalog applied to its listing rows:
 * the 10,000-video p50s are taken, as the grown seed's are, on freshly vacuumed and analysed
 * tables, so a plan chosen on stale statistics cannot make the small side slow and the ratio
 * look better than it is.
 */
async function settleListTables(databaseUrl) {
  await sleep(3_000); // the last views published and applied
  await withPg(databaseUrl, async (db) => {
    for (const table of ['video.videos', 'feedback.feedback', 'catalog.video_listings', 'catalog.people'])
      await db.query(`VACUUM ANALYZE ${table}`);
    await db.query('CHECKPOINT');
  });
  log('listing tables vacuumed and analysed before the 10,000-video p50s');
}

/**
 * The baseline must be the product's equivalent: the same status, body and Link header for the
 * path (bodies compared after `normalize`, e.g. without what changes between two requests).
 */
async function expectSameAnswer(productUrl, baselineUrl, path, headers = {}, normalize = (body) => body) {
  const [product, baseline] = await Promise.all([
    fetch(`${productUrl}${path}`, { headers }),
    fetch(`${baselineUrl}${path}`, { headers }),
  ]);
  const [productBody, baselineBody] = await Promise.all([product.text(), baseline.text()]);
  if (
    product.status !== 200 ||
    baseline.status !== 200 ||
    normalize(productBody) !== normalize(baselineBody) ||
    product.headers.get('link') !== baseline.headers.get('link')
  )
    throw new Error(
      `the baseline answers ${path} differently:\n  product  ${product.status} ${product.headers.get('link')} ${productBody.slice(0, 400)}\n  baseline ${baseline.status} ${baseline.headers.get('link')} ${baselineBody.slice(0, 400)}`,
    );
}

/**
 * `CONNECTIONS` keep-alive connections, each sending its next request as soon as the last is
 * answered. `target`: a URL, or `(connection) => ({ url, headers })` called for every request.
 */
async function load(target, durationMs) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies = [];
  let errors = 0;
  const kinds = new Map();
  const failed = (kind) => {
    errors += 1;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  };
  const started = performance.now();
  const deadline = started + durationMs;
  const connection = async (index) => {
    while (performance.now() < deadline) {
      const { url, headers } = typeof target === 'function' ? target(index) : { url: target, headers: {} };
      const t = performance.now();
      try {
        const status = await get(url, agent, headers);
        if (status === 200) latencies.push(performance.now() - t);
        else failed(`HTTP ${status}`);
      } catch (error) {
        failed(error.message);
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, index) => connection(index)));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const percentile = (p) => (latencies.length ? latencies[Math.max(0, Math.ceil(p * latencies.length) - 1)] : null);
  return {
    requests: latencies.length + errors,
    rps: latencies.length / elapsed,
    p50: percentile(0.5),
    p99: percentile(0.99),
    errors,
    /** What the errors were, e.g. `HTTP 503 ×40, timeout ×2`. */
    errorKinds: [...kinds].map(([kind, n]) => `${kind} ×${n}`).join(', '),
  };
}

function get(url, agent, headers = {}) {
  return new Promise((resolveStatus, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolveStatus(res.statusCode));
      res.on('error', reject);
    });
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

/** Sets `variant.statements` for each variant: SQL statements per request (method in the header comment). */
async function countStatements(databaseUrl, baseUrl, variants) {
  await withPg(databaseUrl, async (db) => {
    const counter = await statementCounter(db);
    log(
      `counting SQL statements with ${counter.method}` +
        (counter.settleMs ? ` (${fmt(counter.settleMs / 1000)} s pauses while the counters settle)` : ''),
    );
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      await sleep(counter.settleMs); // what the load runs left unpublished
      let last = await counter.read();
      let lastAt = performance.now();
      // Two settling pauses: a longer quiet window, a steadier rate.
      await sleep(2 * counter.settleMs);
      let next = await counter.read();
      let nextAt = performance.now();
      // Background work (e.g. the outbox relays' polls, ~1 a second each) as a rate, so a window
      // that also holds the requests is corrected for its own length.
      const backgroundPerMs = (next - last - counter.perReading) / (nextAt - lastAt);
      log(`background: ${next - last - counter.perReading} in a quiet window of ${fmt((nextAt - lastAt) / 1000)} s`);
      last = next;
      lastAt = nextAt;
      for (const variant of variants) {
        // COUNTED_REQUESTS, or as many as COUNTING_MS allows (an uncached search takes a while).
        let sent = 0;
        for (const until = performance.now() + COUNTING_MS; sent < COUNTED_REQUESTS && performance.now() < until;) {
          const status = await get(`${baseUrl}${variant.path}`, agent);
          if (status !== 200) throw new Error(`${variant.path} answered ${status} while counting`);
          sent += 1;
        }
        await sleep(counter.settleMs);
        next = await counter.read();
        nextAt = performance.now();
        const delta = next - last - counter.perReading;
        const background = backgroundPerMs * (nextAt - lastAt);
        last = next;
        lastAt = nextAt;
        variant.statements = (delta - background) / sent;
        // The background's own variation (about its square root), twice, per request counted.
        variant.statementsError = (2 * Math.sqrt(Math.max(background, 1))) / sent;
        log(
          `${variant.name}: ${delta} over ${sent} sequential requests, ${fmt(background)} of them background → ${fmt(variant.statements, 2)} ± ${fmt(variant.statementsError, 2)} per request`,
        );
      }
    } finally {
      agent.destroy();
    }
  });
}

async function statementCounter(db) {
  try {
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await db.query('SELECT 1 FROM pg_stat_statements LIMIT 1'); // fails unless preloaded
    return {
      method: 'pg_stat_statements',
      settleMs: 0,
      perReading: 0,
      read: async () =>
        Number(
          (
            await db.query(
              `SELECT coalesce(sum(calls), 0)::bigint AS n FROM pg_stat_statements
               WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
                 AND query NOT ILIKE '%pg_stat_statements%'`,
            )
          ).rows[0].n,
        ),
    };
  } catch {
    await db.query('DROP EXTENSION IF EXISTS pg_stat_statements').catch(() => undefined);
  }
  // Every new connection commits one transaction while it starts (reading the catalogs), and the
  // catalog's pool drops connections idle for 10 s, so connections opened are subtracted.
  return {
    method: 'pg_stat_database transactions (xact_commit + xact_rollback − sessions)',
    settleMs: STATS_SETTLE_MS,
    perReading: 1,
    read: async () =>
      Number(
        (
          await db.query(
            `SELECT (xact_commit + xact_rollback - sessions)::bigint AS n
             FROM pg_stat_database WHERE datname = current_database()`,
          )
        ).rows[0].n,
      ),
  };
}
