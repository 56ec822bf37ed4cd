import { loadConfig } from '@app/common';

/** Parsed once at start; the only place the gateway reads the environment. */
export const config = loadConfig('gateway');
