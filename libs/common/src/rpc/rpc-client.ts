import type { OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { firstValueFrom, timeout, type Observable } from 'rxjs';
import type { AppName, RpcContract, RpcRequest, RpcResponse } from '@app/contracts';
import type { DomainError } from '../errors/domain-errors.js';
import { NamespacedNatsClient } from '../transport/namespaced-nats.js';
import { natsConnectionOptions, type NatsConnectionConfig } from '../transport/nats-connection.js';
import { rpcFailure } from './rpc-failure.js';

/** The request/reply side of a NATS connection (a Nest ClientProxy), or a stub of it in a unit spec. */
export interface RpcTransport {
  send<TResult, TInput>(pattern: string, data: TInput): Observable<TResult>;
  connect(): Promise<unknown>;
  close(): unknown;
  readonly status: Observable<unknown>;
}

export interface RpcClientOptions {
  /** How long a call waits for its answer, unless the call says otherwise. */
  deadlineMs: number;
  /** What a failed call throws instead of the DomainError, for a caller that speaks another protocol (the gateway: HTTP). */
  mapError?: (error: DomainError) => Error;
}

export interface RpcCallOptions {
  /** This call's deadline, for one known to take longer (or that must answer faster) than usual. */
  timeoutMs?: number;
}

/**
 * Calls another service by its contract. Every call has a deadline, so a stopped service costs
 * the caller an UNAVAILABLE ("The <service> service is temporarily unavailable") after at most
 * that long, never a hang; a domain error the service answers is thrown with its code and message.
 */
export class RpcClient implements OnModuleInit, OnApplicationShutdown {
  private connected = false;

  constructor(
    private readonly transport: RpcTransport,
    private readonly options: RpcClientOptions,
  ) {}

  /** A client on its own connection, as the app's NATS user, in the run's subject namespace. */
  static overNats(
    config: NatsConnectionConfig & { NATS_SUBJECT_PREFIX: string },
    app: AppName,
    options: RpcClientOptions,
  ): RpcClient {
    return new RpcClient(
      new NamespacedNatsClient(config.NATS_SUBJECT_PREFIX, natsConnectionOptions(config, app)),
      options,
    );
  }

  /** Connects at boot (a client made outside Nest connects on its first call). */
  async onModuleInit(): Promise<void> {
    this.transport.status.subscribe((status) => {
      this.connected = status === 'connected';
    });
    await this.transport.connect();
    this.connected = true;
  }

  isConnected(): boolean {
    return this.connected;
  }

  async call<C extends RpcContract>(
    contract: C,
    payload: RpcRequest<C>,
    options: RpcCallOptions = {},
  ): Promise<RpcResponse<C>> {
    try {
      return await firstValueFrom(
        this.transport
          .send<RpcResponse<C>, RpcRequest<C>>(contract.pattern, payload)
          .pipe(timeout(options.timeoutMs ?? this.options.deadlineMs)),
      );
    } catch (error) {
      const failure = rpcFailure(error, contract.service);
      throw this.options.mapError ? this.options.mapError(failure) : failure;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.transport.close();
  }
}
