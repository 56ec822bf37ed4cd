import { describe, expect, it } from '@jest/globals';
import type { LiveSignals } from '@app/common';
import { AUTH_LIVE_SUBJECT, type AuthLiveSignal, type UserDto } from '@app/contracts';
import { strictMock } from '@app/testing/unit';
import { SignedInUserCache } from './signed-in-user-cache.js';

/** A cache on a stand-in signal connection: `announce()` is auth's signal, `reconnect()` NATS coming back. */
function cacheWithSignals() {
  let signal: ((payload: AuthLiveSignal) => void) | undefined;
  let reconnect: (() => void) | undefined;
  const signals = strictMock<LiveSignals>('LiveSignals', {
    subscribe: <T>(subject: string, handle: (payload: T) => void) => {
      expect(subject).toBe(AUTH_LIVE_SUBJECT);
      signal = handle as (payload: AuthLiveSignal) => void;
      return () => undefined;
    },
    onReconnect: (handle: () => void) => {
      reconnect = handle;
      return () => undefined;
    },
  });
  const cache = new SignedInUserCache(signals);
  cache.onModuleInit();
  return { cache, announce: (payload: AuthLiveSignal) => signal!(payload), reconnect: () => reconnect!() };
}

/** Auth stand-in: each answer names the lookup that made it. */
function countingAuth() {
  let calls = 0;
  return {
    calls: () => calls,
    lookUp: (id: string) => () => Promise.resolve({ id, firstName: `answer ${++calls}` } as UserDto),
  };
}

describe('SignedInUserCache', () => {
  it('answers a kept member without asking auth again, each member their own', async () => {
    const { cache } = cacheWithSignals();
    const auth = countingAuth();
    expect(await cache.user('a', auth.lookUp('a'))).toEqual({ id: 'a', firstName: 'answer 1' });
    expect(await cache.user('a', auth.lookUp('a'))).toEqual({ id: 'a', firstName: 'answer 1' });
    expect(await cache.user('b', auth.lookUp('b'))).toEqual({ id: 'b', firstName: 'answer 2' });
    expect(auth.calls()).toBe(2);
  });

  it('forgets the member auth announces, and everyone for a signal without an id or a reconnect', async () => {
    const { cache, announce, reconnect } = cacheWithSignals();
    const auth = countingAuth();
    await cache.user('a', auth.lookUp('a'));
    await cache.user('b', auth.lookUp('b'));
    announce({ userId: 'a' });
    expect((await cache.user('a', auth.lookUp('a'))).firstName).toBe('answer 3');
    expect((await cache.user('b', auth.lookUp('b'))).firstName).toBe('answer 2');
    announce({});
    expect((await cache.user('b', auth.lookUp('b'))).firstName).toBe('answer 4');
    reconnect();
    expect((await cache.user('b', auth.lookUp('b'))).firstName).toBe('answer 5');
  });

  it('does not keep a lookup that was under way when a change was announced', async () => {
    const { cache, announce } = cacheWithSignals();
    let release!: (user: UserDto) => void;
    const slow = cache.user('a', () => new Promise<UserDto>((resolve) => (release = resolve)));
    announce({ userId: 'a' });
    release({ id: 'a', firstName: 'before the change' } as UserDto);
    expect((await slow).firstName).toBe('before the change');
    const auth = countingAuth();
    expect((await cache.user('a', auth.lookUp('a'))).firstName).toBe('answer 1');
  });

  it('asks auth once for many requests of one member at the same time', async () => {
    const { cache } = cacheWithSignals();
    const auth = countingAuth();
    const users = await Promise.all(Array.from({ length: 10 }, () => cache.user('a', auth.lookUp('a'))));
    expect(new Set(users.map((user) => user.firstName))).toEqual(new Set(['answer 1']));
    expect(auth.calls()).toBe(1);
  });

  it('keeps no failed lookup', async () => {
    const { cache } = cacheWithSignals();
    await expect(cache.user('a', () => Promise.reject(new Error('auth down')))).rejects.toThrow('auth down');
    const auth = countingAuth();
    expect((await cache.user('a', auth.lookUp('a'))).firstName).toBe('answer 1');
  });
});
