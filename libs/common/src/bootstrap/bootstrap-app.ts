import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { Server } from 'node:http';
import type { INestApplication, INestMicroservice, Type } from '@nestjs/common';
import type { ServiceName } from '@app/contracts';
import { createLogger, type LoggingConfig } from '../logging/create-logger.js';
import { HealthService, type HealthIndicator } from '../health/health.service.js';
import { NamespacedNatsServer } from '../transport/namespaced-nats.js';
import { natsConnectionOptions, type NatsConnectionConfig } from '../transport/nats-connection.js';
import { RpcDomainExceptionFilter } from '../errors/rpc-exception.filter.js';
import { startMetrics } from '../metrics/metrics.js';

export interface ServiceBootstrapOptions {
  app: ServiceName | 'media-worker';
  module: Type<unknown>;
  healthPort: number;
  /** LOG_LEVEL, LOG_FORMAT and the colour settings, from the app's config. */
  logging: LoggingConfig;
  /** Present for NATS services (their settings from the config): the queue group is their own name. */
  nats?: NatsConnectionConfig & { NATS_SUBJECT_PREFIX: string };
  /** Dependency checks resolved from the app once it is created. */
  indicators?: (app: INestApplication) => HealthIndicator[];
}

/** What NestMicroservice has beyond INestMicroservice (not exported by @nestjs/microservices). */
type DeferredMicroservice = INestMicroservice & { setIsInitHookCalled(called: boolean): void };

/**
 * Starts a service process: the NATS microservice (queue group = service name) plus a small
 * HTTP listener for its own /healthz, /readyz and /metrics. SIGTERM closes NATS gracefully first.
 */
export async function bootstrapService(options: ServiceBootstrapOptions): Promise<INestApplication> {
  startMetrics(options.app);
  const logger = createLogger(options.app, options.logging).captureProcessWarnings().captureConsole();
  const app = await NestFactory.create(options.module, { logger });
  const health = app.get(HealthService);
  const indicators = options.indicators?.(app) ?? [];

  if (options.nats) {
    let natsConnected = false;
    const strategy = new NamespacedNatsServer(options.nats.NATS_SUBJECT_PREFIX, {
      ...natsConnectionOptions(options.nats, options.app),
      queue: options.app,
    });
    strategy.status.subscribe((status: string) => {
      natsConnected = status === 'connected';
    });
    indicators.push({
      name: 'nats',
      check: () => (natsConnected ? Promise.resolve() : Promise.reject(new Error('not connected'))),
    });
    // Deferred so the filter below is in place before the handlers are wired. Its lifecycle
    // hooks are the application's, run once by app.init() below: left to itself, the deferred
    // microservice would run every onModuleInit and onApplicationBootstrap a second time.
    const microservice = app.connectMicroservice({ strategy }, { deferInitialization: true });
    microservice.useGlobalFilters(new RpcDomainExceptionFilter());
    (microservice as DeferredMicroservice).setIsInitHookCalled(true);
  }

  health.configure(options.app, indicators);
  app.enableShutdownHooks();
  await app.init();
  await app.startAllMicroservices();
  await app.listen(options.healthPort, '0.0.0.0');
  const address = (app.getHttpServer() as Server).address();
  logger.log({
    msg: 'started',
    healthPort: typeof address === 'object' && address ? address.port : options.healthPort,
  });
  return app;
}
