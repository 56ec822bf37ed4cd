// The plain single-process equivalent of `POST /api/feedback/:id/rate` for bench:events: the
// same session lookup, the same SQL on a database of the same shape, the same JSON, served by
// `node:http` + `pg` alone (no gateway, no NATS hop, no Nest, no TypeORM, no relay), so the
// product's throughput can be printed as a ratio to it.
//
// "The same SQL" is taken from the feedback service's own code, not written again:
// `captureRatingStatements` runs the service's FeedbackService.rate (from its build, with its
// repositories) once on a TypeORM connection whose logger records every statement it sends — the
// target lookup, the read model's person check, and the transaction (insert the rating, the
// activity for the event, lock the feedback, derive its numbers, bump the author's and
// the video's stats revisions, derive those numbers and write the outbox row in one statement).
// The server sends exactly those statement texts per request, with the parameters a request
// makes of them, and answers with the service's own row → JSON mapping. The bench checks that a
// request to this server sends the captured statements with the same parameters (but for the
// feedback it rates) before it measures.
//
// Authentication is what the gateway's session middleware does per request: unsign the `vf.sid`
// cookie (express-session's HMAC-SHA256) and read the row as connect-pg-simple reads it
// (`SELECT sess FROM "gateway"."sessions" WHERE sid = $1 AND expire >= to_timestamp($2)`), from a
// pool of the gateway's size. It does not ask for the member's account or count their write
// budget in Redis as the gateway also does: the baseline is the cheaper of the two.
import http from 'node:http';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { statementLog } from './statement-recorder.mjs';

const dist = (root, path) => import(pathToFileURL(join(root, path)).href);

/** What each captured statement is, in order: the server gives each its parameters by this name. */
export const RATING_STEPS = [
  'findTarget',
  'hasPerson',
  'begin',
  'insertRating',
  'activity',
  'lockFeedback',
  'deriveNumbers',
  'authorStats',
  'videoStats',
  'recordWithStats',
  'commit',
];

/** connect-pg-simple 10's `get`, on the gateway's table. */
export const SESSION_SQL = 'SELECT sess FROM "gateway"."sessions" WHERE sid = $1 AND expire >= to_timestamp($2)';

/**
 * Rates `feedbackId` as `raterId` with the feedback service's own FeedbackService (from its build)
 * on a recording connection to `feedbackDatabaseUrl` (the feedback role's), and answers the
 * statements it sent, in order, with their parameters, and its answer.
 */
export async function captureRatingStatements(root, feedbackDatabaseUrl, { feedbackId, raterId, rating }) {
  await import('reflect-metadata');
  const { createDataSource } = await dist(root, 'libs/database/dist/index.js');
  const { FEEDBACK_DATABASE } = await dist(root, 'services/feedback/dist/db/feedback-database.js');
  const { FeedbackRepository } = await dist(root, 'services/feedback/dist/feedback/feedback.repository.js');
  const { FeedbackService } = await dist(root, 'services/feedback/dist/feedback/feedback.service.js');
  const { ReadModelRepository } = await dist(root, 'services/feedback/dist/read-model/read-model.repository.js');
  const { ReadThroughService } = await dist(root, 'services/feedback/dist/read-model/read-through.service.js');
  const { RepliesRepository } = await dist(root, 'services/feedback/dist/conversations/replies.repository.js');
  const dataSource = createDataSource({
    url: feedbackDatabaseUrl,
    applicationName: 'bench-capture',
    database: FEEDBACK_DATABASE,
  });
  const recorded = statementLog(dataSource);
  await dataSource.initialize();
  try {
    // The rater is in the read model already (the bench copies it): no other service is asked.
    const owners = {
      call: () => Promise.reject(new Error('the capture asks no other service')),
    };
    const service = new FeedbackService(
      new FeedbackRepository(dataSource),
      new ReadThroughService(new ReadModelRepository(dataSource), owners),
      new RepliesRepository(dataSource),
    );
    recorded.length = 0;
    const answer = await service.rate({ id: raterId, isAdmin: false }, feedbackId, rating);
    const statements = [...recorded];
    if (statements.length !== RATING_STEPS.length)
      throw new Error(
        `the feedback service's rating sent ${statements.length} statements, the baseline knows ${RATING_STEPS.length}:\n` +
          statements.map((s) => `  ${s.sql.replace(/\s+/g, ' ').slice(0, 120)}`).join('\n'),
      );
    return { statements, answer: JSON.parse(JSON.stringify(answer)) };
  } finally {
    await dataSource.destroy();
  }
}

/**
 * Runs the baseline server in this process (the bench starts it as a child process of its own:
 * `node rating-baseline.mjs <root> <config.json>`) and resolves with its port.
 * @param {string} root
 * @param {{ feedbackDatabaseUrl: string, gatewayDatabaseUrl: string, sessionSecret: string,
 *   statements: { sql: string }[], port?: number }} config
 */
export async function serveBaseline(
  root,
  { feedbackDatabaseUrl, gatewayDatabaseUrl, sessionSecret, statements, port = 0 },
) {
  const { default: pg } = await import('pg');
  const { DOMAIN_EVENTS, FEEDBACK_MESSAGES, AUTH_MESSAGES, personName } = await dist(
    root,
    'libs/contracts/dist/index.js',
  );
  const { toFeedbackRatingDto } = await dist(root, 'services/feedback/dist/feedback/feedback.mapper.js');
  const sql = Object.fromEntries(RATING_STEPS.map((step, i) => [step, statements[i].sql]));
  // The feedback service's pool (createDataSource) and the gateway's session pool, each its own role and schema.
  const pool = new pg.Pool({
    connectionString: feedbackDatabaseUrl,
    application_name: 'bench-baseline',
    max: 10,
    connectionTimeoutMillis: 2000,
    options: '-c search_path=feedback',
  });
  const sessions = new pg.Pool({
    connectionString: gatewayDatabaseUrl,
    application_name: 'bench-baseline-sessions',
    max: 10,
    connectionTimeoutMillis: 3000,
    options: '-c search_path=gateway',
  });
  /** The statements of the last request, for the bench's check against the captured ones. */
  let lastStatements = [];

  /** express-session's cookie: `s:<sid>.<base64 HMAC-SHA256 of sid, unpadded>`. */
  const sessionIdOf = (cookieHeader) => {
    const raw = /(?:^|;\s*)vf\.sid=([^;]*)/.exec(cookieHeader ?? '')?.[1];
    if (!raw) return null;
    const value = decodeURIComponent(raw);
    if (!value.startsWith('s:')) return null;
    const signed = value.slice(2);
    const dot = signed.lastIndexOf('.');
    const sid = signed.slice(0, dot);
    const expected = Buffer.from(
      `${sid}.${createHmac('sha256', sessionSecret).update(sid).digest('base64').replace(/=+$/, '')}`,
    );
    const given = Buffer.from(signed);
    return expected.length === given.length && timingSafeEqual(expected, given) ? sid : null;
  };

  const memberOf = async (req) => {
    const sid = sessionIdOf(req.headers.cookie);
    if (!sid) return null;
    const { rows } = await sessions.query(SESSION_SQL, [sid, Math.ceil(Date.now() / 1000)]);
    return rows[0]?.sess?.passport?.user ?? null;
  };

  class Refused extends Error {
    constructor(status, message) {
      super(message);
      this.status = status;
    }
  }

  /** FeedbackService.rate and FeedbackRepository.insertRatingWithEvent, statement for statement. */
  const rate = async (raterId, feedbackId, rating) => {
    const sent = [];
    const run = (executor, step, params) => {
      sent.push({ sql: sql[step], params });
      return executor.query(sql[step], params);
    };
    const [target] = (await run(pool, 'findTarget', [feedbackId])).rows;
    // Hidden pending review: not there for anyone to rate.
    if (!target || target.hidden) throw new Refused(404, 'Feedback not found');
    if (target.authorId === raterId) throw new Refused(403, FEEDBACK_MESSAGES.ownFeedbackRating);
    // The read model knows every member here; the service would ask auth about one it does not.
    await run(pool, 'hasPerson', [raterId]);
    const client = await pool.connect();
    let outcome;
    try {
      await run(client, 'begin', []);
      try {
        outcome = await (async () => {
          // The rating and the event's facts first; the feedback's lock only to derive its numbers
          // (the foreign key keeps the feedback meanwhile: a deleted one fails the insert).
          let inserted;
          try {
            inserted = (await run(client, 'insertRating', [target.id, raterId, rating])).rows;
          } catch (error) {
            if (error?.code === '23503') return { outcome: 'feedback-gone' };
            throw error;
          }
          if (!inserted.length) return { outcome: 'already-cast' };
          const [seen] = (await run(client, 'activity', [target.videoId, raterId])).rows;
          await run(client, 'lockFeedback', [[target.id]]);
          const [numbers] = (await run(client, 'deriveNumbers', [[target.id]])).rows;
          const event = {
            type: DOMAIN_EVENTS.feedbackRated,
            feedbackId: target.id,
            videoId: target.videoId,
            userIds: [target.authorId],
            ...(seen
              ? {
                  activity: {
                    actorId: raterId,
                    actorName: personName(seen.firstName, seen.lastName),
                    feedbackAuthorId: target.authorId,
                    videoUploaderId: seen.uploaderId,
                    videoTitle: seen.title,
                    stars: rating,
                  },
                }
              : {}),
          };
          await run(client, 'authorStats', [[target.authorId]]);
          await run(client, 'videoStats', [[target.videoId]]);
          const occurredAt = new Date().toISOString();
          const outboxRows = [
            {
              order: 0,
              eventType: event.type,
              // As withRequestId adds the gateway's request id (a UUID) in the product.
              payload: { ...event, occurredAt, requestId: randomUUID() },
              videoIds: [target.videoId],
              authorIds: [target.authorId],
            },
          ];
          await run(client, 'recordWithStats', [[target.videoId], [target.authorId], JSON.stringify(outboxRows)]);
          return { outcome: 'cast', row: inserted[0], numbers };
        })();
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
      await run(client, 'commit', []);
    } finally {
      client.release();
    }
    lastStatements = sent;
    if (outcome.outcome === 'feedback-gone') throw new Refused(404, 'Feedback not found');
    if (outcome.outcome === 'already-cast') throw new Refused(400, FEEDBACK_MESSAGES.alreadyRated);
    return toFeedbackRatingDto(outcome.row, outcome.numbers);
  };

  const readBody = (req) =>
    new Promise((resolveBody, reject) => {
      const chunks = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => resolveBody(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  const send = (res, status, body) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  };

  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/__last-statements') return send(res, 200, lastStatements);
    const match = req.method === 'POST' ? /^\/api\/feedback\/(\d+)\/rate$/.exec(req.url ?? '') : null;
    if (!match) return send(res, 404, { message: 'not a benchmarked path' });
    (async () => {
      const body = await readBody(req);
      const raterId = await memberOf(req);
      if (!raterId) throw new Refused(401, AUTH_MESSAGES.unauthorized);
      const { rating } = JSON.parse(body);
      if (!Number.isInteger(rating) || rating < 1 || rating > 5) throw new Refused(400, 'rating must be 1..5');
      return rate(raterId, Number(match[1]), rating);
    })().then(
      (answer) => send(res, 201, answer),
      (error) => send(res, error instanceof Refused ? error.status : 500, { message: error.message }),
    );
  });
  server.keepAliveTimeout = 65_000;
  await new Promise((resolveListen) => server.listen(port, '127.0.0.1', resolveListen));
  return server.address().port;
}

// As a child process: `node rating-baseline.mjs <root> <config.json>`; prints `listening <port>`.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { readFileSync } = await import('node:fs');
  const [root, configPath] = process.argv.slice(2);
  const port = await serveBaseline(root, JSON.parse(readFileSync(configPath, 'utf8')));
  console.log(`listening ${port}`);
}
