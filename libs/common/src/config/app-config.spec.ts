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
});
