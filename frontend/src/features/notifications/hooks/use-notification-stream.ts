import { NOTIFICATION_STREAM_EVENTS } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  NOTIFICATIONS_URL,
  refreshNotifications,
  setUnreadCount,
} from '@/features/notifications/api/get-notifications';

/** GET /api/notifications/stream: Server-Sent Events, same origin, so the session cookie goes along. */
export const NOTIFICATIONS_STREAM_URL = `${NOTIFICATIONS_URL}/stream`;

/** After the server refused the stream, how long before asking again (doubling up to the maximum). */
export const STREAM_RETRY_MS = { first: 15_000, max: 300_000 } as const;

/**
 * 'open': events arrive as they happen. 'connecting': the first connection, or the browser
 * reconnecting by itself (it sends Last-Event-ID and the server replays what was missed).
 * 'closed': the server refused the stream; it is asked again later. 'unavailable': no EventSource
 * here (old browsers, jsdom).
 */
export type NotificationStreamStatus = 'open' | 'connecting' | 'closed' | 'unavailable';

const canStream = () => typeof EventSource !== 'undefined';

function unreadCountIn(data: unknown): number | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = JSON.parse(data) as unknown;
    if (parsed && typeof parsed === 'object' && 'unreadCount' in parsed) {
      const { unreadCount } = parsed;
      if (typeof unreadCount === 'number' && Number.isSafeInteger(unreadCount) && unreadCount >= 0) return unreadCount;
    }
  } catch {
    // Not JSON: the list refetch below still brings the count.
  }
  return null;
}

/**
 * The member's live notifications: one EventSource while `enabled` (signed in), closed on sign-out
 * or unmount, so call it once per tab (the bell does). An event sets the unread count at once and
 * refetches the list: a merged notification comes back with a new id at the top, replacing its
 * older self. When there is no live stream, the caller polls instead.
 */
export function useNotificationStream(enabled: boolean): NotificationStreamStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<NotificationStreamStatus>(canStream() ? 'connecting' : 'unavailable');
  // Bumped to open the stream again after the server refused it.
  const [attempt, setAttempt] = useState(0);
  const retryDelay = useRef<number>(STREAM_RETRY_MS.first);

  useEffect(() => {
    if (!enabled || !canStream()) return;
    const source = new EventSource(NOTIFICATIONS_STREAM_URL);
    let retry: number | undefined;
    setStatus('connecting');

    const onOpen = () => {
      setStatus('open');
      retryDelay.current = STREAM_RETRY_MS.first;
      // What happened before the stream started (or while it was away) is in the list, not in the stream.
      void refreshNotifications(queryClient);
    };
    const onNotification = (event: MessageEvent) => {
      const count = unreadCountIn(event.data);
      if (count !== null) setUnreadCount(queryClient, count);
      void refreshNotifications(queryClient);
    };
    const onUnread = (event: MessageEvent) => {
      const count = unreadCountIn(event.data);
      // Read elsewhere, the items' read marks changed too. The same count (the stream's start, a
      // read this tab made) changes nothing.
      if (count !== null && setUnreadCount(queryClient, count)) void refreshNotifications(queryClient);
    };
    const onError = () => {
      if (source.readyState !== EventSource.CLOSED) {
        setStatus('connecting');
        return;
      }
      // An answer that is not a stream (signed out, the server away): the list is polled meanwhile.
      setStatus('closed');
      const delay = retryDelay.current;
      retryDelay.current = Math.min(delay * 2, STREAM_RETRY_MS.max);
      retry = window.setTimeout(() => setAttempt((n) => n + 1), delay);
    };

    source.addEventListener('open', onOpen);
    source.addEventListener(NOTIFICATION_STREAM_EVENTS.notification, onNotification);
    source.addEventListener(NOTIFICATION_STREAM_EVENTS.unread, onUnread);
    source.addEventListener('error', onError);
    return () => {
      window.clearTimeout(retry);
      source.close();
    };
  }, [enabled, attempt, queryClient]);

  return enabled ? status : 'unavailable';
}
