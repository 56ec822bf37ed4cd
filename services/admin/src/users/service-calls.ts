import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { firstValueFrom, timeout } from 'rxjs';
import { NamespacedNatsClient, natsConnectionOptions } from '@app/common';
import { config } from '../config.js';

/** Long enough for a member with many videos; a step that times out is simply run again. */
const CALL_TIMEOUT_MS = 15_000;

/**
 * The admin service's requests to the services that own the rows it changes: it never writes
 * their tables itself. A failed or timed-out call throws; the saga retries the step.
 */
@Injectable()
export class ServiceCalls implements OnModuleInit, OnApplicationShutdown {
  private readonly client = new NamespacedNatsClient(
    config.NATS_SUBJECT_PREFIX,
    natsConnectionOptions(config, 'admin'),
  );

  async onModuleInit(): Promise<void> {
    await this.client.connect();
  }

  send<TResult, TPayload>(pattern: string, payload: TPayload): Promise<TResult> {
    return firstValueFrom(this.client.send<TResult, TPayload>(pattern, payload).pipe(timeout(CALL_TIMEOUT_MS)));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}
