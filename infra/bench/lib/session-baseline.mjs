// The plain single-process equivalent of two signed-in reads for bench:api, served by
// `node:http` + `pg` (+ the Redis call a view costs) alone: no gateway, no NATS hop, no Nest, no
// TypeORM, so the product's figures can be printed as a ratio to it.
//
// - `GET /api/auth/user`: the session cookie parsed and its signature checked exactly as
//   express-session does (its own `cookie` and `cookie-signature` modules, the stack's
//   SESSION_SECRET), the session row read with connect-pg-simple's own statement (captured from
//   the library), the idle and absolute lifetimes checked as gateway/src/auth/session.setup.ts
//   does, then the auth service's statements for getUser and its mapper's JSON (toUserDto).
// - `GET /api/videos/{id}`: the same session read, the catalog's statement for getVideo and its
//   mapper (toVideoDto), then the video service's recordView: the once-a-day Redis key and,
//   when it is new, the view counted (its pending row, then the views a reader should see), run
//   by the video service's own repository code on `pg`; else its views statement. The answer
//   carries the views the latter returned, as the gateway's controller does. Each request runs
//   those statements for its one video: the product's gateways gather the video pages asked for in
//   one turn of the event loop into one call to each service (CallBatcher), which is what this
//   ratio measures against a process serving each request on its own. The product also
//   publishes the pending views each second (one transaction and an event per viewed video, which
//   the catalog applies to its copy): the price of the catalog's own copy, which a single process
//   reading one table does not pay, so the baseline does not either.
//
// "The same SQL" is taken from the services' own code, not written again: `captureSessionPrograms`
// runs auth's UsersService and the catalog's VideosService (from their builds) on TypeORM
// connections whose loggers record every statement sent, and the baseline replays exactly those
// statements with the request's member or video in place of the captured one. The video
// service's statements are captured the same way and compared with what its repository sends
// through the baseline's `pg` adapter, so a difference stops the bench.
import http from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { statementLog } from './statement-recorder.mjs';

const dist = (root, path) => import(pathToFileURL(join(root, path)).href);
const TRANSACTION = /^(START TRANSACTION|BEGIN|COMMIT|ROLLBACK)/i;
/** How long a view counts once per viewer (services/video/src/videos/videos.service.ts). */
const VIEW_WINDOW_SECONDS = 24 * 3600;

/**
 * Runs `work(dataSource)` on a TypeORM connection of `database` that records every statement it
 * sends (logged before it runs: with `statementTimeoutMs`, one cut short is recorded too, and
 * `error` says why it ended).
 */
export async function recordStatements(root, url, database, work, { statementTimeoutMs } = {}) {
  await import('reflect-metadata');
  const { createDataSource } = await dist(root, 'libs/database/dist/index.js');
  const dataSource = createDataSource({ url, applicationName: 'bench-capture', database });
  if (statementTimeoutMs) {
    const extra = dataSource.options.extra ?? {};
    dataSource.setOptions({
      extra: { ...extra, options: `${extra.options ?? ''} -c statement_timeout=${statementTimeoutMs}`.trim() },
    });
  }
  const recorded = statementLog(dataSource);
  await dataSource.initialize();
  recorded.length = 0; // TypeORM's own questions while connecting
  try {
    if (!statementTimeoutMs) return { statements: recorded, result: await work(dataSource) };
    try {
      return { statements: recorded, result: await work(dataSource) };
    } catch (error) {
      return { statements: recorded, error };
    }
  } finally {
    await dataSource.destroy();
  }
}

/** connect-pg-simple's session read, as the library itself sends it (a pool that only listens). */
async function captureSessionRead(root, schema) {
  const requireHere = createRequire(join(root, 'package.json'));
  const { default: connectPgSimple } = await import(pathToFileURL(requireHere.resolve('connect-pg-simple')).href);
  const { default: session } = await import(pathToFileURL(requireHere.resolve('express-session')).href);
  const PgStore = connectPgSimple(session);
  const sent = [];
  const store = new PgStore({
    pool: {
      query: async (sql, params) => {
        sent.push({ sql, params });
        return { rows: [] };
      },
    },
    schemaName: schema,
    tableName: 'sessions',
    createTableIfMissing: false,
    pruneSessionInterval: false,
  });
  await new Promise((resolve) => store.get('bench-probe', resolve));
  const [read] = sent;
  if (!read || !/^SELECT sess FROM .* WHERE sid = \$1 AND expire >= to_timestamp\(\$2\)$/.test(read.sql))
    throw new Error(`connect-pg-simple read a session with ${JSON.stringify(sent)}`);
  return read.sql;
}

/**
 * What the baseline replays, captured from the services' builds with one seeded member and video.
 * @param {string} root the repository
 * @param {{ urls: { auth: string, catalog: string, video: string }, gatewaySchema: string,
 *   userId: string, videoId: number }} options each service role's URL
 */
export async function captureSessionPrograms(root, { urls, gatewaySchema, userId, videoId }) {
  const sessionRead = await captureSessionRead(root, gatewaySchema);

  const { AUTH_DATABASE } = await dist(root, 'services/auth/dist/db/auth-database.js');
  const { UsersRepository } = await dist(root, 'services/auth/dist/users/users.repository.js');
  const { UsersService } = await dist(root, 'services/auth/dist/users/users.service.js');
  const user = await recordStatements(root, urls.auth, AUTH_DATABASE, (dataSource) =>
    new UsersService(new UsersRepository(dataSource)).getUser(userId, userId),
  );

  const { CATALOG_DATABASE } = await dist(root, 'services/catalog/dist/db/catalog-database.js');
  const { VideosRepository: CatalogVideos } = await dist(root, 'services/catalog/dist/videos/videos.repository.js');
  const { VideosService: CatalogService } = await dist(root, 'services/catalog/dist/videos/videos.service.js');
  const video = await recordStatements(root, urls.catalog, CATALOG_DATABASE, (dataSource) =>
    new CatalogService(new CatalogVideos(dataSource)).get(videoId, undefined, userId),
  );

  // The view's two paths (counted: a real write of one view of this video; not counted: a read).
  const { VIDEO_DATABASE } = await dist(root, 'services/video/dist/db/video-database.js');
  const { VideosRepository: VideoRows } = await dist(root, 'services/video/dist/videos/videos.repository.js');
  const counted = await recordStatements(root, urls.video, VIDEO_DATABASE, (dataSource) =>
    new VideoRows(dataSource).countViews([videoId], [videoId]),
  );
  const notCounted = await recordStatements(root, urls.video, VIDEO_DATABASE, (dataSource) =>
    new VideoRows(dataSource).countViews([videoId], []),
  );
  const only = ({ statements }) => statements.filter(({ sql }) => !TRANSACTION.test(sql));
  for (const [what, captured] of [
    ['getUser', user],
    ['getVideo', video],
  ])
    if (!JSON.stringify(captured.statements).includes(JSON.stringify(what === 'getUser' ? userId : videoId)))
      throw new Error(`the captured ${what} statements do not name the captured id: ${JSON.stringify(captured)}`);
  return {
    sessionRead,
    getUser: { statements: user.statements, id: userId },
    getVideo: { statements: video.statements, id: videoId },
    recordView: { counted: only(counted).map(({ sql }) => sql), notCounted: only(notCounted).map(({ sql }) => sql) },
  };
}

/**
 * The captured statements with `id` (a parameter of the captured request, alone or as a list of
 * one: the catalog reads its videos by a list of ids) replaced by `value`.
 */
const withId = (statements, captured, value) =>
  statements.map(({ sql, params }) => ({
    sql,
    params: TRANSACTION.test(sql)
      ? undefined
      : params.map((param) =>
          param === captured
            ? value
            : Array.isArray(param) && param.length === 1 && param[0] === captured
              ? [value]
              : param,
        ),
  }));

/** A TypeORM-shaped stand-in on one `pg` client, for the video service's repository code. */
function pgManager(client, sent) {
  return {
    queryRunner: { isTransactionActive: true, data: {} },
    // TypeORM's PostgresQueryRunner answers [rows, affected] for UPDATE and DELETE, rows otherwise.
    async query(sql, params) {
      sent?.push(sql);
      const result = await client.query(sql, params);
      return result.command === 'UPDATE' || result.command === 'DELETE' ? [result.rows, result.rowCount] : result.rows;
    },
  };
}

/** Enough of a TypeORM DataSource for VideosRepository.countViews, on a `pg` pool. */
function pgDataSource(pool, sent) {
  return {
    async query(sql, params) {
      sent?.push(sql);
      return (await pool.query(sql, params)).rows;
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(pgManager(client, sent));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

/** A typeorm entity from a raw row of `getOne`/`find`: `<alias>_<column>` → `<column>` (no column has an underscore). */
const entityOf = (row) =>
  Object.fromEntries(Object.entries(row).map(([key, value]) => [key.replace(/^[^_]+_/, ''), value]));

/**
 * Runs the baseline server in this process (the bench starts it as a child process of its own:
 * `node session-baseline.mjs <root> <config.json>`) and resolves with its port.
 */
export async function serveBaseline(
  root,
  { urls, schemas, programs, sessionSecret, lifetimes, redisUrl, viewKeyPrefix, port = 0 },
) {
  const { default: pg } = await import('pg');
  const { Redis } = await import('ioredis');
  const fromSession = createRequire(createRequire(join(root, 'package.json')).resolve('express-session'));
  const cookie = fromSession('cookie');
  const signature = fromSession('cookie-signature');
  const { toUserDto } = await dist(root, 'libs/contracts/dist/index.js');
  const { toVideoDto } = await dist(root, 'services/catalog/dist/videos/video.mapper.js');
  const { VideosRepository: VideoRows } = await dist(root, 'services/video/dist/videos/videos.repository.js');

  // Each service's pool as the product sizes and starts it (libs/database: 10 connections with the
  // service's connection options; the gateway's session pool: 10 on its schema), as its own role.
  const { connectionOptions } = await dist(root, 'libs/database/dist/index.js');
  const databases = {
    auth: (await dist(root, 'services/auth/dist/db/auth-database.js')).AUTH_DATABASE,
    catalog: (await dist(root, 'services/catalog/dist/db/catalog-database.js')).CATALOG_DATABASE,
    video: (await dist(root, 'services/video/dist/db/video-database.js')).VIDEO_DATABASE,
  };
  const optionsOf = (name) =>
    databases[name] && connectionOptions ? connectionOptions(databases[name]) : `-c search_path=${schemas[name]}`;
  const pool = (name) => new pg.Pool({ connectionString: urls[name], max: 10, options: optionsOf(name) });
  const pools = { gateway: pool('gateway'), auth: pool('auth'), catalog: pool('catalog'), video: pool('video') };
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });

  // The video service's own statements for a view, checked against the captured ones once.
  const sent = [];
  const views = new VideoRows(pgDataSource(pools.video, sent));
  const expectSame = (what, expected) => {
    if (JSON.stringify(sent) !== JSON.stringify(expected))
      throw new Error(
        `the video service's ${what} sends ${JSON.stringify(sent)}, captured ${JSON.stringify(expected)}`,
      );
    sent.length = 0;
  };
  const probe = programs.getVideo.id;
  await views.countViews([probe], []);
  expectSame('countViews (not counted)', programs.recordView.notCounted);
  await views.countViews([probe], [probe]);
  expectSame('countViews (counted)', programs.recordView.counted);
  const videoRows = new VideoRows(pgDataSource(pools.video));

  /** The signed-in member's id, as express-session + the gateway's lifetime check + passport find it; null otherwise. */
  const memberOf = async (req) => {
    const header = req.headers.cookie;
    if (!header) return null;
    const raw = cookie.parse(header)['vf.sid'];
    if (!raw || raw.substr(0, 2) !== 's:') return null;
    const sid = signature.unsign(raw.slice(2), sessionSecret);
    if (sid === false) return null;
    const { rows } = await pools.gateway.query(programs.sessionRead, [sid, Math.ceil(Date.now() / 1000)]);
    if (!rows[0]) return null;
    const sess = typeof rows[0].sess === 'string' ? JSON.parse(rows[0].sess) : rows[0].sess;
    const userId = sess?.passport?.user;
    if (!userId) return null;
    // lifetimeVerdict: over either limit signs the request out. (A `lastSeen` refresh is a write once
    // every 5 minutes per session, which a bench run of seconds never reaches, in either server.)
    const now = Date.now();
    const { createdAt, lastSeen } = sess;
    if (typeof createdAt !== 'number' || typeof lastSeen !== 'number') return null;
    if (now - createdAt >= lifetimes.absoluteMs || now - lastSeen >= lifetimes.idleMs) return null;
    return userId;
  };

  const run = async (name, statements) => {
    const client = await pools[name].connect();
    const results = [];
    try {
      for (const { sql, params } of statements) {
        const result = await client.query(sql, params);
        if (!TRANSACTION.test(sql)) results.push(result.rows);
      }
    } finally {
      client.release();
    }
    return results;
  };

  const currentUser = async (userId) => {
    const [users, badges] = await run('auth', withId(programs.getUser.statements, programs.getUser.id, userId));
    if (!users?.[0]) return null;
    return toUserDto(entityOf(users[0]), badges.map(entityOf), true);
  };

  const video = async (id, viewerId) => {
    const [rows] = await run('catalog', withId(programs.getVideo.statements, programs.getVideo.id, id));
    const row = rows?.[0];
    if (!row || (row.hidden && row.uploaderId !== viewerId)) return null;
    const dto = toVideoDto(row);
    // recordView: once per viewer per video per day, counted by the video service's own transaction.
    let count;
    try {
      const first = await redis.set(`${viewKeyPrefix}:views:${id}:${viewerId}`, '1', 'EX', VIEW_WINDOW_SECONDS, 'NX');
      count = (await videoRows.countViews([id], first === 'OK' ? [id] : [])).get(id)?.views;
    } catch {
      count = null;
    }
    return count != null ? { ...dto, views: count } : dto;
  };

  const send = (res, status, body) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  };
  const unauthorized = { message: 'Unauthorized' };
  const routes = async (req) => {
    const userId = await memberOf(req);
    if (req.url === '/api/auth/user') {
      const user = userId && (await currentUser(userId));
      return user ? [200, user] : [401, unauthorized];
    }
    const match = /^\/api\/videos\/(\d+)$/.exec(req.url ?? '');
    if (match && userId) {
      const answer = await video(Number(match[1]), userId);
      return answer ? [200, answer] : [404, { message: 'Video not found' }];
    }
    return [404, { message: 'not a benchmarked path (signed in)' }];
  };
  const server = http.createServer((req, res) => {
    routes(req).then(
      ([status, body]) => send(res, status, body),
      (error) => send(res, 500, { message: error.message }),
    );
  });
  await new Promise((resolveListen) => server.listen(port, '127.0.0.1', resolveListen));
  return server.address().port;
}

// As a child process: `node session-baseline.mjs <root> <config.json>`; prints `listening <port>`.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { readFileSync } = await import('node:fs');
  const [root, configPath] = process.argv.slice(2);
  const port = await serveBaseline(root, JSON.parse(readFileSync(configPath, 'utf8')));
  console.log(`listening ${port}`);
}
