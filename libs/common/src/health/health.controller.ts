import { Controller, Get, Header, Res, type Type } from '@nestjs/common';
import { HEALTH_RPC, type HealthReport, type ServiceName } from '@app/contracts';
import { HealthService } from './health.service.js';
import { METRICS_CONTENT_TYPE, renderMetrics } from '../metrics/metrics.js';
import { Rpc } from '../rpc/rpc.decorator.js';

interface StatusSettable {
  status(code: number): unknown;
}

/**
 * /healthz (alive) and /readyz (dependencies answer) over HTTP for Kubernetes probes, /metrics
 * for Prometheus on the same internal port, and the same readiness report over NATS for the
 * gateway. A worker without NATS passes no service.
 */
export function createHealthController(service?: ServiceName): Type<unknown> {
  @Controller()
  class HealthController {
    constructor(protected readonly health: HealthService) {}

    @Get('healthz')
    alive() {
      return { status: 'ok', pid: process.pid };
    }

    @Get('readyz')
    async ready(@Res({ passthrough: true }) res: StatusSettable): Promise<HealthReport> {
      const report = await this.health.report();
      res.status(report.ok ? 200 : 503);
      return report;
    }

    @Get('metrics')
    @Header('Content-Type', METRICS_CONTENT_TYPE)
    metrics(): Promise<string> {
      return renderMetrics();
    }
  }

  if (service) {
    const contract = HEALTH_RPC[service];
    @Controller()
    class HealthMessageController extends HealthController {
      @Rpc(contract)
      check(): Promise<HealthReport> {
        return this.health.report();
      }
    }
    return HealthMessageController;
  }
  return HealthController;
}
