import { HttpException, HttpStatus, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { config } from '../config.js';
import { COUNT_IN_FIXED_WINDOW as COUNT_ATTEMPTS } from '../throttle/fixed-window.js';

const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const REGISTER_WINDOW_MS = 60 * 60 * 1000;

/**
 * Login and registration throttling (API-DECISIONS "Auth and sessions"). Counters live in Redis so
 * every gateway replica shares them. An attempt is counted before it is checked, so parallel
 * guesses cannot slip past the limit; a successful login gives its attempt back.
 * If Redis is unreachable the limits are skipped (logged): signing in matters more than throttling.
 */
@Injectable()
export class AuthThrottleService implements OnApplicationShutdown {
  private readonly logger = new Logger(AuthThrottleService.name);
  private readonly redis = new Redis(config.REDIS_URL, {
    connectionName: 'gateway-throttle',
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  private readonly prefix = `${config.QUEUE_PREFIX}:throttle`;

  constructor() {
    this.redis.on('error', () => undefined); // reported where a command fails
  }

  /** Counts a login attempt for the email and the IP; 429 once either is over its limit. */
  async reserveLogin(email: string, ip: string): Promise<void> {
    const counts = await this.count([this.emailKey(email), this.ipKey('login', ip)], LOGIN_WINDOW_MS);
    if (!counts) return;
    const [emailCount, emailTtl, ipCount, ipTtl] = counts as [number, number, number, number];
    if (emailCount > config.THROTTLE_LOGIN_PER_EMAIL || ipCount > config.THROTTLE_LOGIN_PER_IP) {
      const wait = Math.max(
        emailCount > config.THROTTLE_LOGIN_PER_EMAIL ? emailTtl : 0,
        ipCount > config.THROTTLE_LOGIN_PER_IP ? ipTtl : 0,
      );
      throw tooMany('Too many login attempts.', wait);
    }
  }

  /** A correct password clears the email's failures and gives the IP its attempt back. */
  async loginSucceeded(email: string, ip: string): Promise<void> {
    await this.run(() => this.redis.multi().del(this.emailKey(email)).decr(this.ipKey('login', ip)).exec());
  }

  /** Counts a registration attempt for the IP; 429 once it is over the limit. */
  async reserveRegistration(ip: string): Promise<void> {
    const counts = await this.count([this.ipKey('register', ip)], REGISTER_WINDOW_MS);
    if (!counts) return;
    const [count, ttl] = counts as [number, number];
    if (count > config.THROTTLE_REGISTER_PER_IP) throw tooMany('Too many sign-ups from this network.', ttl);
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }

  private count(keys: string[], windowMs: number): Promise<number[] | undefined> {
    return this.run(() => this.redis.eval(COUNT_ATTEMPTS, keys.length, ...keys, windowMs) as Promise<number[]>);
  }

  private async run<T>(command: () => Promise<T>): Promise<T | undefined> {
    try {
      return await command();
    } catch (error) {
      this.logger.warn({ msg: 'throttle skipped: Redis unavailable', error: (error as Error).message });
      return undefined;
    }
  }

  // Emails are hashed so Redis never holds them in the clear.
  private emailKey(email: string): string {
    return `${this.prefix}:login:email:${createHash('sha256').update(email).digest('hex')}`;
  }

  private ipKey(action: 'login' | 'register', ip: string): string {
    return `${this.prefix}:${action}:ip:${ip}`;
  }
}

function tooMany(what: string, waitMs: number): HttpException {
  const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new HttpException(
    {
      message: `${what} Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      retryAfterSeconds,
    },
    HttpStatus.TOO_MANY_REQUESTS,
  );
}
