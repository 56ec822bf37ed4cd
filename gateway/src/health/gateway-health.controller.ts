import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import type { DependencyCheck } from '@app/contracts';
import { checkDependency } from '@app/common';
import { postgresIndicator } from '@app/database';
import type { ObjectStorage } from '@app/storage';
import { RpcClient } from '../clients/rpc.client.js';
import { HttpDrain } from '../http/http-drain.js';
import { ServiceHealthClient } from '../clients/service-health.client.js';
import { GATEWAY_REDIS, GATEWAY_STORAGE } from './gateway-health.tokens.js';

/** /healthz: the process is alive. /readyz: every dependency and every service answers, and not stopping. */
@Controller()
export class GatewayHealthController {
  constructor(
    private readonly dataSource: DataSource,
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
    const [postgres, redis, s3, services] = await Promise.all([
      checkDependency(postgresIndicator(this.dataSource)),
      checkDependency({ name: 'redis', check: () => this.redis.ping() }),
      checkDependency({ name: 's3', check: () => this.storage.ping() }),
      this.services.checkAll(),
    ]);
    const nats: DependencyCheck = this.rpc.isConnected()
      ? { name: 'nats', ok: true }
      : { name: 'nats', ok: false, detail: 'not connected' };
    const checks = [postgres, redis, nats, s3, ...services];
    const ok = checks.every((c) => c.ok);
    res.status(ok ? 200 : 503);
    return { status: ok ? 'ready' : 'not ready', checks };
  }
}
