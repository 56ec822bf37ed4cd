// `npm run bench:events`: how long the event-derived numbers take to catch up with a burst of
// 1,000 ratings (target: p99 under 2 s). Not a test: a missed target still exits 0; an error does not.
// 100 members rate 10 pieces of feedback each through the real gateway, at most 100 requests in
// flight. Each answer already carries its feedback's new numbers (kept in the rating's
// transaction); the points of the feedback's author follow by event. A poller watches those
// points: a rating has converged once its author's points include it. At the end every number
// (feedback means, video means, points) must be exactly what the rows say.
import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { ensureNodeDependencies } from '../local/lib/ensure-deps.mjs';
import { fmt, printTable, root, sleep, startStack, withPg } from './lib/stack.mjs';

const log = (m) => console.log(`[bench:events] ${m}`);
const COACHES = 10;
const RATERS = 100;
const IN_FLIGHT = 100;
const TARGET_P99_MS = 2000;
const POLL_MS = 20;

ensureNodeDependencies(root);

let stack;
let exitCode = 0;
try {
  stack = await startStack({
    label: 'events',
    apps: ['auth', 'catalog', 'video', 'feedback', 'gateway'],
    env: { THROTTLE_REGISTER_PER_IP: '100000', THROTTLE_LOGIN_PER_IP: '100000' },
    log,
  });
  const { baseUrl, env } = stack;

  log(`signing up 1 uploader, ${COACHES} coaches and ${RATERS} raters…`);
  const uploader = await register(baseUrl, `uploader-${stack.runId}`);
  const coaches = await registerMany(baseUrl, COACHES, (i) => `coach-${i}-${stack.runId}`);
  const raters = await registerMany(baseUrl, RATERS, (i) => `rater-${i}-${stack.runId}`);

  const categories = await (await fetch(`${baseUrl}/api/categories`)).json();
  const form = new FormData();
  form.append('title', 'Bench serve');
  form.append('categoryId', String(categories[0].id));
  form.append('youtubeUrl', 'https://youtu.be/benchevent1');
  const video = await call(baseUrl, uploader, 'POST', '/api/videos', { form });
  const feedbackIds = [];
  /** One piece of feedback per coach: feedback id → its author. */
  const authorOf = new Map();
  for (const [i, coach] of coaches.entries()) {
    const feedback = await call(baseUrl, coach, 'POST', `/api/videos/${video.id}/feedback`, {
      json: { content: `Tip number ${i + 1}: keep the racquet head up.` },
    });
    feedbackIds.push(feedback.id);
    authorOf.set(feedback.id, feedback.authorId);
  }
  await waitForQuietOutbox(env.DATABASE_URL);

  // The poller: when did each author's points first reach each value? (Points only grow here.)
  const pointsSeen = new Map([...authorOf.values()].map((id) => [id, []]));
  let polling = true;
  const poller = withPg(env.DATABASE_URL, async (client) => {
    while (polling) {
      const { rows } = await client.query('SELECT id, points FROM auth.users WHERE id = ANY($1::uuid[])', [
        [...pointsSeen.keys()],
      ]);
      const now = performance.now();
      for (const row of rows) {
        const seen = pointsSeen.get(row.id);
        if (!seen.length || seen[seen.length - 1].points !== row.points) seen.push({ points: row.points, at: now });
      }
      await sleep(POLL_MS);
    }
  });

  const work = raters.flatMap((rater) =>
    feedbackIds.map((feedbackId) => ({ rater, feedbackId, rating: randomInt(1, 6) })),
  );
  log(`burst: ${work.length} ratings, ${IN_FLIGHT} in flight…`);
  const accepted = [];
  const failures = [];
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < work.length) {
        const item = work[next++];
        const res = await fetch(`${baseUrl}/api/feedback/${item.feedbackId}/rate`, {
          method: 'POST',
          headers: { cookie: item.rater, 'content-type': 'application/json' },
          body: JSON.stringify({ rating: item.rating }),
        });
        const at = performance.now();
        if (res.status === 201) accepted.push({ ...item, at, answer: await res.json() });
        else failures.push(`${res.status} ${await res.text()}`);
      }
    }),
  );
  const burstMs = performance.now() - started;
  const lastAccepted = performance.now();
  if (failures.length) throw new Error(`${failures.length} ratings refused, e.g. ${failures[0]}`);
  // Each answer counts its own rating and every one stored before it on that feedback.
  for (const feedbackId of feedbackIds) {
    const counts = accepted
      .filter((a) => a.feedbackId === feedbackId)
      .map((a) => a.answer.totalRatings)
      .sort((a, b) => a - b);
    if (counts.some((count, i) => count !== i + 1)) throw new Error(`feedback ${feedbackId}: answers miscounted`);
  }

  // Everything exact, as the rows say.
  const exactAt = await waitForExactAggregates(env.DATABASE_URL, video.id, feedbackIds);
  polling = false;
  await poller;

  const latencies = [];
  for (const feedbackId of feedbackIds) {
    const mine = accepted.filter((a) => a.feedbackId === feedbackId).sort((a, b) => a.at - b.at);
    const seen = pointsSeen.get(authorOf.get(feedbackId));
    // 5 for the feedback, then the stars of each rating answered so far.
    let expected = 5;
    for (const rating of mine) {
      expected += rating.rating;
      const reached = seen.find((s) => s.points >= expected)?.at ?? exactAt;
      latencies.push(Math.max(0, reached - rating.at));
    }
  }
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)];
  const p99 = pct(99);
  printTable('Summary (bench:events)', [
    ['measure', 'value', 'target', 'result'],
    ['ratings accepted (201)', String(accepted.length), '', ''],
    ['burst duration (all answered)', `${fmt(burstMs / 1000, 2)} s`, '', ''],
    ['acceptance rate', `${fmt(accepted.length / (burstMs / 1000), 0)} ratings/s`, '', ''],
    ['convergence p50', `${fmt(pct(50), 0)} ms`, '', ''],
    ['convergence p95', `${fmt(pct(95), 0)} ms`, '', ''],
    ['convergence p99', `${fmt(p99, 0)} ms`, `< ${TARGET_P99_MS} ms`, p99 < TARGET_P99_MS ? 'PASS' : 'FAIL'],
    ['convergence max', `${fmt(latencies[latencies.length - 1], 0)} ms`, '', ''],
    [
      'all aggregates exact (feedback, video, points) after the last answer',
      `${fmt((exactAt - lastAccepted) / 1000, 2)} s`,
      '',
      '',
    ],
  ]);
  console.log("\nConvergence: from a rating's 201 to the moment its author's points include it (polled every 20 ms).");
  console.log('These are measurements, not tests: a missed target does not fail the run; an error does.');
} catch (error) {
  console.error(`[bench:events] failed: ${error.stack ?? error.message}`);
  exitCode = 1;
} finally {
  if (stack && !(await stack.cleanup())) exitCode = 1;
}
process.exit(exitCode);

async function register(baseUrl, name) {
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `${name}@bench.example.com`,
      password: 'bench-password',
      firstName: 'Bench',
      lastName: name,
    }),
  });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  const sid = res.headers.getSetCookie().find((line) => line.startsWith('vf.sid='));
  return sid.split(';')[0];
}

/** Sign-ups hash a password each: four at a time. */
async function registerMany(baseUrl, count, nameOf) {
  const cookies = [];
  for (let i = 0; i < count; i += 4) {
    const batch = Array.from({ length: Math.min(4, count - i) }, (_, j) => register(baseUrl, nameOf(i + j)));
    cookies.push(...(await Promise.all(batch)));
  }
  return cookies;
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

async function waitForQuietOutbox(databaseUrl) {
  await withPg(databaseUrl, async (client) => {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const { rows } =
        await client.query(`SELECT (SELECT count(*) FROM feedback.outbox WHERE "publishedAt" IS NULL)::int
                    + (SELECT count(*) FROM video.outbox WHERE "publishedAt" IS NULL)::int AS n`);
      if (rows[0].n === 0) return;
      await sleep(100);
    }
    throw new Error('the outbox did not drain within 30 s');
  });
  await sleep(1000); // the consumers finish what was just delivered
}

/** Polls until feedback means and counts, the video's mean and the coaches' points are exactly what the rows say. */
async function waitForExactAggregates(databaseUrl, videoId, feedbackIds) {
  return withPg(databaseUrl, async (client) => {
    const deadline = performance.now() + 60_000;
    while (performance.now() < deadline) {
      const { rows } = await client.query(
        `SELECT
           (SELECT count(*)::int FROM feedback.feedback f WHERE f.id = ANY($1) AND (
              f."totalRatings" <> (SELECT count(*) FROM feedback.feedback_ratings r WHERE r."feedbackId" = f.id)
              OR abs(f."averageRating" - COALESCE((SELECT avg(rating) FROM feedback.feedback_ratings r WHERE r."feedbackId" = f.id), 0)) > 1e-5
           )) AS "feedbackOff",
           (SELECT count(*)::int FROM video.videos v WHERE v.id = $2 AND abs(v."averageRating" - COALESCE((
              SELECT avg(r.rating) FROM feedback.feedback_ratings r JOIN feedback.feedback f ON f.id = r."feedbackId" WHERE f."videoId" = v.id), 0)) > 1e-5
           ) AS "videoOff",
           (SELECT count(*)::int FROM auth.users u WHERE u.id IN (SELECT "authorId" FROM feedback.feedback WHERE id = ANY($1)) AND u.points <>
              5 * (SELECT count(*) FROM feedback.feedback f WHERE f."authorId" = u.id)
              + (SELECT COALESCE(sum(r.rating), 0) FROM feedback.feedback_ratings r JOIN feedback.feedback f ON f.id = r."feedbackId" WHERE f."authorId" = u.id)
           ) AS "pointsOff"`,
        [feedbackIds, videoId],
      );
      const off = rows[0];
      if (off.feedbackOff === 0 && off.videoOff === 0 && off.pointsOff === 0) return performance.now();
      await sleep(POLL_MS);
    }
    throw new Error('aggregates did not converge within 60 s');
  });
}
