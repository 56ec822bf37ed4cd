// Types of test-lanes.mjs for the TypeScript specs that import it.
export declare const JEST_IGNORED: string[];
export declare const MOVED_TO_E2E_LANE: string[];
export declare function wholeRunLanes(realtimeSequencer: string): { name: string; args: string[] }[];
