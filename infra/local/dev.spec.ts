// `npm run dev` and `npm run up` share one checkout's lock: either refuses to start beside the
// other, or beside itself, in one line, before it installs, provisions or builds anything. Runs the
// real scripts from a throwaway copy of infra/local (as up.spec.ts does), so the checkout's own
// .data/ is never touched.
import { describe, expect, it } from '@jest/globals';
import {
  fakeRunning,
  freePort,
  holdPort,
  runScript,
  throwawayCheckout as checkout,
  writeLock,
  type LocalScript,
  type ScriptRun as Run,
} from './local-scripts.spec-harness.js';

// The apps' own ports may be in use on this machine: only the ones under test are checked.
const run = (dir: string, script: LocalScript, env: Record<string, string>) =>
  runScript(dir, script, { HEALTH_PORT: '0', METRICS_PORT: '0', ...env });

const oneLine = (result: Run) => {
  expect(result.code).toBe(1);
  expect(result.stdout).toBe('');
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(result.stderr).not.toMatch(/\n\s+at |Error:|node:internal/);
  return result.stderr.trimEnd();
};

describe('npm run dev beside another run in the same checkout', () => {
  it('names the npm run up that runs, with its address and pid', async () => {
    const dir = checkout();
    const up = fakeRunning('up');
    writeLock(dir, up.pid!, 'http://localhost:8123');

    expect(oneLine(await run(dir, 'dev', { PORT: String(await holdPort()) }))).toBe(
      `[dev] npm run up is already running at http://localhost:8123 (pid ${up.pid}); stop it with Ctrl+C in its terminal`,
    );
  });

  it('says a second npm run dev is already running, at its web address', async () => {
    const dir = checkout();
    const dev = fakeRunning('dev');
    writeLock(dir, dev.pid!, 'http://localhost:5173');

    expect(oneLine(await run(dir, 'dev', { PORT: String(await holdPort()) }))).toBe(
      `[dev] already running at http://localhost:5173 (pid ${dev.pid}); stop it with Ctrl+C in its terminal`,
    );
  });

  it('makes npm run up name the npm run dev that runs', async () => {
    const dir = checkout();
    const dev = fakeRunning('dev');
    writeLock(dir, dev.pid!, 'http://localhost:5173');

    expect(oneLine(await run(dir, 'up', { PORT: String(await holdPort()) }))).toBe(
      `[up] npm run dev is already running at http://localhost:5173 (pid ${dev.pid}); stop it with Ctrl+C in its terminal`,
    );
  });

  it("names the web app's port when another program holds it, and how to pick another", async () => {
    const dir = checkout();
    const devPort = await holdPort();
    const free = await freePort();

    expect(oneLine(await run(dir, 'dev', { PORT: String(free), DEV_PORT: String(devPort) }))).toBe(
      `[dev] port ${devPort} (the web app (DEV_PORT)) is taken by another program; stop it, or pick another: DEV_PORT=5174 npm run dev`,
    );
  });
});
