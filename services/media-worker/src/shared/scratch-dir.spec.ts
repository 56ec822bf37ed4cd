import { afterAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { createScratchDir, sweepStaleScratchDirs } from './scratch-dir.js';

const made: string[] = [];
afterAll(async () => {
  await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('scratch directories', () => {
  it('sweeps those of dead processes and of an earlier process with our pid, keeping live ones', async () => {
    // A pid that just exited; the kernel does not hand it out again this quickly.
    const deadPid = spawnSync(process.execPath, ['-e', '']).pid;
    const dead = join(tmpdir(), `media-worker-${deadPid}-0badc0de-abc123`);
    const restarted = join(tmpdir(), `media-worker-${process.pid}-0badc0de-abc123`);
    const replica = join(tmpdir(), `media-worker-1-0badc0de-abc123`);
    const ours = await createScratchDir();
    made.push(dead, restarted, replica, ours);
    await Promise.all([dead, restarted, replica].map((dir) => mkdir(dir)));

    const removed = await sweepStaleScratchDirs();

    expect(removed).toEqual(expect.arrayContaining([basename(dead), basename(restarted)]));
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(restarted)).toBe(false);
    // pid 1 is alive (or not ours to judge): kept.
    expect(existsSync(replica)).toBe(true);
    expect(existsSync(ours)).toBe(true);
  });
});
