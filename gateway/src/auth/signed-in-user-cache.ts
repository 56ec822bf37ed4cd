import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { LiveSignals } from '@app/common';
import { AUTH_LIVE_SUBJECT, type AuthLiveSignal, type UserDto } from '@app/contracts';
import { config } from '../config.js';

/** Signed-in members remembered at once; the least recently seen goes first. */
const MAX_USERS = 10_000;

interface CachedUser {
  user: UserDto;
  expiresAt: number;
}

/**
 * Who a session's member is (their own view: email, admin flag, points), kept in this replica's
 * memory so a signed-in request costs no auth round trip. Correct rather than merely fresh:
 * auth announces every change to an account on AUTH_LIVE_SUBJECT (a database trigger, so no
 * writer is missed), which every replica hears and answers by forgetting that member; a lookup
 * that was under way when any change was heard is not kept (it may predate it); a replica whose
 * NATS connection came back forgets everyone. The gateway's own calls that change a member's
 * account forget them before the answer leaves (AuthClient, AdminClient: afterChange), so the
 * next request reads fresh
 * whatever the signal's timing. USER_CACHE_SECONDS bounds any entry's life anyway; 0 turns the cache off.
 * Keyed by the session's own user id and only ever used for that user's own view.
 */
@Injectable()
export class SignedInUserCache implements OnModuleInit, OnModuleDestroy {
  private readonly ttlMs = config.USER_CACHE_SECONDS * 1000;
  private readonly users = new Map<string, CachedUser>();
  private readonly loading = new Map<string, Promise<UserDto>>();
  /** Bumped by every change heard or made: a lookup that started under an older one is not kept. */
  private generation = 0;
  private readonly stops: Array<() => void> = [];

  constructor(private readonly signals: LiveSignals) {}

  onModuleInit(): void {
    if (!this.ttlMs) return;
    this.stops.push(
      this.signals.subscribe<AuthLiveSignal>(AUTH_LIVE_SUBJECT, ({ userId }) =>
        typeof userId === 'string' ? this.forget(userId) : this.forgetEveryone(),
      ),
    );
    this.stops.push(this.signals.onReconnect(() => this.forgetEveryone()));
  }

  onModuleDestroy(): void {
    for (const stop of this.stops) stop();
  }

  /** The member's own view: kept, or looked up (once, however many of their requests ask at the same time). */
  async user(userId: string, lookUp: () => Promise<UserDto>): Promise<UserDto> {
    if (!this.ttlMs) return lookUp();
    const kept = this.users.get(userId);
    if (kept && kept.expiresAt > Date.now()) {
      this.users.delete(userId);
      this.users.set(userId, kept);
      return kept.user;
    }
    const inFlight = this.loading.get(userId);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const loading = lookUp().finally(() => {
      if (this.loading.get(userId) === loading) this.loading.delete(userId);
    });
    this.loading.set(userId, loading);
    const user = await loading;
    if (generation === this.generation) this.keep(userId, user);
    return user;
  }

  /**
   * Runs a write to the member's account (their own, or an admin's on it), then forgets them
   * whether it answered or not (it may have committed), before the answer can leave.
   */
  async afterChange<T>(userId: string, write: Promise<T>): Promise<T> {
    try {
      return await write;
    } finally {
      this.forget(userId);
    }
  }

  /** Drops the member: their next request asks auth. */
  forget(userId: string): void {
    this.generation += 1;
    this.users.delete(userId);
    this.loading.delete(userId);
  }

  forgetEveryone(): void {
    this.generation += 1;
    this.users.clear();
    this.loading.clear();
  }

  private keep(userId: string, user: UserDto): void {
    this.users.delete(userId);
    this.users.set(userId, { user, expiresAt: Date.now() + this.ttlMs });
    if (this.users.size > MAX_USERS) this.users.delete(this.users.keys().next().value as string);
  }
}
