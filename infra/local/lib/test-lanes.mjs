// How `npm test` splits a whole run into two Jest lanes side by side. A lane selects its tests
// by project and path, so a test file can fall between them (or into both) without anyone
// noticing: test-lanes.spec.ts checks that every test Jest knows runs in exactly one lane.

/** The config's own testPathIgnorePatterns, which a lane's --testPathIgnorePatterns replaces. */
export const JEST_IGNORED = ['/node_modules/', '/dist/', '/.data/', '/.test-data/'];

/** Long integration suites run in the browser lane, so both lanes end together. */
export const MOVED_TO_E2E_LANE = [
  '/services/media-worker/src/transcode/transcode\\.int-spec\\.ts$',
  '/gateway/src/videos/video-paging\\.int-spec\\.ts$',
  '/gateway/src/auth/admin-bootstrap\\.int-spec\\.ts$',
  '/gateway/src/videos/video-uploads\\.int-spec\\.ts$',
  '/infra/local/dev\\.int-spec\\.ts$',
];

/**
 * The two lanes' Jest arguments: `main` takes the unit, DOM, service and integration tiers;
 * `e2e` takes every browser test, wherever it sits, and the suites in MOVED_TO_E2E_LANE, with
 * its real-time suites last (`realtimeSequencer`: infra/jest/realtime-last-sequencer.mjs).
 * @param {string} realtimeSequencer
 * @returns {{ name: string, args: string[] }[]}
 */
export function wholeRunLanes(realtimeSequencer) {
  return [
    {
      name: 'main',
      args: [
        '--selectProjects',
        ...['unit', 'unit-dom', 'service', 'integration'],
        '--testPathIgnorePatterns',
        ...JEST_IGNORED,
        ...MOVED_TO_E2E_LANE,
      ],
    },
    {
      name: 'e2e',
      args: [
        '--testSequencer',
        realtimeSequencer,
        '--selectProjects',
        'e2e',
        'integration',
        '--testPathPatterns',
        '\\.e2e\\.ts$',
        ...MOVED_TO_E2E_LANE,
      ],
    },
  ];
}
