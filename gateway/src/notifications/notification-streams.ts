import {
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { NOTIFICATIONS_LIVE_SUBJECT, NOTIFICATION_STREAM_EVENTS, type NotificationsLiveSignal } from '@app/contracts';
import { LiveSignals, notificationStreamErrors, notificationStreamsOpen } from '@app/common';
import { config } from '../config.js';
import { NotificationsClient } from '../clients/notifications.client.js';

/** How soon a browser reconnects after the stream ends (the SSE `retry` field), in ms. */
const RECONNECT_MS = 1000;

/**
 * One member's open stream on this gateway. It sends, in order and once, every notification
 * after the last id it sent, asking the notifications service; a signal, the heartbeat or the
 * replay at the start asks. One question at a time: a signal arriving meanwhile asks again after.
 */
class NotificationStream {
  private lastId = 0;
  private lastUnread: number | null = null;
  private asking = false;
  private askAgain = false;
  private closed = false;
  /** Until the starting point is known, a signal only asks to look once it is. */
  private started = false;

  constructor(
    readonly userId: string,
    private readonly res: Response,
    private readonly notifications: NotificationsClient,
    private readonly logger: Logger,
  ) {}

  /** The replay: after `lastEventId` when the browser reconnects, else from the newest. */
  async start(lastEventId: number | null): Promise<void> {
    this.res.write(`retry: ${RECONNECT_MS}\n\n`);
    if (lastEventId === null) {
      const { latestId, unreadCount } = await this.notifications.since(this.userId, null);
      this.lastId = latestId;
      this.sendUnread(unreadCount);
    } else {
      this.lastId = lastEventId;
    }
    this.started = true;
    await this.catchUp();
  }

  /** Sends what came after the last id sent; safe to call at any time, from anywhere. */
  async catchUp(): Promise<void> {
    if (this.closed || !this.started) return;
    if (this.asking) {
      this.askAgain = true;
      return;
    }
    this.asking = true;
    try {
      do {
        this.askAgain = false;
        const answer = await this.notifications.since(this.userId, this.lastId);
        if (this.closed) return;
        for (const notification of answer.items) {
          this.write(
            `id: ${notification.id}\nevent: ${NOTIFICATION_STREAM_EVENTS.notification}\n` +
              `data: ${JSON.stringify({ notification, unreadCount: answer.unreadCount })}\n\n`,
          );
          this.lastId = notification.id;
        }
        // A Last-Event-ID from beyond what exists (another account's, a forged one) restarts at the newest.
        if (!answer.items.length && this.lastId > answer.latestId) this.lastId = answer.latestId;
        if (answer.items.length) this.lastUnread = answer.unreadCount;
        else this.sendUnread(answer.unreadCount);
        if (answer.more) this.askAgain = true;
      } while (this.askAgain && !this.closed);
    } catch (error) {
      // The service did not answer: the next signal or heartbeat asks again, from the same id.
      notificationStreamErrors.inc({ stage: 'catch_up' });
      this.logger.warn({ msg: 'notification stream catch-up deferred', error: String(error) });
    } finally {
      this.asking = false;
    }
  }

  heartbeat(): void {
    this.write(`: heartbeat\n\n`);
    void this.catchUp();
  }

  end(): void {
    if (this.closed) return;
    this.closed = true;
    this.res.end();
  }

  markClosed(): void {
    this.closed = true;
  }

  private sendUnread(unreadCount: number): void {
    if (unreadCount === this.lastUnread) return;
    this.lastUnread = unreadCount;
    this.write(`event: ${NOTIFICATION_STREAM_EVENTS.unread}\ndata: ${JSON.stringify({ unreadCount })}\n\n`);
  }

  private write(chunk: string): void {
    if (!this.closed) this.res.write(chunk);
  }
}

/**
 * The notification streams this gateway replica serves. Every replica subscribes to the
 * notifications service's live signal, so a member connected here hears of an action sent
 * through any other replica; nothing about a member lives in one process's memory but its
 * open connections.
 */
@Injectable()
export class NotificationStreams implements OnModuleInit, OnModuleDestroy, BeforeApplicationShutdown {
  private readonly logger = new Logger(NotificationStreams.name);
  private readonly byUser = new Map<string, Set<NotificationStream>>();
  private unsubscribe?: () => void;
  private heartbeat?: NodeJS.Timeout;

  constructor(
    private readonly signals: LiveSignals,
    private readonly notifications: NotificationsClient,
  ) {}

  onModuleInit(): void {
    // Both stages present at 0 from the start, so the first failure is an increase an alert sees.
    for (const stage of ['start', 'catch_up']) notificationStreamErrors.inc({ stage }, 0);
    this.unsubscribe = this.signals.subscribe<NotificationsLiveSignal>(NOTIFICATIONS_LIVE_SUBJECT, ({ userId }) => {
      for (const stream of this.byUser.get(userId) ?? []) void stream.catchUp();
    });
    this.heartbeat = setInterval(() => {
      for (const streams of this.byUser.values()) for (const stream of streams) stream.heartbeat();
    }, config.NOTIFICATION_HEARTBEAT_SECONDS * 1000);
  }

  /** Serves one stream until the browser goes, the stream's time is up or the gateway stops. */
  async open(userId: string, lastEventId: number | null, req: Request, res: Response): Promise<void> {
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store, no-transform');
    // No buffering in a proxy (nginx ingress) in front: each event goes out as it is written.
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    req.socket.setNoDelay(true);
    req.socket.setTimeout(0);

    const stream = new NotificationStream(userId, res, this.notifications, this.logger);
    const streams = this.byUser.get(userId) ?? new Set<NotificationStream>();
    streams.add(stream);
    this.byUser.set(userId, streams);
    notificationStreamsOpen.inc();
    const lifetime = setTimeout(() => stream.end(), config.NOTIFICATION_STREAM_MAX_MINUTES * 60_000);
    res.once('close', () => {
      notificationStreamsOpen.dec();
      clearTimeout(lifetime);
      stream.markClosed();
      streams.delete(stream);
      if (!streams.size) this.byUser.delete(userId);
    });
    try {
      await stream.start(lastEventId);
    } catch (error) {
      // The replay could not be asked for: end, and the browser reconnects with the same Last-Event-ID.
      notificationStreamErrors.inc({ stage: 'start' });
      this.logger.warn({ msg: 'notification stream could not start', error: String(error) });
      stream.end();
    }
  }

  /** Streams never finish by themselves: end them, so the shutdown does not wait on them. */
  beforeApplicationShutdown(): void {
    for (const streams of this.byUser.values()) for (const stream of streams) stream.end();
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
    clearInterval(this.heartbeat);
  }
}
