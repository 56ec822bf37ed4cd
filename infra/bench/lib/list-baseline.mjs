// The plain single-process equivalent of `GET /api/videos` for bench:api: the same SQL on the
// same database, the same JSON, served by `node:http` + `pg` alone (no gateway, no NATS hop, no
// Nest, no TypeORM), so the product's figures can be printed as a ratio to it.
//
// "The same SQL" is taken from the catalog's own code, not written again: `captureListPrograms`
// runs the catalog's VideosRepository (from its build) once per request path on a TypeORM
// connection whose logger records every statement it sends: the page query, and for a search
// its name lookup and the transaction that sets the trigram threshold. The baseline server replays
// exactly those statements per request and answers with the catalog's own row → JSON mapping and
// cursor, and the gateway's Link header. (It replays a search's page query with the matches found
// at capture time; the bench's data does not change while it runs, so the work is the same.)
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { statementLog } from './statement-recorder.mjs';

const dist = (root, path) => import(pathToFileURL(join(root, path)).href);

/**
 * For each request path (`/api/videos?…`), the statements the catalog runs to answer it.
 * @param {string} root the repository
 * @param {string} catalogDatabaseUrl the catalog role's URL
 * @param {string[]} paths
 */
export async function captureListPrograms(root, catalogDatabaseUrl, paths) {
  await import('reflect-metadata');
  const { createDataSource } = await dist(root, 'libs/database/dist/index.js');
  const { listVideosRequestSchema } = await dist(root, 'libs/contracts/dist/index.js');
  const { CATALOG_DATABASE } = await dist(root, 'services/catalog/dist/db/catalog-database.js');
  const { VideosRepository } = await dist(root, 'services/catalog/dist/videos/videos.repository.js');
  const dataSource = createDataSource({
    url: catalogDatabaseUrl,
    applicationName: 'bench-capture',
    database: CATALOG_DATABASE,
  });
  const recorded = statementLog(dataSource);
  await dataSource.initialize();
  try {
    const repository = new VideosRepository(dataSource);
    const programs = {};
    for (const path of paths) {
      const query = Object.fromEntries(new URL(path, 'http://bench').searchParams);
      const request = listVideosRequestSchema.parse(query);
      recorded.length = 0;
      await repository.findPageForListing(request);
      programs[path] = { request, statements: [...recorded] };
    }
    return programs;
  } finally {
    await dataSource.destroy();
  }
}

/**
 * Runs the baseline server in this process (the bench starts it as a child process of its own:
 * `node list-baseline.mjs <config.json>`) and resolves with its port.
 */
export async function serveBaseline(root, { databaseUrl, schema, programs, port = 0 }) {
  const { default: pg } = await import('pg');
  const { encodePageCursor, nextPageLink } = await dist(root, 'libs/contracts/dist/index.js');
  const { toVideoDto } = await dist(root, 'services/catalog/dist/videos/video.mapper.js');
  const { connectionOptions } = await dist(root, 'libs/database/dist/index.js');
  const { CATALOG_DATABASE } = await dist(root, 'services/catalog/dist/db/catalog-database.js');
  if (schema !== CATALOG_DATABASE.schema)
    throw new Error(`the baseline replays the catalog's statements, not ${schema}'s`);
  // The catalog's pool size and connection options (search_path, the search's trigram threshold).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, options: connectionOptions(CATALOG_DATABASE) });
  const TRANSACTION = /^(START TRANSACTION|BEGIN|COMMIT|ROLLBACK)/i;

  const answer = async (program, url) => {
    const client = await pool.connect();
    let rows = [];
    try {
      for (const { sql, params } of program.statements) {
        const result = await client.query(sql, TRANSACTION.test(sql) ? undefined : params);
        if (!TRANSACTION.test(sql)) rows = result.rows;
      }
    } finally {
      client.release();
    }
    const { limit, sort } = program.request;
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    const more = rows.length > limit && last !== undefined;
    const cursor = more ? encodePageCursor({ o: sort, k: last.cursorKey, id: last.id }) : null;
    return { body: JSON.stringify(items.map(toVideoDto)), link: cursor && nextPageLink(url, cursor) };
  };

  const server = http.createServer((req, res) => {
    const program = programs[req.url];
    if (!program) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not a benchmarked path"}');
      return;
    }
    answer(program, req.url).then(
      ({ body, link }) => {
        res.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
          ...(link ? { link } : {}),
        });
        res.end(body);
      },
      (error) => {
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: error.message }));
      },
    );
  });
  await new Promise((resolveListen) => server.listen(port, '127.0.0.1', resolveListen));
  return server.address().port;
}

// As a child process: `node list-baseline.mjs <root> <config.json>`; prints `listening <port>`.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { readFileSync } = await import('node:fs');
  const [root, configPath] = process.argv.slice(2);
  const port = await serveBaseline(root, JSON.parse(readFileSync(configPath, 'utf8')));
  console.log(`listening ${port}`);
}
