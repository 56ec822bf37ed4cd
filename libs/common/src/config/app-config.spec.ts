import { describe, expect, it } from '@jest/globals';
import { loadConfig } from './app-config.js';

describe('loadConfig', () => {
  it('applies the documented defaults when nothing is set', () => {
    const config = loadConfig('gateway', {});
    expect(config).toMatchObject({
      PORT: 8080,
      SERVICE_TIMEOUT_MS: 3000,
      NATS_URL: 'nats://127.0.0.1:4222',
      NATS_SUBJECT_PREFIX: '',
      S3_FORCE_PATH_STYLE: true,
    });
  });

  it('reads and coerces values from the environment', () => {
    const config = loadConfig('catalog', { HEALTH_PORT: '0', DATABASE_URL: 'postgres://u@db:5432/x' });
    expect(config.HEALTH_PORT).toBe(0);
    expect(config.DATABASE_URL).toBe('postgres://u@db:5432/x');
  });

  it('refuses a timeout that would break the 5 s promise to callers', () => {
    expect(() => loadConfig('gateway', { SERVICE_TIMEOUT_MS: '9000' })).toThrow(/SERVICE_TIMEOUT_MS/);
  });

  it('names every bad variable in one error', () => {
    expect(() => loadConfig('media-worker', { REDIS_URL: 'not a url', PROBE_CONCURRENCY: '0' })).toThrow(
      /REDIS_URL[\s\S]*PROBE_CONCURRENCY|PROBE_CONCURRENCY[\s\S]*REDIS_URL/,
    );
  });

  it('refuses to run the gateway in production without a session secret', () => {
    expect(() => loadConfig('gateway', { NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: is required/);
    expect(() => loadConfig('gateway', { SESSION_SECRET: 'too short' })).toThrow(/SESSION_SECRET/);
    const secret = '3f9a1c0be47d28e6b5a90c1f7e3d2b84a6c5f0e19d7b3a2c8e4f6a0b1c9d7e5f';
    expect(loadConfig('gateway', { NODE_ENV: 'production', SESSION_SECRET: secret }).SESSION_SECRET).toBe(secret);
  });

  it.each([
    ['the k8s base placeholder', 'change-me-to-at-least-32-random-characters'],
    ['the docker-compose default', 'compose-development-session-secret-change-me'],
    ['the gateway’s development value', 'development-only-session-secret-not-for-production'],
    ['anything that still says change me', 'Our-Prod-Secret-CHANGEME-2026-xyz-quantum-fox'],
    ['one character repeated', 's'.repeat(32)],
    ['too few distinct characters', 'abababababcdcdcdcdcdefefefefefef0123'],
  ])('refuses %s as a production session secret', (_, secret) => {
    expect(() => loadConfig('gateway', { NODE_ENV: 'production', SESSION_SECRET: secret })).toThrow(
      /SESSION_SECRET: (is a published placeholder|has too few distinct characters)/,
    );
    // Development and tests keep accepting any secret of 32 characters or more.
    expect(loadConfig('gateway', { SESSION_SECRET: secret }).SESSION_SECRET).toBe(secret);
  });

  it('reads the session lifetimes, with the documented defaults', () => {
    expect(loadConfig('gateway', {})).toMatchObject({ SESSION_IDLE_MINUTES: 240, SESSION_ABSOLUTE_HOURS: 168 });
    expect(loadConfig('gateway', { SESSION_IDLE_MINUTES: '30', SESSION_ABSOLUTE_HOURS: '12' })).toMatchObject({
      SESSION_IDLE_MINUTES: 30,
      SESSION_ABSOLUTE_HOURS: 12,
    });
    expect(() => loadConfig('gateway', { SESSION_IDLE_MINUTES: '0' })).toThrow(/SESSION_IDLE_MINUTES/);
  });

  it('reads the throttle limits, with the documented defaults', () => {
    expect(loadConfig('gateway', {})).toMatchObject({
      THROTTLE_LOGIN_PER_EMAIL: 5,
      THROTTLE_LOGIN_PER_IP: 50,
      THROTTLE_REGISTER_PER_IP: 20,
    });
    expect(loadConfig('gateway', { THROTTLE_LOGIN_PER_IP: '500' }).THROTTLE_LOGIN_PER_IP).toBe(500);
  });

  it('reads the member write limits and upload bounds, with the documented defaults', () => {
    expect(loadConfig('gateway', {})).toMatchObject({
      THROTTLE_UPLOADS_PER_HOUR: 20,
      THROTTLE_WRITES_PER_MINUTE: 60,
      THROTTLE_UPLOADS_IN_FLIGHT: 2,
      UPLOAD_MIN_BYTES_PER_SECOND: 16384,
      UPLOAD_MIN_RATE_WINDOW_SECONDS: 30,
    });
    expect(loadConfig('video', {})).toMatchObject({
      UPLOAD_INTENT_TTL_SECONDS: 3600,
      UPLOAD_SWEEP_INTERVAL_SECONDS: 60,
    });
    expect(() => loadConfig('gateway', { THROTTLE_WRITES_PER_MINUTE: '0' })).toThrow(/THROTTLE_WRITES_PER_MINUTE/);
  });

  it('normalises ADMIN_EMAIL and treats an empty value as unset', () => {
    expect(loadConfig('auth', { ADMIN_EMAIL: ' Boss@Example.com ' }).ADMIN_EMAIL).toBe('boss@example.com');
    expect(loadConfig('auth', { ADMIN_EMAIL: '' }).ADMIN_EMAIL).toBeUndefined();
    expect(() => loadConfig('auth', { ADMIN_EMAIL: 'not-an-email' })).toThrow(/ADMIN_EMAIL/);
  });

  it('reads NATS credentials as a pair, an empty value meaning unset', () => {
    expect(loadConfig('catalog', { NATS_USER: 'catalog', NATS_PASSWORD: 'secret' })).toMatchObject({
      NATS_USER: 'catalog',
      NATS_PASSWORD: 'secret',
    });
    const anonymous = loadConfig('gateway', { NATS_USER: '', NATS_PASSWORD: '' });
    expect([anonymous.NATS_USER, anonymous.NATS_PASSWORD]).toEqual([undefined, undefined]);
    expect(() => loadConfig('admin', { NATS_USER: 'admin' })).toThrow(
      /NATS_PASSWORD: is required when NATS_USER is set/,
    );
    expect(() => loadConfig('video', { NATS_PASSWORD: 'secret' })).toThrow(
      /NATS_USER: is required when NATS_PASSWORD is set/,
    );
  });

  it('reads ADMIN_PASSWORD with the password length rule, an empty value being unset', () => {
    expect(loadConfig('auth', { ADMIN_PASSWORD: 'a long admin passphrase' }).ADMIN_PASSWORD).toBe(
      'a long admin passphrase',
    );
    expect(loadConfig('auth', { ADMIN_PASSWORD: '' }).ADMIN_PASSWORD).toBeUndefined();
    expect(() => loadConfig('auth', { ADMIN_PASSWORD: '12345' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('hashes passwords at OWASP’s scrypt cost unless a test run lowers it', () => {
    expect(loadConfig('auth', {}).PASSWORD_HASH_COST_LOG2).toBe(17);
    expect(loadConfig('auth', { NODE_ENV: 'test', PASSWORD_HASH_COST_LOG2: '12' }).PASSWORD_HASH_COST_LOG2).toBe(12);
    for (const NODE_ENV of ['development', 'production'])
      expect(() =>
        loadConfig('auth', { NODE_ENV, PASSWORD_HASH_COST_LOG2: '12', SESSION_SECRET: 'x'.repeat(40) }),
      ).toThrow(/PASSWORD_HASH_COST_LOG2: may be lowered below 17 only when NODE_ENV=test/);
    expect(() => loadConfig('auth', { PASSWORD_HASH_COST_LOG2: '18' })).toThrow(/PASSWORD_HASH_COST_LOG2/);
  });
});
