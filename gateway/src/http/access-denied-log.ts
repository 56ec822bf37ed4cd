import { HttpStatus, Logger } from '@nestjs/common';
import type { RequestHandler, Response } from 'express';
import { currentTrace, securityEvent } from '@app/common';

const DENIAL = 'accessDenial';

/** Why a 403 was answered, for its `access.denied` line; whoever refuses may say, nobody must. */
export interface AccessDenial {
  reason?: string;
  target?: Record<string, string | null>;
}

export function noteDenial(res: Response, denial: AccessDenial): void {
  res.locals[DENIAL] = denial;
}

/**
 * Every 403 the gateway answers leaves one `access.denied` security event, whoever wrote it: a
 * thrown ForbiddenException, the cross-site guard, or the queue board writing its own. Logged when
 * the answer is finished, with the signed-in user if a session was read by then.
 */
export function accessDeniedLog(): RequestHandler {
  const logger = new Logger('AccessDenied');
  return (req, res, next) => {
    const trace = currentTrace();
    res.once('finish', () => {
      if (res.statusCode !== (HttpStatus.FORBIDDEN as number)) return;
      const denial = (res.locals[DENIAL] as AccessDenial | undefined) ?? {};
      securityEvent(logger, {
        event: 'access.denied',
        outcome: 'denied',
        actorId: req.user?.id ?? null,
        target: { method: req.method, path: req.originalUrl.split('?')[0] ?? req.path, ...denial.target },
        reason: denial.reason,
        client: trace?.client,
        requestId: trace?.requestId,
      });
    });
    next();
  };
}
