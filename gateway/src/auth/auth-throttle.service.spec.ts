import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HttpException } from '@nestjs/common';

// The throttle with Redis out of reach (nothing listens on port 1): the limits still hold,
// counted in this process. The gateway's config is read when the module loads, so the
// environment is set before the import.
process.env.REDIS_URL = 'redis://127.0.0.1:1';
process.env.THROTTLE_LOGIN_PER_EMAIL = '3';
process.env.THROTTLE_LOGIN_PER_IP = '5';
process.env.THROTTLE_REGISTER_PER_IP = '2';
const { AuthThrottleService, LocalAttemptCounter } = await import('./auth-throttle.service.js');

let throttle: InstanceType<typeof AuthThrottleService>;

beforeAll(() => {
  throttle = new AuthThrottleService();
});

afterAll(() => {
  throttle.onApplicationShutdown();
});

const statusOf = (attempt: Promise<void>) =>
  attempt.then(
    () => 'allowed',
    (error: unknown) => (error instanceof HttpException ? error.getStatus() : error),
  );

describe('AuthThrottleService without Redis', () => {
  it('still refuses the attempt past the per-email limit, and a success clears that email', async () => {
    for (let i = 0; i < 3; i += 1)
      expect(await statusOf(throttle.reserveLogin('a@example.com', '10.0.0.1'))).toBe('allowed');
    expect(await statusOf(throttle.reserveLogin('a@example.com', '10.0.0.2'))).toBe(429);

    await throttle.loginSucceeded('b@example.com', '10.0.0.3');
    expect(await statusOf(throttle.reserveLogin('b@example.com', '10.0.0.3'))).toBe('allowed');
    await throttle.loginSucceeded('b@example.com', '10.0.0.3');
    for (let i = 0; i < 3; i += 1)
      expect(await statusOf(throttle.reserveLogin('b@example.com', '10.0.0.3'))).toBe('allowed');
  });

  it('still refuses the attempt past the per-IP limit and the registration limit', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect(await statusOf(throttle.reserveLogin(`user${i}@example.com`, '10.0.0.9'))).toBe('allowed');
    }
    expect(await statusOf(throttle.reserveLogin('user9@example.com', '10.0.0.9'))).toBe(429);

    expect(await statusOf(throttle.reserveRegistration('10.0.0.7'))).toBe('allowed');
    expect(await statusOf(throttle.reserveRegistration('10.0.0.7'))).toBe('allowed');
    const refused = await throttle.reserveRegistration('10.0.0.7').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpException);
    expect((refused as HttpException).getStatus()).toBe(429);
    expect((refused as HttpException).getResponse()).toMatchObject({
      message: 'Too many sign-ups from this network. Please wait 60 minutes and try again.',
    });
  });
});

describe('LocalAttemptCounter', () => {
  it('counts per key within a window that starts with the first attempt, then starts over', () => {
    let now = 1_000_000;
    const counter = new LocalAttemptCounter(() => now);
    expect(counter.count(['a', 'b'], 60_000)).toEqual([1, 60_000, 1, 60_000]);
    now += 20_000;
    expect(counter.count(['a'], 60_000)).toEqual([2, 40_000]);
    counter.giveBack('a');
    expect(counter.count(['a'], 60_000)).toEqual([2, 40_000]);
    counter.forget('a');
    expect(counter.count(['a'], 60_000)).toEqual([1, 60_000]);
    now += 60_000;
    expect(counter.count(['b'], 60_000)).toEqual([1, 60_000]);
  });

  it('sweeps ended windows once it holds many keys', () => {
    let now = 0;
    const counter = new LocalAttemptCounter(() => now, 2);
    counter.count(['a', 'b', 'c'], 1000);
    now = 5000;
    counter.count(['d'], 1000);
    expect((counter as unknown as { windows: Map<string, unknown> }).windows.size).toBe(1);
  });
});
