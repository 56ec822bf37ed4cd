// A whole `npm test` runs two Jest lanes side by side; each picks its suites by project and path.
// Asks Jest itself which files each lane would run, so a suite placed where neither lane looks
// (a browser test outside frontend/e2e, say) or where both do fails here instead of passing unseen.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { MOVED_TO_E2E_LANE, wholeRunLanes } from './test-lanes.mjs';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** The test files Jest would run with these arguments (`--listTests`). */
function listTests(args: string[]): string[] {
  const output = execFileSync(
    process.execPath,
    ['--experimental-vm-modules', '--no-warnings', join(root, 'node_modules/jest/bin/jest.js'), '--listTests', ...args],
    { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } },
  );
  return output
    .split('\n')
    .filter((line) => line.startsWith('/'))
    .sort();
}

describe('npm test lanes', () => {
  const lanes = wholeRunLanes(join(root, 'infra/jest/realtime-last-sequencer.mjs'));
  const everyTest = listTests([]);
  const byLane = new Map(lanes.map((lane) => [lane.name, listTests(lane.args)]));

  it('run every test Jest knows exactly once between them', () => {
    const runs = (path: string) =>
      lanes.filter((lane) => byLane.get(lane.name)!.includes(path)).map((lane) => lane.name);
    expect(everyTest.length).toBeGreaterThan(100);
    expect(everyTest.filter((path) => runs(path).length !== 1).map((path) => ({ path, lanes: runs(path) }))).toEqual(
      [],
    );
  });

  it('give the browser lane every browser test and the suites moved to it, and nothing else', () => {
    const moved = MOVED_TO_E2E_LANE.map((pattern) => new RegExp(pattern));
    const expected = everyTest.filter(
      (path) => path.endsWith('.e2e.ts') || moved.some((pattern) => pattern.test(path)),
    );
    expect(expected.filter((path) => !path.includes('/frontend/e2e/')).length).toBeGreaterThan(0);
    expect(byLane.get('e2e')).toEqual(expected);
  });
});
