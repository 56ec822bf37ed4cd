// CPU profiles of a bench's product processes for exactly the phase it measures: each app is
// started with lib/profile-on-signal.mjs preloaded, and SIGWINCH turns its profiler on, then off
// (the second time writing `<dir>/<app>-<pid>-<n>.cpuprofile`). Without a directory, nothing.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, sleep } from './stack.mjs';

/**
 * @param {string | null} dir where the profiles go; null: no profiling
 * @param {string[]} apps the product processes to profile
 */
export function appProfiles(dir, apps) {
  const preload = pathToFileURL(join(root, 'infra/bench/lib/profile-on-signal.mjs')).href;
  let running = false;
  return {
    /** startStack's `appEnv`: the preload and where each app writes. */
    appEnv: dir
      ? Object.fromEntries(
          apps.map((name) => [
            name,
            { NODE_OPTIONS: `--import=${preload}`, BENCH_CPU_PROF_DIR: dir, BENCH_CPU_PROF_NAME: name },
          ]),
        )
      : {},
    /** Starts every app's profiler, or stops them and waits until each has written its profile. */
    async toggle(stack) {
      if (!dir) return;
      const written = () => (existsSync(dir) ? readdirSync(dir).length : 0);
      const before = written();
      for (const name of apps) stack.children.get(name)?.kill('SIGWINCH');
      running = !running;
      if (running) return sleep(200);
      const deadline = Date.now() + 60_000;
      while (written() < before + apps.length && Date.now() < deadline) await sleep(200);
    },
  };
}
