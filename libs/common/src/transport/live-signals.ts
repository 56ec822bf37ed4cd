import { Logger } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { AppName } from '@app/contracts';
import { natsConnectionOptions, type NatsConnectionConfig } from './nats-connection.js';

/**
 * Fire-and-forget signals over core NATS, outside request/reply: one process tells every
 * subscriber (all gateway replicas) that something changed. A signal carries no content and may
 * be lost; whoever acts on it asks the owner for the facts, and looks again on a timer.
 * Subjects get the app's NATS_SUBJECT_PREFIX, like every request subject.
 */
export class LiveSignals {
  private readonly logger = new Logger(LiveSignals.name);

  private constructor(
    private readonly connection: NatsConnection,
    private readonly prefix: string,
  ) {}

  static async open(
    config: NatsConnectionConfig & { NATS_SUBJECT_PREFIX: string },
    app: AppName,
  ): Promise<LiveSignals> {
    const connection = await connect({ ...natsConnectionOptions(config, app), name: `${app}-signals-${process.pid}` });
    return new LiveSignals(connection, config.NATS_SUBJECT_PREFIX);
  }

  publish(subject: string, payload: object): void {
    try {
      this.connection.publish(`${this.prefix}${subject}`, JSON.stringify(payload));
    } catch (error) {
      // Closed or reconnecting: the receivers' own timers catch up.
      this.logger.warn({ msg: 'live signal not sent', subject, error: String(error) });
    }
  }

  /** Calls `handle` with each signal's payload; returns the unsubscribe. */
  subscribe<T>(subject: string, handle: (payload: T) => void): () => void {
    const subscription = this.connection.subscribe(`${this.prefix}${subject}`, {
      callback: (error, message) => {
        if (error) {
          // Refused by the server's permissions, say: live updates stop here, so say so loudly.
          this.logger.error({ msg: 'live signal subscription failed', subject, error: String(error) });
          return;
        }
        try {
          handle(message.json<T>());
        } catch (failure) {
          this.logger.warn({ msg: 'live signal not handled', subject, error: String(failure) });
        }
      },
    });
    return () => subscription.unsubscribe();
  }

  /**
   * Calls `handle` each time the connection comes back after a loss: signals sent meanwhile were
   * lost, so whoever keeps state on their strength starts over. Returns the stop.
   */
  onReconnect(handle: () => void): () => void {
    let stopped = false;
    void (async () => {
      for await (const status of this.connection.status()) {
        if (stopped) return;
        if (status.type === 'reconnect') handle();
      }
    })().catch((error: unknown) => this.logger.warn({ msg: 'live signal status lost', error: String(error) }));
    return () => {
      stopped = true;
    };
  }

  async close(): Promise<void> {
    await this.connection.drain().catch(() => undefined);
  }
}
