import type { NatsOptions } from '@nestjs/microservices';
import type { AppName } from '@app/contracts';

type NatsTransportOptions = Required<NatsOptions>['options'];

/** The NATS settings of an app's configuration (the `nats` group of app-config.ts). */
export interface NatsConnectionConfig {
  NATS_URL: string;
  NATS_USER?: string;
  NATS_PASSWORD?: string;
}

/**
 * Where an app's request replies arrive. Each app has its own, so the NATS server can let a user
 * subscribe to its own replies only (`_INBOX.<app>.>` in infra/nats/nats-server.conf) and no
 * process can read the answers another one asked for.
 */
export const natsInboxPrefix = (app: AppName): string => `_INBOX.${app}`;

/**
 * Connection options for every NATS connection an app opens (server strategy and clients alike):
 * the servers, its own user when credentials are configured, its own reply inbox, and endless
 * reconnection (a NATS restart must not need an app restart).
 */
export function natsConnectionOptions(config: NatsConnectionConfig, app: AppName): NatsTransportOptions {
  return {
    servers: config.NATS_URL.split(','),
    name: `${app}-${process.pid}`,
    inboxPrefix: natsInboxPrefix(app),
    maxReconnectAttempts: -1,
    ...(config.NATS_USER !== undefined ? { user: config.NATS_USER, pass: config.NATS_PASSWORD } : {}),
  };
}
