import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { config } from '../config.js';
import { COUNT_IN_FIXED_WINDOW, limiterRedis, TAKE_LEASE } from './fixed-window.js';

export interface WindowCount {
  count: number;
  msLeft: number;
}

export type LeaseOutcome = { taken: true } | { taken: false; msUntilFree: number };

/**
 * The Redis counters behind the write limits and the upload slots, shared by every gateway
 * replica. Calls fail fast; with Redis unreachable they answer `undefined` and the caller lets
 * the request through (logged): members writing matters more than throttling them.
 */
@Injectable()
export class ThrottleStore implements OnApplicationShutdown {
  private readonly logger = new Logger(ThrottleStore.name);
  private readonly redis = limiterRedis('gateway-write-throttle');
  /** Every key of these limits starts with this. */
  readonly prefix = `${config.QUEUE_PREFIX}:throttle`;

  constructor() {
    this.redis.on('error', () => undefined); // reported where a command fails
  }

  /** Counts one event for the key in a window of `windowMs` that starts with its first event. */
  async count(key: string, windowMs: number): Promise<WindowCount | undefined> {
    const reply = await this.run(() => this.redis.eval(COUNT_IN_FIXED_WINDOW, 1, key, windowMs) as Promise<number[]>);
    return reply ? { count: Number(reply[0]), msLeft: Number(reply[1]) } : undefined;
  }

  /** Takes one of at most `limit` leases on the key, held until released or `leaseMs` has passed. */
  async takeLease(key: string, leaseId: string, limit: number, leaseMs: number): Promise<LeaseOutcome | undefined> {
    const reply = await this.run(
      () => this.redis.eval(TAKE_LEASE, 1, key, Date.now(), limit, leaseMs, leaseId) as Promise<number>,
    );
    if (reply === undefined) return undefined;
    return reply === 1 ? { taken: true } : { taken: false, msUntilFree: -Number(reply) };
  }

  async releaseLease(key: string, leaseId: string): Promise<void> {
    await this.run(() => this.redis.zrem(key, leaseId));
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }

  private async run<T>(command: () => Promise<T>): Promise<T | undefined> {
    try {
      return await command();
    } catch (error) {
      this.logger.warn({ msg: 'write limit skipped: Redis unavailable', error: (error as Error).message });
      return undefined;
    }
  }
}
