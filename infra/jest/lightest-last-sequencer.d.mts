// Types of lightest-last-sequencer.mjs for the TypeScript spec that imports it.
export declare const TIER_ORDER: string[];
export declare function heaviestTierFirst<T extends { context?: { config?: { displayName?: { name?: string } } } }>(
  tests: T[],
): T[];
export default class LightestLastSequencer {}
