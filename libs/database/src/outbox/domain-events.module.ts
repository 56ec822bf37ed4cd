import {
  Inject,
  Injectable,
  Module,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import type { DeliveredDomainEvent, DomainEventQueueName } from '@app/contracts';
import { DomainEventRelay, startDomainEventWorker } from './domain-events.js';

export const DOMAIN_EVENTS_OPTIONS = Symbol('DOMAIN_EVENTS_OPTIONS');

export interface DomainEventsOptions {
  redisUrl: string;
  queuePrefix: string;
  /** For the Redis connection name. */
  appName: string;
}

/**
 * The service's side of the domain events: the relay that delivers what its transactions
 * recorded in the outbox, and the workers of the queues it consumes. Started after the app
 * is up, stopped before the database closes: a batch in hand is finished first.
 */
@Injectable()
export class DomainEvents implements OnApplicationBootstrap, OnModuleDestroy, OnApplicationShutdown {
  readonly redis: Redis;
  private readonly relay: DomainEventRelay;
  private readonly workers: Worker[] = [];

  constructor(
    dataSource: DataSource,
    @Inject(DOMAIN_EVENTS_OPTIONS) private readonly options: DomainEventsOptions,
  ) {
    this.redis = new Redis(options.redisUrl, {
      maxRetriesPerRequest: null,
      connectionName: `${options.appName}-events`,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    });
    this.relay = new DomainEventRelay(dataSource, this.redis, options.queuePrefix);
  }

  onApplicationBootstrap(): void {
    this.relay.start();
  }

  /** Delivers what was just committed without waiting for the next poll. */
  kick(): void {
    void this.relay.kick();
  }

  /** Consumes one queue; `apply` derives aggregates from the rows, so it may see an event twice. */
  consume(queue: DomainEventQueueName, apply: (events: DeliveredDomainEvent[]) => Promise<void>): void {
    this.workers.push(startDomainEventWorker(queue, this.redis, this.options.queuePrefix, apply));
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled([this.relay.stop(), ...this.workers.map((worker) => worker.close())]);
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}

@Module({})
export class DomainEventsModule {
  static forRoot(options: DomainEventsOptions): DynamicModule {
    return {
      module: DomainEventsModule,
      providers: [{ provide: DOMAIN_EVENTS_OPTIONS, useValue: options }, DomainEvents],
      exports: [DomainEvents],
    };
  }
}
