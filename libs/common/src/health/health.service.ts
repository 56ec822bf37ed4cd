import { Injectable } from '@nestjs/common';
import type { DependencyCheck, HealthReport } from '@app/contracts';

export interface HealthIndicator {
  name: string;
  /** Resolves when the dependency answers; rejects (or times out) when it does not. */
  check(): Promise<unknown>;
}

/** Ceiling for one dependency check, so a hung dependency makes /readyz say no rather than hang. */
const CHECK_TIMEOUT_MS = 2000;

@Injectable()
export class HealthService {
  private readonly indicators: HealthIndicator[] = [];
  private service = 'unknown';

  configure(service: string, indicators: HealthIndicator[]): void {
    this.service = service;
    this.indicators.push(...indicators);
  }

  async report(): Promise<HealthReport> {
    const checks = await Promise.all(this.indicators.map((indicator) => checkDependency(indicator)));
    return { service: this.service, ok: checks.every((c) => c.ok), pid: process.pid, checks };
  }
}

/** Runs one check with a deadline; never throws, so one bad dependency cannot hang a report. */
export async function checkDependency(indicator: HealthIndicator): Promise<DependencyCheck> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      indicator.check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { name: indicator.name, ok: true };
  } catch (error) {
    return { name: indicator.name, ok: false, detail: error instanceof Error ? error.message : 'failed' };
  } finally {
    clearTimeout(timer);
  }
}
