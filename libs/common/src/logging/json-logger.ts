import type { LoggerService, LogLevel } from '@nestjs/common';
import { currentTrace } from './trace-context.js';

const ORDER: Record<string, number> = { debug: 10, verbose: 10, log: 20, info: 20, warn: 30, error: 40, fatal: 50 };

/**
 * One JSON object per line on stdout, so log shippers need no parsing rules. Lines written
 * while serving a request or a job carry its trace (request id, queue, job id).
 */
export class JsonLogger implements LoggerService {
  private readonly threshold: number;

  constructor(
    private readonly app: string,
    level: 'debug' | 'info' | 'warn' | 'error' = 'info',
  ) {
    this.threshold = ORDER[level] ?? 20;
  }

  log(message: unknown, ...rest: unknown[]) {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]) {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]) {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]) {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]) {
    this.write('debug', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]) {
    this.write('fatal', message, rest);
  }
  setLogLevels(_levels: LogLevel[]) {
    // The level comes from LOG_LEVEL once, at start.
  }

  /**
   * Node prints process warnings (deprecations, a library's notices) as plain text on stderr;
   * from now on they are JSON lines like the rest. Call before anything can emit one.
   */
  captureProcessWarnings(): this {
    process.removeAllListeners('warning');
    process.on('warning', (warning) => this.write('warn', { msg: warning.message, warning: warning.name }, []));
    return this;
  }

  private write(level: string, message: unknown, rest: unknown[]) {
    if ((ORDER[level] ?? 20) < this.threshold) return;
    // Nest passes the context as the last string argument and, for errors, a stack before it.
    const context = typeof rest.at(-1) === 'string' ? (rest.at(-1) as string) : undefined;
    const stack = rest.length > 1 && typeof rest[0] === 'string' ? rest[0] : undefined;
    // The client (address, agent) is for security events only, which name it themselves.
    const { client: _client, ...trace } = currentTrace() ?? {};
    const entry: Record<string, unknown> = {
      time: new Date().toISOString(),
      level,
      app: this.app,
      pid: process.pid,
      ...trace,
      ...(context ? { context } : {}),
    };
    if (message instanceof Error) {
      entry.msg = message.message;
      entry.stack = message.stack;
    } else if (typeof message === 'object' && message !== null) {
      Object.assign(entry, message);
    } else {
      entry.msg = String(message);
    }
    if (stack) entry.stack = stack;
    process.stdout.write(`${JSON.stringify(entry)}\n`);
  }
}
