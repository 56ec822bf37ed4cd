import { describe, expect, it } from '@jest/globals';
import { natsConnectionOptions } from './nats-connection.js';

describe('natsConnectionOptions', () => {
  it("connects as the app's own user, with replies on the app's own inbox", () => {
    const options = natsConnectionOptions(
      { NATS_URL: 'nats://a:4222,nats://b:4222', NATS_USER: 'catalog', NATS_PASSWORD: 'secret' },
      'catalog',
    );
    expect(options).toMatchObject({
      servers: ['nats://a:4222', 'nats://b:4222'],
      user: 'catalog',
      pass: 'secret',
      inboxPrefix: '_INBOX.catalog',
      maxReconnectAttempts: -1,
    });
    expect(options.name).toBe(`catalog-${process.pid}`);
  });

  it('sends no credentials when none are configured (the local, unauthenticated NATS)', () => {
    const options = natsConnectionOptions({ NATS_URL: 'nats://127.0.0.1:4222' }, 'gateway');
    expect(options).not.toHaveProperty('user');
    expect(options).not.toHaveProperty('pass');
    expect(options.inboxPrefix).toBe('_INBOX.gateway');
  });
});
