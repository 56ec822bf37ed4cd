import { loadConfig } from '@app/common';

/** Parsed once at start; the only place this service reads the environment. */
export const config = loadConfig('notifications');
