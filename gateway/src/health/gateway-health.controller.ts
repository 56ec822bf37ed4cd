import { Controller, Get, Inject, Logger, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import type { DependencyCheck } from '@app/contracts';
import { RpcClient, checkDependency } from '@app/common';
import type { ObjectStorage } from '@app/storage';
import { SessionSetup } from '../auth/session.setup.js';
import { HttpDrain } from '../http/http-drain.js';
import { ServiceHealthClient } from '../clients/service-health.client.js';
import { GATEWAY_REDIS, GATEWAY_STORAGE } from './gateway-health.tokens.js';

/** What the public port tells anyone about a dependency: its name and whether it answers. */
export interface PublicCheck {
  name: string;
  ok: boolean;
}

/**
 * /healthz: the process is alive. /readyz: this replica can serve — it is not stopping, its NATS
 * connection is up (every API call goes through it) and its session store (PostgreSQL) answers.
 * Nothing every replica shares the same way decides it: a stopped service, Redis (the throttles
 * count in memory meanwhile) or S3 (uploads and playback answer 503) would take every gateway out
 * of rotation at once, and the routes that still work with them. /healthz/dependencies lists
 * everything the gateway reaches, the services included, for people and monitors; it is never a
 * probe. All three are on the public port (the orchestrator probes it), so a failing check says
 * only which dependency fails: the reason (driver errors, hosts, ports) goes to the log.
 */
@Controller()
export class GatewayHealthController {
  private readonly logger = new Logger(GatewayHealthController.name);

  constructor(
    private readonly sessions: SessionSetup,
    @Inject(GATEWAY_REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_STORAGE) private readonly storage: ObjectStorage,
    private readonly rpc: RpcClient,
    private readonly services: ServiceHealthClient,
    private readonly drain: HttpDrain,
  ) {}

  @Get('healthz')
  alive() {
    return { status: 'ok' };
  }

  @Get('readyz')
  async ready(@Res({ passthrough: true }) res: Response) {
    if (this.drain.isDraining()) {
      res.status(503);
      return { status: 'draining', checks: [] };
    }
    const checks = [await checkDependency(this.sessions.postgresIndicator), this.nats()];
    return this.answer(res, checks, 'not ready', { ok: 'ready', failing: 'not ready' });
  }

  @Get('healthz/dependencies')
  async dependencies(@Res({ passthrough: true }) res: Response) {
    const [postgres, redis, s3, services] = await Promise.all([
      checkDependency(this.sessions.postgresIndicator),
      checkDependency({ name: 'redis', check: () => this.redis.ping() }),
      checkDependency({ name: 's3', check: () => this.storage.ping() }),
      this.services.checkAll(),
    ]);
    const checks = [postgres, redis, this.nats(), s3, ...services];
    return this.answer(res, checks, 'dependency failing', { ok: 'ok', failing: 'degraded' });
  }

  private nats(): DependencyCheck {
    return this.rpc.isConnected() ? { name: 'nats', ok: true } : { name: 'nats', ok: false, detail: 'not connected' };
  }

  private answer(
    res: Response,
    checks: DependencyCheck[],
    logMessage: string,
    status: { ok: string; failing: string },
  ) {
    const ok = checks.every((c) => c.ok);
    if (!ok) this.logger.warn({ msg: logMessage, failing: checks.filter((c) => !c.ok) });
    res.status(ok ? 200 : 503);
    const publicChecks: PublicCheck[] = checks.map(({ name, ok }) => ({ name, ok }));
    return { status: ok ? status.ok : status.failing, checks: publicChecks };
  }
}
