import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { HttpStatus, Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import type { Redis } from 'ioredis';
import { QUEUES } from '@app/common';
import { AdminGuard } from '../auth/admin.guard.js';
import { SessionSetup } from '../auth/session.setup.js';
import { config } from '../config.js';
import { GATEWAY_REDIS } from '../health/gateway-health.tokens.js';

/** Where SREs find the board; outside /api, beside the SPA's own /admin page. */
export const QUEUE_BOARD_PATH = '/admin/queues';

/** Every queue of the product (the registry): the media pipeline and the domain-event consumers. */
const QUEUE_NAMES = Object.keys(QUEUES);

/**
 * The only changes the board may make: retrying failed jobs, one or all of a queue. Adding a
 * job, editing its data, cleaning, emptying, obliterating, promoting, pausing would let a stolen
 * admin session delete any stored object (cleanup jobs) or publish one (a forged result).
 * bull-board 9.10's readOnlyMode also turns retries off, so the board runs writable and this
 * allowlist refuses every other change, including routes a later bull-board adds.
 */
const ALLOWED_CHANGES = [/^\/api\/queues\/[^/]+\/retry\/failed$/, /^\/api\/queues\/[^/]+\/[^/]+\/retry$/];
/** Retry buttons on failed jobs only (the base adapter reads allowCompletedRetries; BullMQ's typings omit it). */
const ADAPTER_OPTIONS = { readOnlyMode: false, allowRetries: true, allowCompletedRetries: false };
export const QUEUE_BOARD_READ_ONLY_MESSAGE = 'The queue board is read-only: only failed jobs can be retried';

/**
 * The BullMQ board (counts, jobs by state, failed jobs with their errors, retry) for admins
 * only, behind the admin routes' own AdminGuard: 401 without a session, 403 for a member.
 */
@Injectable()
export class QueueBoard implements OnApplicationShutdown {
  private readonly queues: Queue[];
  private readonly serverAdapter = new ExpressAdapter().setBasePath(QUEUE_BOARD_PATH);

  constructor(
    private readonly admins: AdminGuard,
    private readonly sessions: SessionSetup,
    @Inject(GATEWAY_REDIS) redis: Redis,
  ) {
    this.queues = QUEUE_NAMES.map((name) => new Queue(name, { connection: redis, prefix: config.QUEUE_PREFIX }));
    createBullBoard({
      queues: this.queues.map((queue) => new BullMQAdapter(queue, ADAPTER_OPTIONS)),
      serverAdapter: this.serverAdapter,
      options: { uiConfig: { boardTitle: 'SkillShare queues' } },
    });
    // The board is an Express app of its own: the gateway's setting does not reach it.
    (this.serverAdapter.getRouter() as Express).disable('x-powered-by');
  }

  /** Session → admin check → retries only → the board's router. */
  handlers(): RequestHandler[] {
    return [
      ...this.sessions.handlers(),
      this.admins.middleware,
      this.retriesOnly,
      this.serverAdapter.getRouter() as RequestHandler,
    ];
  }

  private readonly retriesOnly: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    const reading = req.method === 'GET' || req.method === 'HEAD';
    if (reading || (req.method === 'PUT' && ALLOWED_CHANGES.some((route) => route.test(req.path)))) {
      next();
      return;
    }
    res.status(HttpStatus.FORBIDDEN).json({ message: QUEUE_BOARD_READ_ONLY_MESSAGE });
  };

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled(this.queues.map((queue) => queue.close()));
  }
}
