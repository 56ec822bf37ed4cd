import { Injectable } from '@nestjs/common';
import { SERVICE_NAMES, healthPattern, type DependencyCheck, type HealthReport } from '@app/contracts';
import { RpcClient } from './rpc.client.js';

/** Readiness probes must answer fast: a service that takes longer than this counts as down. */
const HEALTH_TIMEOUT_MS = 2000;

@Injectable()
export class ServiceHealthClient {
  constructor(private readonly rpc: RpcClient) {}

  /** Asks every service for its own readiness report, in parallel. */
  checkAll(): Promise<DependencyCheck[]> {
    return Promise.all(
      SERVICE_NAMES.map(async (service): Promise<DependencyCheck> => {
        try {
          const report = await this.rpc.send<HealthReport>(service, healthPattern(service), {}, HEALTH_TIMEOUT_MS);
          const failing = report.checks.filter((c) => !c.ok).map((c) => c.name);
          return {
            name: `service:${service}`,
            ok: report.ok,
            ...(failing.length ? { detail: `failing: ${failing.join(', ')}` } : {}),
          };
        } catch {
          return { name: `service:${service}`, ok: false, detail: 'not answering' };
        }
      }),
    );
  }
}
