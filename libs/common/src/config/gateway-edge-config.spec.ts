import { describe, expect, it } from '@jest/globals';
import { loadConfig } from './app-config.js';

// The gateway's HTTP-edge settings: trusted proxies, its public origins, the metrics port.
describe('loadConfig: gateway edge settings', () => {
  it('trusts no proxy by default, and reads a hop count or a list of proxy addresses', () => {
    expect(loadConfig('gateway', {}).TRUST_PROXY).toBe(false);
    expect(loadConfig('gateway', { TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadConfig('gateway', { TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig('gateway', { TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig('gateway', { TRUST_PROXY: 'loopback, 10.0.0.0/8,fd00::/8 ,192.0.2.7' }).TRUST_PROXY).toEqual([
      'loopback',
      '10.0.0.0/8',
      'fd00::/8',
      '192.0.2.7',
    ]);
    for (const bad of ['true', 'everyone', '10.0.0.0/33', '300.1.1.1', '1.2.3.4/8/9', 'loopback,']) {
      expect(() => loadConfig('gateway', { TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    }
  });

  it('reads the public origins for the cross-site check, none by default', () => {
    expect(loadConfig('gateway', {}).PUBLIC_ORIGIN).toEqual([]);
    expect(
      loadConfig('gateway', { PUBLIC_ORIGIN: 'https://skillshare.example, http://localhost:8080' }).PUBLIC_ORIGIN,
    ).toEqual(['https://skillshare.example', 'http://localhost:8080']);
    for (const bad of [
      'skillshare.example',
      'https://skillshare.example/',
      'https://a.example/app',
      'ftp://a.example',
    ]) {
      expect(() => loadConfig('gateway', { PUBLIC_ORIGIN: bad })).toThrow(/PUBLIC_ORIGIN/);
    }
  });

  it('serves the gateway metrics on an internal port of their own', () => {
    expect(loadConfig('gateway', {}).METRICS_PORT).toBe(9464);
    expect(loadConfig('gateway', { METRICS_PORT: '0' }).METRICS_PORT).toBe(0);
  });
});
