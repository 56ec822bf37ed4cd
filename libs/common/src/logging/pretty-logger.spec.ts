import { describe, expect, it, jest } from '@jest/globals';
import { createLogger, type LoggingConfig } from './create-logger.js';
import type { LogEntry } from './log-entry.js';
import { colorEnabled, renderPrettyEntry } from './pretty-logger.js';
import { runWithTrace } from './trace-context.js';

const ESC = '\x1b[';

/** What the app writes on stdout while `work` runs, line by line. */
function stdoutOf(work: () => void): string[] {
  const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    work();
    return write.mock.calls.map(([chunk]) => String(chunk));
  } finally {
    write.mockRestore();
  }
}

const config = (overrides: Partial<LoggingConfig>): LoggingConfig => ({
  LOG_LEVEL: 'info',
  LOG_FORMAT: 'json',
  ...overrides,
});

/** The same calls in both formats, at the same moment. */
function logBoth(call: (logger: ReturnType<typeof createLogger>) => void) {
  jest.useFakeTimers({ now: new Date('2026-01-02T03:04:05.678Z') });
  try {
    return logBothNow(call);
  } finally {
    jest.useRealTimers();
  }
}

function logBothNow(call: (logger: ReturnType<typeof createLogger>) => void) {
  const json = stdoutOf(() => runWithTrace({ requestId: 'r1' }, () => call(createLogger('video', config({})))));
  const pretty = stdoutOf(() =>
    runWithTrace({ requestId: 'r1' }, () =>
      call(createLogger('video', config({ LOG_FORMAT: 'pretty', NO_COLOR: '1' }))),
    ),
  );
  return { json: json.map((line) => JSON.parse(line) as LogEntry), pretty };
}

describe('LOG_FORMAT=pretty', () => {
  it('writes one readable line carrying every field of the JSON line', () => {
    const { json, pretty } = logBoth((logger) =>
      logger.log({ msg: 'handled', pattern: 'videos.get', title: 'two words', target: { userId: 'b' } }, 'nats'),
    );
    const entry = json[0]!;
    expect(pretty).toEqual([
      `03:04:05.678 INFO  video[${process.pid}] [nats] handled requestId=r1 pattern=videos.get title="two words" target={"userId":"b"}\n`,
    ]);
    expect(entry).toEqual({
      time: '2026-01-02T03:04:05.678Z',
      level: 'info',
      app: 'video',
      pid: process.pid,
      requestId: 'r1',
      context: 'nats',
      msg: 'handled',
      pattern: 'videos.get',
      title: 'two words',
      target: { userId: 'b' },
    });
  });

  it('keeps the level threshold of the JSON format', () => {
    const { json, pretty } = logBoth((logger) => {
      logger.debug('below the level');
      logger.warn('kept');
    });
    expect(json.map((entry) => entry.msg)).toEqual(['kept']);
    expect(pretty).toHaveLength(1);
    expect(pretty[0]).toMatch(/ WARN {2}video\[\d+\] kept requestId=r1\n$/);
  });

  it('writes an error with its stack on the lines that follow, as Nest passes it', () => {
    const error = new Error('database gone');
    const { json, pretty } = logBoth((logger) => {
      logger.error(error);
      logger.error('Unhandled failure', error.stack, 'ExceptionsHandler');
    });
    expect(json[0]).toMatchObject({ level: 'error', msg: 'database gone', stack: error.stack });
    expect(json[1]).toMatchObject({ level: 'error', msg: 'Unhandled failure', context: 'ExceptionsHandler' });
    const stackLines = error.stack!.split('\n').map((line) => `    ${line}`);
    expect(pretty[0]!.split('\n')).toEqual([
      expect.stringMatching(/ ERROR video\[\d+\] database gone requestId=r1$/),
      ...stackLines,
      '',
    ]);
    expect(pretty[1]!.split('\n')[0]).toMatch(
      / ERROR video\[\d+\] \[ExceptionsHandler\] Unhandled failure requestId=r1$/,
    );
    expect(pretty[1]!.split('\n').slice(1, -1)).toEqual(stackLines);
  });

  it('cannot be driven into other lines or terminal commands by what a message quotes', () => {
    const line = renderPrettyEntry(
      { time: '2026-01-02T03:04:05.678Z', level: 'warn', app: 'gateway', pid: 7, msg: `bad \x1b[2Jpath`, path: 'a\nb' },
      false,
    );
    expect(line).toBe('03:04:05.678 WARN  gateway[7] bad \\u001b[2Jpath path="a\\nb"');
  });

  it('colours the level by severity when colour is on, and writes no escape codes when it is off', () => {
    const entry: LogEntry = { time: '2026-01-02T03:04:05.678Z', level: 'error', app: 'auth', pid: 7, msg: 'boom' };
    expect(renderPrettyEntry(entry, true)).toContain(`${ESC}31mERROR${ESC}0m`);
    expect(renderPrettyEntry({ ...entry, level: 'warn' }, true)).toContain(`${ESC}33mWARN ${ESC}0m`);
    expect(renderPrettyEntry({ ...entry, level: 'info' }, true)).toContain(`${ESC}32mINFO ${ESC}0m`);
    expect(renderPrettyEntry(entry, false)).not.toContain('\x1b');
  });
});

describe('colorEnabled', () => {
  it('colours a terminal and nothing else by default', () => {
    expect(colorEnabled({}, true)).toBe(true);
    expect(colorEnabled({}, false)).toBe(false);
  });

  it('never colours when NO_COLOR is set, FORCE_COLOR or not; an empty NO_COLOR does not count', () => {
    expect(colorEnabled({ NO_COLOR: '1' }, true)).toBe(false);
    expect(colorEnabled({ NO_COLOR: 'yes', FORCE_COLOR: '1' }, true)).toBe(false);
    expect(colorEnabled({ NO_COLOR: '' }, true)).toBe(true);
  });

  it('follows FORCE_COLOR when output is not a terminal (and when it is)', () => {
    for (const value of ['', '1', '2', '3', 'true']) expect(colorEnabled({ FORCE_COLOR: value }, false)).toBe(true);
    for (const value of ['0', 'false']) expect(colorEnabled({ FORCE_COLOR: value }, true)).toBe(false);
  });

  it('is what the pretty logger does with the settings', () => {
    const colored = stdoutOf(() => createLogger('auth', config({ LOG_FORMAT: 'pretty', FORCE_COLOR: '1' })).warn('x'));
    const plain = stdoutOf(() =>
      createLogger('auth', config({ LOG_FORMAT: 'pretty', FORCE_COLOR: '1', NO_COLOR: '1' })).warn('x'),
    );
    expect(colored[0]).toContain(ESC);
    expect(plain[0]).not.toContain('\x1b');
    expect(plain[0]).toMatch(/ WARN {2}auth\[\d+\] x\n$/);
  });
});

describe('captureConsole', () => {
  it('turns a library’s console calls into entries at the matching level, below the threshold dropped', () => {
    const saved = {
      log: console.log,
      info: console.info,
      warn: console.warn,
      error: console.error,
      debug: console.debug,
    };
    try {
      const lines = stdoutOf(() => {
        createLogger('media-worker', config({})).captureConsole();
        console.warn('An error was encountered in a non-retryable streaming request.');
        console.error('failed:', { code: 7 });
        console.log('plain');
        console.debug('below info');
      }).map((line) => JSON.parse(line) as LogEntry);
      expect(lines.map(({ level, msg, console: fromConsole }) => ({ level, msg, fromConsole }))).toEqual([
        { level: 'warn', msg: 'An error was encountered in a non-retryable streaming request.', fromConsole: true },
        { level: 'error', msg: 'failed: { code: 7 }', fromConsole: true },
        { level: 'info', msg: 'plain', fromConsole: true },
      ]);
    } finally {
      Object.assign(console, saved);
    }
  });
});
