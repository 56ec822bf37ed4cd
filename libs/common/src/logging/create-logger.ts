import type { EntryLogger, LogThreshold } from './log-entry.js';
import { JsonLogger } from './json-logger.js';
import { colorEnabled, PrettyLogger, type ColorSettings } from './pretty-logger.js';

/** The logging part of every app's config (APP_CONFIG_SCHEMAS). */
export interface LoggingConfig extends ColorSettings {
  LOG_LEVEL: LogThreshold;
  LOG_FORMAT: 'json' | 'pretty';
}

/** The app's logger: JSON lines unless the config asks for readable ones. */
export function createLogger(app: string, config: LoggingConfig): EntryLogger {
  if (config.LOG_FORMAT === 'json') return new JsonLogger(app, config.LOG_LEVEL);
  return new PrettyLogger(app, config.LOG_LEVEL, colorEnabled(config, process.stdout.isTTY === true));
}
