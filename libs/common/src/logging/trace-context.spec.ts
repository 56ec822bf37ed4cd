import { describe, expect, it, jest } from '@jest/globals';
import { JsonLogger } from './json-logger.js';
import {
  acceptRequestClient,
  acceptRequestId,
  currentTrace,
  runJobTraced,
  runWithTrace,
  withRequestId,
} from './trace-context.js';

describe('acceptRequestId', () => {
  it('keeps plain tokens up to 128 characters', () => {
    expect(acceptRequestId('9f1c2a.b:c-d_e')).toBe('9f1c2a.b:c-d_e');
    expect(acceptRequestId('a'.repeat(128))).toBe('a'.repeat(128));
  });

  it('refuses anything that could forge or flood a log line', () => {
    for (const value of ['', 'a'.repeat(129), 'two words', 'x"}{"level":"error', 'line\nbreak', undefined, 42, ['a']]) {
      expect(acceptRequestId(value)).toBeUndefined();
    }
  });
});

describe('trace context', () => {
  it('follows awaits inside runWithTrace and is gone outside it', async () => {
    const seen = await runWithTrace({ requestId: 'r1' }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return currentTrace();
    });
    expect(seen).toEqual({ requestId: 'r1' });
    expect(currentTrace()).toBeUndefined();
  });

  it('adds the current request id to job data, and nothing outside a request', () => {
    expect(withRequestId({ videoId: 1 })).toEqual({ videoId: 1 });
    expect(runWithTrace({ requestId: 'r2' }, () => withRequestId({ videoId: 1 }))).toEqual({
      videoId: 1,
      requestId: 'r2',
    });
  });

  it('runs a job in its queue, id and request id; a batch of events in all of their request ids', () => {
    const single = runJobTraced({ queueName: 'media-probe', id: '7', data: { requestId: 'r3' } }, currentTrace);
    expect(single).toEqual({ queue: 'media-probe', jobId: '7', requestId: 'r3' });

    const batch = runJobTraced(
      {
        queueName: 'events-reputation',
        id: 'events-1-3-3',
        data: { events: [{ requestId: 'a' }, {}, { requestId: 'a' }, { requestId: 'b' }, { requestId: 'no spaces!' }] },
      },
      currentTrace,
    );
    expect(batch).toEqual({ queue: 'events-reputation', jobId: 'events-1-3-3', requestIds: ['a', 'b'] });
  });
});

describe('JsonLogger', () => {
  it('writes one JSON line with the trace of the work being done', () => {
    const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      const logger = new JsonLogger('video', 'info');
      runWithTrace({ requestId: 'r4' }, () => logger.log({ msg: 'handled', pattern: 'videos.get' }, 'nats'));
      logger.debug('below the level');
      logger.warn('no trace here');
      const lines = write.mock.calls.map(([chunk]) => JSON.parse(String(chunk)) as Record<string, unknown>);
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatchObject({
        level: 'info',
        app: 'video',
        requestId: 'r4',
        context: 'nats',
        msg: 'handled',
        pattern: 'videos.get',
      });
      expect(lines[1]).toMatchObject({ level: 'warn', msg: 'no trace here' });
      expect(lines[1]).not.toHaveProperty('requestId');
    } finally {
      write.mockRestore();
    }
  });
});

describe('acceptRequestClient', () => {
  it('keeps a plain address and a printable agent cut to 256 characters, and nothing else', () => {
    expect(acceptRequestClient('::ffff:127.0.0.1', 'Mozilla/5.0')).toEqual({
      ip: '::ffff:127.0.0.1',
      userAgent: 'Mozilla/5.0',
    });
    expect(acceptRequestClient('10.0.0.1; DROP', `A\u0000B${'x'.repeat(300)}`)).toEqual({
      userAgent: `AB${'x'.repeat(254)}`,
    });
    expect(acceptRequestClient(undefined, '')).toBeUndefined();
  });

  it('is written only by security events, not on every log line', () => {
    const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      runWithTrace({ requestId: 'r9', client: { ip: '10.0.0.1', userAgent: 'UA' } }, () =>
        new JsonLogger('gateway').log({ msg: 'ordinary' }),
      );
      const line = JSON.parse(String(write.mock.calls[0]![0])) as Record<string, unknown>;
      expect(line).toMatchObject({ requestId: 'r9', msg: 'ordinary' });
      expect(line).not.toHaveProperty('client');
    } finally {
      write.mockRestore();
    }
  });
});
