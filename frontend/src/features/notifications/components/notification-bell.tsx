import type { NotificationType } from '@app/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import {
  AlertCircleIcon,
  AwardIcon,
  BellIcon,
  CheckIcon,
  MessageIcon,
  StarIcon,
  ThumbsUpIcon,
  TrendingUpIcon,
  UserIcon,
  VideoIcon,
} from '@/components/ui/icons';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useNotifications, type Notification } from '@/features/notifications/api/get-notifications';
import { useMarkNotificationsRead } from '@/features/notifications/api/mark-notifications-read';
import { useNotificationStream } from '@/features/notifications/hooks/use-notification-stream';
import { bellLabel, formatUnreadBadge } from '@/features/notifications/utils/unread-badge';
import { getServerMessage, isUnauthorizedError } from '@/lib/api-client';
import { formatRelativeDate } from '@/lib/format';
import '@/features/notifications/notifications.css';

type IconComponent = typeof BellIcon;

/** A type without its own icon (one the server added later) shows the bell. */
const TYPE_ICONS: Partial<Record<NotificationType, IconComponent>> = {
  feedback_received: MessageIcon,
  feedback_rated: StarIcon,
  feedback_helpful: ThumbsUpIcon,
  feedback_reply: MessageIcon,
  mention: UserIcon,
  feedback_applied: CheckIcon,
  badge_earned: AwardIcon,
  level_reached: TrendingUpIcon,
  video_ready: VideoIcon,
  video_failed: AlertCircleIcon,
};

/** The server composes links as app paths; anything else (it should not happen) leads home. */
const appPath = (link: string) => (link.startsWith('/') && !link.startsWith('//') ? link : paths.home);

function NotificationItem({ item, onSelect }: { item: Notification; onSelect: (item: Notification) => void }) {
  const Icon = TYPE_ICONS[item.type] ?? BellIcon;
  const when = formatRelativeDate(item.updatedAt);
  return (
    <Link
      to={appPath(item.link)}
      className={item.read ? 'notification-item' : 'notification-item notification-item--unread'}
      data-testid="notification-item"
      data-read={item.read}
      onClick={() => onSelect(item)}
    >
      <span className="notification-item__icon" aria-hidden="true">
        <Icon size={18} />
      </span>
      <span className="notification-item__body">
        <span className="notification-item__text">
          {!item.read && <span className="visually-hidden">Unread: </span>}
          {item.text}
        </span>
        {when && (
          <time className="notification-item__time" dateTime={item.updatedAt}>
            {when}
          </time>
        )}
      </span>
      {!item.read && <span className="notification-item__dot" aria-hidden="true" />}
    </Link>
  );
}

type NotificationsState = ReturnType<typeof useNotifications>;

function NotificationPanel({
  id,
  notifications,
  onNavigate,
}: {
  id: string;
  notifications: NotificationsState;
  onNavigate: () => void;
}) {
  const headingId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const markAll = useMarkNotificationsRead({
    onError: (error) => {
      // The API client has already reported an ended session.
      if (isUnauthorizedError(error)) return;
      toast({
        title: 'Could not mark your notifications as read',
        description: getServerMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    },
  });
  // Opening a notification must not wait for (or fail with) marking it read.
  const markOne = useMarkNotificationsRead();
  const { items, unreadCount } = notifications;

  useEffect(() => {
    panel.current?.focus();
  }, []);

  const onSelect = (item: Notification) => {
    if (!item.read) markOne.mutate({ ids: [item.id] });
    onNavigate();
  };

  let body;
  if (notifications.isPending) {
    body = (
      <ul className="notification-list" role="status" aria-label="Loading notifications">
        {Array.from({ length: 3 }, (_, index) => (
          <li key={index} className="notification-item" aria-hidden="true">
            <span className="skeleton skeleton--line" />
          </li>
        ))}
      </ul>
    );
  } else if (notifications.isError && items.length === 0) {
    body = (
      <div className="inline-error notification-panel__error" role="alert">
        Unable to load notifications.{' '}
        <button type="button" className="link-button" onClick={() => void notifications.refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (items.length === 0) {
    body = (
      <div className="empty-state notification-panel__empty" data-testid="notifications-empty">
        <BellIcon className="empty-state__icon" size={32} />
        <p className="empty-state__title">No notifications yet</p>
      </div>
    );
  } else {
    body = (
      <ul className="notification-list" data-testid="notification-list">
        {items.map((item) => (
          <li key={item.id}>
            <NotificationItem item={item} onSelect={onSelect} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div
      ref={panel}
      id={id}
      role="dialog"
      aria-labelledby={headingId}
      className="notification-panel"
      data-testid="notification-panel"
      tabIndex={-1}
    >
      <div className="notification-panel__header">
        <h2 id={headingId} className="notification-panel__title">
          Notifications
        </h2>
        <button
          type="button"
          className="btn btn--ghost btn--sm notification-panel__mark-all"
          data-testid="notifications-mark-all"
          disabled={unreadCount === 0 || markAll.isPending}
          onClick={() => markAll.mutate({ all: true })}
        >
          Mark all as read
        </button>
      </div>
      <div className="notification-panel__body">
        {body}
        <LoadMoreButton
          hasNextPage={notifications.hasNextPage}
          isFetchingNextPage={notifications.isFetchingNextPage}
          onLoadMore={() => void notifications.fetchNextPage()}
        />
      </div>
    </div>
  );
}

/**
 * The header's bell for a signed-in member: the unread count, kept live by the stream (or polled
 * without one), and the list it opens. Render it once per page: it holds the tab's stream.
 */
export function NotificationBell({ onOpen }: { onOpen?: () => void }) {
  const stream = useNotificationStream(true);
  // Polled until the stream is open (and whenever it is not), so a stream that never opens loses nothing.
  const notifications = useNotifications({ enabled: true, poll: stream !== 'open' });
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const location = useLocation();
  const badge = formatUnreadBadge(notifications.unreadCount);

  // Following a notification (or any navigation) closes the list.
  useEffect(() => {
    setOpen(false);
  }, [location.key]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    // Escape also when the focus has left the list (the "Load more" just pressed went away).
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const focus = document.activeElement;
      if (focus && focus !== document.body && !root.current?.contains(focus)) return;
      setOpen(false);
      trigger.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const toggle = () => {
    if (!open) onOpen?.();
    setOpen(!open);
  };

  return (
    <div ref={root} className="notifications">
      <button
        ref={trigger}
        type="button"
        className="notification-bell"
        aria-label={bellLabel(notifications.unreadCount)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-testid="notification-bell"
        data-live={stream === 'open'}
        onClick={toggle}
      >
        <BellIcon size={20} />
        {badge && (
          <span className="notification-bell__count" data-testid="notification-count" aria-hidden="true">
            {badge}
          </span>
        )}
      </button>
      {open && <NotificationPanel id={panelId} notifications={notifications} onNavigate={() => setOpen(false)} />}
    </div>
  );
}
