import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import pg from 'pg';
import { LiveSignals } from '@app/common';
import { AUTH_LIVE_SUBJECT, type AuthLiveSignal } from '@app/contracts';
import { config } from '../config.js';
import { USER_CHANGED_CHANNEL } from '../db/migrations/1764000000180-user-change-announcements.js';

/** How long to wait before listening again after the database connection was lost. */
const RELISTEN_DELAY_MS = 1000;

/**
 * Passes every account change the database announces (the triggers of
 * UserChangeAnnouncements1764000000180) on to every gateway as AUTH_LIVE_SUBJECT, so the
 * signed-in users they cache are dropped within milliseconds of the commit. Whenever it may have
 * missed some — its listening connection or its NATS connection came back — it tells the gateways
 * to forget everyone instead.
 */
@Injectable()
export class UserChangeAnnouncer implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(UserChangeAnnouncer.name);
  private client?: pg.Client;
  private retry?: NodeJS.Timeout;
  private stopped = false;
  private stopReconnects?: () => void;

  constructor(private readonly signals: LiveSignals) {}

  async onModuleInit(): Promise<void> {
    this.stopReconnects = this.signals.onReconnect(() => this.announce({}));
    await this.listen(false);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    this.stopReconnects?.();
    await this.client?.end().catch(() => undefined);
  }

  private async listen(afterLoss: boolean): Promise<void> {
    const client = new pg.Client({ connectionString: config.DATABASE_URL, application_name: 'auth-user-changes' });
    client.on('notification', ({ channel, payload }) => {
      if (channel === USER_CHANGED_CHANNEL && payload) this.announce({ userId: payload });
    });
    client.on('error', (error) => this.logger.warn({ msg: 'user change listener failed', error: error.message }));
    client.on('end', () => {
      if (this.client === client) this.client = undefined;
      this.relistenLater();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${USER_CHANGED_CHANNEL}`);
      this.client = client;
      // Changes committed while nobody listened were not announced: every gateway starts over.
      if (afterLoss) this.announce({});
    } catch (error) {
      this.logger.warn({ msg: 'user change listener not started', error: String(error) });
      await client.end().catch(() => undefined);
      this.relistenLater();
    }
  }

  private relistenLater(): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (!this.stopped && !this.client) void this.listen(true);
    }, RELISTEN_DELAY_MS);
  }

  private announce(signal: AuthLiveSignal): void {
    this.signals.publish(AUTH_LIVE_SUBJECT, signal);
  }
}
