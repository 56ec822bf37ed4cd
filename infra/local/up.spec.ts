// `npm run up` refuses to start a second time in one line, before it installs, provisions or
// builds anything. Runs the real script from a throwaway copy of infra/local, so the checkout's own
// .data/ (and a real `npm run up` beside the test) are never touched.
import { describe, expect, it } from '@jest/globals';
import {
  fakeRunning,
  holdPort,
  runScript,
  throwawayCheckout as checkout,
  writeLock,
  type ScriptRun as Run,
} from './local-scripts.spec-harness.js';

const runUp = (dir: string, env: Record<string, string>) => runScript(dir, 'up', env);
const fakeRunningUp = () => fakeRunning('up');

const oneLine = (run: Run) => {
  expect(run.stdout).toBe('');
  expect(run.stderr.endsWith('\n')).toBe(true);
  expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(run.stderr).not.toMatch(/\n\s+at |Error:|node:internal/);
  return run.stderr.trimEnd();
};

describe('a second npm run up', () => {
  it('says in one line that one already runs, with its address and pid, and exits 1', async () => {
    const dir = checkout();
    const running = fakeRunningUp();
    writeLock(dir, running.pid!, 'http://localhost:8123');

    const run = await runUp(dir, { PORT: String(await holdPort()) });

    expect(run.code).toBe(1);
    expect(oneLine(run)).toBe(
      `[up] already running at http://localhost:8123 (pid ${running.pid}); stop it with Ctrl+C in its terminal`,
    );
  });

  it('recognises a gateway of this product on its port when no lock file names it', async () => {
    const dir = checkout();
    const port = await holdPort('gateway');

    const run = await runUp(dir, { PORT: String(port) });

    expect(run.code).toBe(1);
    expect(oneLine(run)).toBe(
      `[up] already running at http://localhost:${port} (started from another directory or by hand); stop it first`,
    );
  });

  it('ignores the lock file of an up that is gone, and names a port another program holds', async () => {
    const dir = checkout();
    const gone = fakeRunningUp();
    const pid = gone.pid!;
    await new Promise((resolve) => {
      gone.once('exit', resolve);
      gone.kill('SIGKILL');
    });
    writeLock(dir, pid, 'http://localhost:8123');
    const port = await holdPort();

    const run = await runUp(dir, { PORT: String(port) });

    expect(run.code).toBe(1);
    expect(oneLine(run)).toBe(
      `[up] port ${port} (the gateway (PORT)) is taken by another program; stop it, or pick another: PORT=8090 npm run up`,
    );
  });
});
