// One `npm run up` per checkout: a second one would rebuild the running apps' files, fight over
// their ports and .data/, and end in a wall of stack traces. Node built-ins only: this runs
// before anything is installed.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const LOCK_FILE = 'up.pid';

/** The ports `npm run up` listens on, with who uses them (the apps' defaults, APP_CONFIG_SCHEMAS). */
export function upPorts(port) {
  return [
    [port, 'the gateway (PORT)'],
    [9464, 'the gateway metrics (METRICS_PORT)'],
    [8081, 'auth (HEALTH_PORT)'],
    [8082, 'catalog (HEALTH_PORT)'],
    [8083, 'video (HEALTH_PORT)'],
    [8084, 'feedback (HEALTH_PORT)'],
    [8085, 'admin (HEALTH_PORT)'],
    [8086, 'media-worker (HEALTH_PORT)'],
    [8087, 'notifications (HEALTH_PORT)'],
  ];
}

/**
 * The `npm run up` or `npm run dev` of this checkout that is still running, from its lock file,
 * or null; `command` says which ('up' or 'dev').
 */
export function runningInstance(dataDir) {
  const file = join(dataDir, LOCK_FILE);
  if (!existsSync(file)) return null;
  let lock;
  try {
    lock = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  if (!Number.isInteger(lock?.pid) || lock.pid === process.pid || !isAlive(lock.pid)) return null;
  // A recycled pid belongs to another program: only a process still running up.mjs or dev.mjs counts.
  const commandLine = readCommandLine(lock.pid);
  const command = commandLine === null ? (lock.command ?? 'up') : /\bdev\.mjs\b/.test(commandLine) ? 'dev' : 'up';
  if (commandLine !== null && !/\b(up|dev)\.mjs\b/.test(commandLine)) return null;
  return { pid: lock.pid, url: String(lock.url ?? ''), command };
}

/** @param {'up' | 'dev'} [command] */
export function claimInstance(dataDir, url, command = 'up') {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, LOCK_FILE), JSON.stringify({ pid: process.pid, url, command }) + '\n');
}

/** Removes the lock file if it is still this process's. */
export function releaseInstance(dataDir) {
  const instance = (() => {
    try {
      return JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8'));
    } catch {
      return null;
    }
  })();
  if (instance?.pid === process.pid) rmSync(join(dataDir, LOCK_FILE), { force: true });
}

/** The first of `ports` something else listens on, or null (tries to bind, as the apps will). */
export async function firstTakenPort(ports) {
  for (const entry of ports) {
    if (!(await canListen(entry[0]))) return entry;
  }
  return null;
}

/** Whether the program on `port` is a gateway of this product (its /healthz says so). */
export async function isOurGateway(port) {
  // A timer of our own, not AbortSignal.timeout: that one does not keep the process alive, and a
  // program that accepts and drops the connection can leave fetch waiting on nothing else.
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), 1500);
  try {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: abort.signal });
    const body = await res.json();
    return res.ok && body?.status === 'ok' && res.headers.get('x-request-id') !== null;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

function canListen(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    // No host: the apps listen on every interface, so a listener on any of them is in the way.
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

function readCommandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return null;
  }
}
