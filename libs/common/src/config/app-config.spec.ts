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
    const config = loadConfig('gateway', { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32) });
    expect(config.SESSION_SECRET).toBe('s'.repeat(32));
  });

  it('reads the throttle limits, with the documented defaults', () => {
    expect(loadConfig('gateway', {})).toMatchObject({
      THROTTLE_LOGIN_PER_EMAIL: 5,
      THROTTLE_LOGIN_PER_IP: 50,
      THROTTLE_REGISTER_PER_IP: 20,
    });
    expect(loadConfig('gateway', { THROTTLE_LOGIN_PER_IP: '500' }).THROTTLE_LOGIN_PER_IP).toBe(500);
  });

  it('normalises ADMIN_EMAIL and treats an empty value as unset', () => {
    expect(loadConfig('auth', { ADMIN_EMAIL: ' Boss@Example.com ' }).ADMIN_EMAIL).toBe('boss@example.com');
    expect(loadConfig('auth', { ADMIN_EMAIL: '' }).ADMIN_EMAIL).toBeUndefined();
    expect(() => loadConfig('auth', { ADMIN_EMAIL: 'not-an-email' })).toThrow(/ADMIN_EMAIL/);
  });
});
