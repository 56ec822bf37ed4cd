// The browser lane's order: the suites that measure in real time (two clips played linked for
// minutes, frame-exact playback and loops) run last, when the main lane is down to its short
// suites and the machine is quieter, so what they measure is the player and not a starved CPU. The rest
// keep Jest's order (failed first, then slowest first).
import TestSequencer from '@jest/test-sequencer';

const Sequencer = TestSequencer.default ?? TestSequencer;

/** Suites whose assertions are about timing as a person sees it: a frame of drift, a loop's seam. */
export const REALTIME_SUITES = [/\/frontend\/e2e\/compare\.e2e\.ts$/, /\/frontend\/e2e\/player\.e2e\.ts$/];

const isRealtime = (path) => REALTIME_SUITES.some((pattern) => pattern.test(path));

export default class RealtimeLastSequencer extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests);
    return [...sorted.filter((test) => !isRealtime(test.path)), ...sorted.filter((test) => isRealtime(test.path))];
  }
}
