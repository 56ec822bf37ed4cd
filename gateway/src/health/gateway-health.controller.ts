import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import type { DependencyCheck } from '@app/contracts';
import type { ObjectStorage } from '@app/storage';
import { RpcClient } from '../clients/rpc.client.js';
import { ServiceHealthClient } from '../clients/service-health.client.js';
import { GATEWAY_REDIS, GATEWAY_STORAGE } from './gateway-health.tokens.js';

const CHECK_TIMEOUT_MS = 2000;

/** /healthz: the process is alive. /readyz: every dependency and every service answers. */
@Controller()
export class GatewayHealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(GATEWAY_REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_STORAGE) private readonly storage: ObjectStorage,
    private readonly rpc: RpcClient,
    private readonly services: ServiceHealthClient,
  ) {}

  @Get('healthz')
  alive() {
    return { status: 'ok' };
  }

  @Get('readyz')
  async ready(@Res({ passthrough: true }) res: Response) {
    const [postgres, redis, s3, services] = await Promise.all([
      check('postgres', () => this.dataSource.query('SELECT 1')),
      check('redis', () => this.redis.ping()),
      check('s3', () => this.storage.ping()),
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

async function check(name: string, probe: () => Promise<unknown>): Promise<DependencyCheck> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { name, ok: true };
  } catch (error) {
    return { name, ok: false, detail: error instanceof Error ? error.message : 'failed' };
  } finally {
    clearTimeout(timer);
  }
}
