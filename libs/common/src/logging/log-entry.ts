import type { LoggerService, LogLevel } from '@nestjs/common';
import { inspect } from 'node:util';
import { currentTrace } from './trace-context.js';

export type LogThreshold = 'debug' | 'info' | 'warn' | 'error';

const ORDER: Record<string, number> = { debug: 10, verbose: 10, log: 20, info: 20, warn: 30, error: 40, fatal: 50 };

/**
 * What one log line says, whatever its format: when, how bad, which process, the trace of the
 * work being done, Nest's context, the message and the caller's own fields.
 */
export interface LogEntry {
  time: string;
  level: string;
  app: string;
  pid: number;
  context?: string;
  msg?: string;
  stack?: string;
  [field: string]: unknown;
}

/** The entry for one call of a Nest LoggerService method (`rest` as Nest passes it). */
export function buildLogEntry(app: string, level: string, message: unknown, rest: unknown[]): LogEntry {
  // Nest passes the context as the last string argument and, for errors, a stack before it.
  const context = typeof rest.at(-1) === 'string' ? (rest.at(-1) as string) : undefined;
  const stack = rest.length > 1 && typeof rest[0] === 'string' ? rest[0] : undefined;
  // The client (address, agent) is for security events only, which name it themselves.
  const { client: _client, ...trace } = currentTrace() ?? {};
  const entry: LogEntry = {
    time: new Date().toISOString(),
    level,
    app,
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
  return entry;
}

/**
 * A Nest LoggerService writing one entry per line on stdout; the subclass says how an entry
 * looks (JSON for machines, a coloured line for people), so both formats carry the same fields.
 */
export abstract class EntryLogger implements LoggerService {
  private readonly threshold: number;

  constructor(
    private readonly app: string,
    level: LogThreshold = 'info',
  ) {
    this.threshold = ORDER[level] ?? 20;
  }

  /** The entry as one line, without its newline (a stack may follow on further lines). */
  protected abstract render(entry: LogEntry): string;

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
   * from now on they are log lines like the rest. Call before anything can emit one.
   */
  captureProcessWarnings(): this {
    process.removeAllListeners('warning');
    process.on('warning', (warning) => this.write('warn', { msg: warning.message, warning: warning.name }, []));
    return this;
  }

  /**
   * A library that prints with console.* (the AWS SDK without a logger, a driver's notice)
   * would put a plain-text line among the entries, which a log shipper cannot parse; from now
   * on each such call is an entry at the matching level. Call once, at start.
   */
  captureConsole(): this {
    const forward =
      (level: string) =>
      (...args: unknown[]) =>
        this.write(
          level,
          { msg: args.map((arg) => (typeof arg === 'string' ? arg : inspect(arg))).join(' '), console: true },
          [],
        );
    console.log = forward('info');
    console.info = forward('info');
    console.warn = forward('warn');
    console.error = forward('error');
    console.debug = forward('debug');
    return this;
  }

  private write(level: string, message: unknown, rest: unknown[]) {
    if ((ORDER[level] ?? 20) < this.threshold) return;
    process.stdout.write(`${this.render(buildLogEntry(this.app, level, message, rest))}\n`);
  }
}
