import { Injectable } from '@nestjs/common';
import { HEALTH_RPC, SERVICE_NAMES, type DependencyCheck } from '@app/contracts';
import { RpcClient } from '@app/common';

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
          const report = await this.rpc.call(HEALTH_RPC[service], {}, { timeoutMs: HEALTH_TIMEOUT_MS });
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
