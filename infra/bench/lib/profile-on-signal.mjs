// Preloaded into an app by a bench that profiles it (`NODE_OPTIONS=--import <this file>`): each
// SIGWINCH (ignored by default, and not one of the shutdown signals Nest listens to) toggles V8's
// CPU profiler, so a bench profiles exactly the phase it measures, not the start-up; the second
// signal writes `<BENCH_CPU_PROF_DIR>/<BENCH_CPU_PROF_NAME>-<pid>-<n>.cpuprofile` (Chrome
// DevTools, speedscope), n counting the profiles this process wrote. `node --cpu-prof` would
// write only at a normal exit, and the apps end on SIGTERM by raising it again.
import { Session } from 'node:inspector';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.BENCH_CPU_PROF_DIR ?? '.';
const name = process.env.BENCH_CPU_PROF_NAME ?? 'app';
let session;
let written = 0;

process.on('SIGWINCH', () => {
  if (!session) {
    session = new Session();
    session.connect();
    session.post('Profiler.enable');
    session.post('Profiler.setSamplingInterval', { interval: 1000 });
    session.post('Profiler.start');
    return;
  }
  const running = session;
  session = undefined;
  running.post('Profiler.stop', (error, result) => {
    if (!error) {
      mkdirSync(dir, { recursive: true });
      written += 1;
      writeFileSync(join(dir, `${name}-${process.pid}-${written}.cpuprofile`), JSON.stringify(result.profile));
    }
    running.disconnect();
  });
});
