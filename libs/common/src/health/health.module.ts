import { Module, type DynamicModule } from '@nestjs/common';
import type { ServiceName } from '@app/contracts';
import { HealthService } from './health.service.js';
import { createHealthController } from './health.controller.js';

@Module({})
export class HealthModule {
  /** Registers the readiness endpoints; pass the service name to also answer over NATS. */
  static forApp(service?: ServiceName): DynamicModule {
    return {
      module: HealthModule,
      global: true,
      providers: [HealthService],
      controllers: [createHealthController(service)],
      exports: [HealthService],
    };
  }
}
