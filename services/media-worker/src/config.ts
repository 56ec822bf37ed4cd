import { loadConfig } from '@app/common';

/** Parsed once at start; the only place the worker reads the environment. */
export const config = loadConfig('media-worker');
