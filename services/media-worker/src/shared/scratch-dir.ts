import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * pid + a token drawn at start: in a container the worker is always the same small pid, and
 * /tmp (an emptyDir) outlives a restarted container, so the pid alone cannot tell a dead
 * predecessor from ourselves.
 */
const OWNER = `${process.pid}-${randomBytes(4).toString('hex')}`;
const OWNED = /^media-worker-(\d+)-([0-9a-f]{8})-/;

/** A private working directory on local disk, named after this process so a later sweep can tell whose it is. */
export function createScratchDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), `media-worker-${OWNER}-`));
}

/**
 * Removes scratch directories left behind by worker processes that no longer exist (a SIGKILL or
 * an OOM kill skips every `finally`). Directories of live processes, replicas included, are kept.
 */
export async function sweepStaleScratchDirs(): Promise<string[]> {
  const removed: string[] = [];
  let entries: string[];
  try {
    entries = await readdir(tmpdir());
  } catch {
    return removed;
  }
  for (const entry of entries) {
    const match = OWNED.exec(entry);
    if (!match) continue;
    const pid = Number(match[1]);
    const stale = pid === process.pid ? `${match[1]}-${match[2]}` !== OWNER : !isAlive(pid);
    if (!stale) continue;
    await rm(join(tmpdir(), entry), { recursive: true, force: true }).catch(() => undefined);
    removed.push(entry);
  }
  return removed;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
