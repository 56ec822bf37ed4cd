import { HttpException, HttpStatus, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { securityEvent } from '@app/common';
import { config } from '../config.js';
import { COUNT_IN_FIXED_WINDOW as COUNT_ATTEMPTS, limiterRedis } from '../throttle/fixed-window.js';

const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const REGISTER_WINDOW_MS = 60 * 60 * 1000;

/**
 * Counts attempts in this process, as COUNT_ATTEMPTS does in Redis: one window per key, starting
 * with its first attempt. Used only while Redis cannot answer.
 */
export class LocalAttemptCounter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(
    private readonly now: () => number = Date.now,
    /** Past this many keys, ended windows are swept, so a flood of distinct keys cannot grow it for ever. */
    private readonly sweepAbove = 10_000,
  ) {}

  /** [count, ms left] per key, like COUNT_ATTEMPTS. */
  count(keys: string[], windowMs: number): number[] {
    const now = this.now();
    if (this.windows.size > this.sweepAbove) this.sweep(now);
    return keys.flatMap((key) => {
      let window = this.windows.get(key);
      if (!window || window.endsAt <= now) {
        window = { count: 0, endsAt: now + windowMs };
        this.windows.set(key, window);
      }
      window.count += 1;
      return [window.count, window.endsAt - now];
    });
  }

  forget(key: string): void {
    this.windows.delete(key);
  }

  giveBack(key: string): void {
    const window = this.windows.get(key);
    if (window && window.count > 0) window.count -= 1;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}

/**
 * Login and registration throttling (API-DECISIONS "Auth and sessions"). Counters live in Redis so
 * every gateway replica shares them. An attempt is counted before it is checked, so parallel
 * guesses cannot slip past the limit; a successful login gives its attempt back.
 * If Redis is unreachable the limits still hold, counted in this process (LocalAttemptCounter):
 * per replica rather than shared, but never open to unlimited guessing.
 */
@Injectable()
export class AuthThrottleService implements OnApplicationShutdown {
  private readonly logger = new Logger(AuthThrottleService.name);
  private readonly redis = limiterRedis('gateway-throttle');
  private readonly prefix = `${config.QUEUE_PREFIX}:throttle`;
  private readonly local = new LocalAttemptCounter();

  constructor() {
    this.redis.on('error', () => undefined); // reported where a command fails
  }

  /** Counts a login attempt for the email and the IP; 429 once either is over its limit. */
  async reserveLogin(email: string, ip: string): Promise<void> {
    const counts = await this.count([this.emailKey(email), this.ipKey('login', ip)], LOGIN_WINDOW_MS);
    const [emailCount, emailTtl, ipCount, ipTtl] = counts as [number, number, number, number];
    if (emailCount > config.THROTTLE_LOGIN_PER_EMAIL || ipCount > config.THROTTLE_LOGIN_PER_IP) {
      securityEvent(this.logger, {
        event: 'auth.login.locked',
        outcome: 'denied',
        actorId: null,
        target: { email },
        reason:
          emailCount > config.THROTTLE_LOGIN_PER_EMAIL
            ? 'failed logins for this email'
            : 'failed logins from this address',
      });
      const wait = Math.max(
        emailCount > config.THROTTLE_LOGIN_PER_EMAIL ? emailTtl : 0,
        ipCount > config.THROTTLE_LOGIN_PER_IP ? ipTtl : 0,
      );
      throw tooMany('Too many login attempts.', wait);
    }
  }

  /** A correct password clears the email's failures and gives the IP its attempt back. */
  async loginSucceeded(email: string, ip: string): Promise<void> {
    const emailKey = this.emailKey(email);
    const ipKey = this.ipKey('login', ip);
    try {
      await this.redis.multi().del(emailKey).decr(ipKey).exec();
    } catch (error) {
      this.redisUnavailable(error);
    }
    // The local counts may hold attempts made while Redis was away.
    this.local.forget(emailKey);
    this.local.giveBack(ipKey);
  }

  /** Counts a registration attempt for the IP; 429 once it is over the limit. */
  async reserveRegistration(ip: string): Promise<void> {
    const [count, ttl] = (await this.count([this.ipKey('register', ip)], REGISTER_WINDOW_MS)) as [number, number];
    if (count > config.THROTTLE_REGISTER_PER_IP) {
      securityEvent(this.logger, {
        event: 'auth.register.locked',
        outcome: 'denied',
        actorId: null,
        reason: 'sign-ups from this address',
      });
      throw tooMany('Too many sign-ups from this network.', ttl);
    }
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }

  private async count(keys: string[], windowMs: number): Promise<number[]> {
    try {
      return (await this.redis.eval(COUNT_ATTEMPTS, keys.length, ...keys, windowMs)) as number[];
    } catch (error) {
      this.redisUnavailable(error);
      return this.local.count(keys, windowMs);
    }
  }

  private redisUnavailable(error: unknown): void {
    this.logger.warn({
      msg: 'throttle counted in this process: Redis unavailable',
      error: error instanceof Error ? error.message : String(error),
    });
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
