import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { NamespacedNatsClient, natsConnectionOptions } from '@app/common';
import type { ServiceName } from '@app/contracts';
import { firstValueFrom, timeout } from 'rxjs';
import { config } from '../config.js';
import { toHttpException } from './rpc-error.mapper.js';

/**
 * The gateway's one NATS connection. Every call has a deadline (SERVICE_TIMEOUT_MS), so a
 * stopped service costs a caller a 503 after at most that long, never a hang.
 */
@Injectable()
export class RpcClient implements OnModuleInit, OnApplicationShutdown {
  private readonly client = new NamespacedNatsClient(
    config.NATS_SUBJECT_PREFIX,
    natsConnectionOptions(config, 'gateway'),
  );
  private connected = false;

  async onModuleInit(): Promise<void> {
    this.client.status.subscribe((status: string) => {
      this.connected = status === 'connected';
    });
    await this.client.connect();
    this.connected = true;
  }

  isConnected(): boolean {
    return this.connected;
  }

  async send<TResult, TPayload = unknown>(
    service: ServiceName,
    pattern: string,
    payload: TPayload,
    timeoutMs = config.SERVICE_TIMEOUT_MS,
  ): Promise<TResult> {
    try {
      return await firstValueFrom(this.client.send<TResult, TPayload>(pattern, payload).pipe(timeout(timeoutMs)));
    } catch (error) {
      throw toHttpException(error, service);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}
