import { describe, expect, it } from '@jest/globals';
import { securityEvent } from './security-events.js';
import { runWithTrace } from './trace-context.js';

function recorder() {
  const lines: { level: string; line: unknown }[] = [];
  return {
    lines,
    logger: {
      log: (line: unknown) => lines.push({ level: 'info', line }),
      warn: (line: unknown) => lines.push({ level: 'warn', line }),
    },
  };
}

describe('securityEvent', () => {
  it('writes the event with the actor, target, outcome and the client and request id of the current trace', () => {
    const { lines, logger } = recorder();
    runWithTrace({ requestId: 'req-1', client: { ip: '203.0.113.9', userAgent: 'Browser/1' } }, () =>
      securityEvent(logger, { event: 'admin.user.deleted', outcome: 'success', actorId: 'a', target: { userId: 'b' } }),
    );
    expect(lines).toEqual([
      {
        level: 'info',
        line: {
          msg: 'security event',
          security: true,
          event: 'admin.user.deleted',
          outcome: 'success',
          actorId: 'a',
          target: { userId: 'b' },
          ip: '203.0.113.9',
          userAgent: 'Browser/1',
          requestId: 'req-1',
        },
      },
    ]);
  });

  it('writes failures and refusals as warnings, with nulls where nothing is known', () => {
    const { lines, logger } = recorder();
    securityEvent(logger, { event: 'auth.login.failed', outcome: 'failure', actorId: null, reason: 'wrong' });
    securityEvent(logger, { event: 'access.denied', outcome: 'denied', actorId: 'x' });
    expect(lines.map((entry) => entry.level)).toEqual(['warn', 'warn']);
    expect(lines[0]!.line).toMatchObject({ ip: null, userAgent: null, requestId: null, reason: 'wrong' });
  });
});
