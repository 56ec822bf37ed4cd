// `npm run bench`: every benchmark, one after the other (each starts and removes its own isolated
// stack, so they never share the machine with each other). Each prints its figures beside the
// baseline it measured in the same run; a missed target does not fail a bench, an error does, and
// this exits non-zero when any bench did. BENCH_ONLY=api,web runs a subset.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { root } from './lib/stack.mjs';

const BENCHES = ['api', 'events', 'upload', 'web'];
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const chosen = only ? BENCHES.filter((name) => only.includes(name)) : BENCHES;
if (only && chosen.length !== only.length) {
  console.error(`[bench] unknown in BENCH_ONLY: ${only.filter((name) => !BENCHES.includes(name)).join(', ')}`);
  process.exit(2);
}

const outcomes = [];
for (const name of chosen) {
  console.log(`\n[bench] ===== bench:${name} =====`);
  const started = performance.now();
  const code = await new Promise((resolveCode) => {
    const child = spawn(process.execPath, [`infra/bench/${name}.mjs`], { cwd: root, stdio: 'inherit' });
    child.on('exit', (exitCode, signal) => resolveCode(exitCode ?? (signal ? 1 : 0)));
    child.on('error', () => resolveCode(1));
  });
  outcomes.push({ name, code, minutes: (performance.now() - started) / 60_000 });
}

console.log('\n[bench] done:');
for (const { name, code, minutes } of outcomes)
  console.log(`  bench:${name.padEnd(7)} ${code === 0 ? 'ran' : `FAILED (exit ${code})`} in ${minutes.toFixed(1)} min`);
process.exit(outcomes.some(({ code }) => code !== 0) ? 1 : 0);
