// The main lane's order: integration and service suites first, then the DOM suites, then the plain
// unit suites, so what runs beside the browser lane's real-time suites (infra/jest/
// realtime-last-sequencer.mjs, last in that lane) is the lightest work: a clean-clone run that
// still had integration and jsdom suites going during the minute of linked playback read one
// frame-and-a-third of drift once (1 of 2 runs on a slow day). Within a tier, Jest's own order.
import TestSequencer from '@jest/test-sequencer';

const Sequencer = TestSequencer.default ?? TestSequencer;

/** Heaviest tier first; a project not named here goes with the first. */
export const TIER_ORDER = ['integration', 'service', 'unit-dom', 'unit'];

const tierOf = (test) => Math.max(0, TIER_ORDER.indexOf(test.context?.config?.displayName?.name));

/** `tests` by tier, heaviest first, each tier in the order given. */
export const heaviestTierFirst = (tests) =>
  TIER_ORDER.flatMap((_, tier) => tests.filter((test) => tierOf(test) === tier));

export default class LightestLastSequencer extends Sequencer {
  async sort(tests) {
    return heaviestTierFirst(await super.sort(tests));
  }
}
