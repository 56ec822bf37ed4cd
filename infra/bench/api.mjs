// `npm run bench:api`: the home page's list call under load (a measurement, not a test: a missed
// target still exits 0). Seeds 10,000 videos and 100,000 feedback rows into an isolated
// database, then for `GET /api/videos?limit=12` (newest, by views, one category) prints p50/p99
// latency, requests/s and errors at 50 concurrent connections, and the SQL statements each
// request costs (target 1).
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
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { ensureNodeDependencies } from '../local/lib/ensure-deps.mjs';
import { availableParallelism } from 'node:os';
import { cpuSeconds, fmt, getJson, machineCpu, printTable, root, sleep, startStack, withPg } from './lib/stack.mjs';

const log = (m) => console.log(`[bench:api] ${m}`);

const CONNECTIONS = 50;
const WARMUP_MS = 3_000;
const RUN_MS = 15_000;
const COUNTED_REQUESTS = 200;
const STATS_SETTLE_MS = 11_500;
const SEED = { users: 200, videos: 10_000, feedback: 100_000 };

ensureNodeDependencies(root);

let stack;
let exitCode = 0;
try {
  stack = await startStack({ label: 'api', apps: ['catalog', 'auth', 'gateway'], log });
  const { baseUrl, env } = stack;
  await seed(env.DATABASE_URL);

  const categories = await getJson(`${baseUrl}/api/categories`);
  const variants = [
    { name: 'newest (default)', path: '/api/videos?limit=12' },
    { name: 'sort=views', path: '/api/videos?limit=12&sort=views' },
    { name: `categoryId=${categories[0].id}`, path: `/api/videos?limit=12&categoryId=${categories[0].id}` },
  ];
  for (const variant of variants) {
    const page = await getJson(`${baseUrl}${variant.path}`);
    if (!Array.isArray(page) || page.length !== 12)
      throw new Error(`${variant.path} answered ${JSON.stringify(page).slice(0, 200)}`);
  }

  log(`warming up (${WARMUP_MS / 1000} s at ${CONNECTIONS} connections)…`);
  await load(`${baseUrl}${variants[0].path}`, WARMUP_MS);
  for (const variant of variants) {
    log(`${variant.name}: ${RUN_MS / 1000} s at ${CONNECTIONS} concurrent connections…`);
    const cpu = cpuMeter(stack);
    variant.load = await load(`${baseUrl}${variant.path}`, RUN_MS);
    variant.cpu = cpu.stop();
    log(
      `${variant.name}: ${variant.load.requests} requests, ${fmt(variant.load.rps, 0)}/s, ` +
        `p50 ${fmt(variant.load.p50)} ms, p99 ${fmt(variant.load.p99)} ms, ${variant.load.errors} errors`,
    );
    log(`${variant.name}: CPU ${variant.cpu}`);
  }

  await countStatements(env.DATABASE_URL, baseUrl, variants);

  printTable(
    `Summary (bench:api): ${SEED.videos.toLocaleString('en')} videos, ${SEED.feedback.toLocaleString('en')} feedback rows, ${CONNECTIONS} connections × ${RUN_MS / 1000} s`,
    [
      ['request', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'SQL/request', 'target', 'result'],
      ...variants.map((v) => [
        `GET ${v.path}`,
        v.load.requests,
        fmt(v.load.rps, 0),
        fmt(v.load.p50),
        fmt(v.load.p99),
        v.load.errors,
        fmt(v.statements, 2),
        '1',
        Math.round(v.statements * 100) / 100 <= 1 ? 'PASS' : 'FAIL',
      ]),
    ],
  );
  console.log('\nCPU during each run (100% = one core):');
  for (const v of variants) console.log(`  ${v.name}: ${v.cpu}`);
  console.log(
    '\nThe load generator runs on the same machine as the stack and PostgreSQL, so it competes with\n' +
      'them for the CPU. These are measurements, not tests: a missed target does not fail the run.',
  );
} catch (error) {
  console.error(`[bench:api] failed: ${error.stack ?? error.message}`);
  exitCode = 1;
} finally {
  if (stack && !(await stack.cleanup())) exitCode = 1;
}
process.exit(exitCode);

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

/** `CONNECTIONS` keep-alive connections, each sending its next request as soon as the last is answered. */
async function load(url, durationMs) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  const connection = async () => {
    while (performance.now() < deadline) {
      const t = performance.now();
      try {
        const status = await get(url, agent);
        if (status === 200) latencies.push(performance.now() - t);
        else errors += 1;
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, connection));
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
  };
}

function get(url, agent) {
  return new Promise((resolveStatus, reject) => {
    const req = http.get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolveStatus(res.statusCode));
      res.on('error', reject);
    });
    req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
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
      await sleep(counter.settleMs);
      let next = await counter.read();
      let nextAt = performance.now();
      // Background work (e.g. the outbox relays' polls, ~1 a second each) as a rate, so a window
      // that also holds the requests is corrected for its own length.
      const backgroundPerMs = (next - last - counter.perReading) / (nextAt - lastAt);
      log(`background: ${next - last - counter.perReading} in a quiet window of ${fmt((nextAt - lastAt) / 1000)} s`);
      last = next;
      lastAt = nextAt;
      for (const variant of variants) {
        for (let i = 0; i < COUNTED_REQUESTS; i += 1) {
          const status = await get(`${baseUrl}${variant.path}`, agent);
          if (status !== 200) throw new Error(`${variant.path} answered ${status} while counting`);
        }
        await sleep(counter.settleMs);
        next = await counter.read();
        nextAt = performance.now();
        const delta = next - last - counter.perReading;
        const background = backgroundPerMs * (nextAt - lastAt);
        last = next;
        lastAt = nextAt;
        variant.statements = (delta - background) / COUNTED_REQUESTS;
        log(
          `${variant.name}: ${delta} over ${COUNTED_REQUESTS} sequential requests, ${fmt(background)} of them background → ${fmt(variant.statements, 2)} per request`,
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
