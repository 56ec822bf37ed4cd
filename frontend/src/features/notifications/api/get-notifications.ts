import type { NotificationDto, NotificationPageDto } from '@app/contracts';
import { useMemo } from 'react';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A notification as the bell lists it. */
export type Notification = NotificationDto;

export const NOTIFICATIONS_URL = '/api/notifications';

/** A page of the bell's list: what the server sends by default. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** Without a live stream (no EventSource, or the stream gave up), the bell asks this often. */
export const NOTIFICATIONS_POLL_MS = 60_000;

const pageUrl = (cursor: string | null) => {
  const query = new URLSearchParams();
  if (cursor) query.set('cursor', cursor);
  query.set('limit', String(NOTIFICATIONS_PAGE_SIZE));
  return `${NOTIFICATIONS_URL}?${query.toString()}`;
};

/**
 * GET /api/notifications?cursor=&limit= → a page, newest first, with the unread count. A session
 * that ended is not announced from here: the bell asks in the background, and the member learns of
 * it from what they do next.
 */
export function getNotificationsPage(
  cursor: string | null,
  options: { signal?: AbortSignal } = {},
): Promise<NotificationPageDto> {
  return api.get<NotificationPageDto>(pageUrl(cursor), { ...options, on401: 'throwSilently' });
}

export function getNotificationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [NOTIFICATIONS_URL] as const,
    queryFn: ({ pageParam, signal }) => getNotificationsPage(pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

type NotificationPages = InfiniteData<NotificationPageDto, unknown>;

/**
 * The unread count as last heard: the page fetched last carries the newest count (a refetch
 * fetches the pages in order, "Load more" appends), and a live event sets it on every page.
 */
export function unreadCountOf(data: NotificationPages | undefined): number {
  return data?.pages.at(-1)?.unreadCount ?? 0;
}

/** The loaded pages as one list (an item seen on two pages, once). */
export function loadedNotifications(data: NotificationPages | undefined): Notification[] {
  if (!data) return [];
  const seen = new Set<number>();
  return data.pages.flatMap((page) => page.items.filter((item) => !seen.has(item.id) && seen.add(item.id)));
}

function updateLoadedPages(queryClient: QueryClient, change: (page: NotificationPageDto) => NotificationPageDto): void {
  queryClient.setQueryData(getNotificationsQueryOptions().queryKey, (data) =>
    data ? { ...data, pages: data.pages.map(change) } : data,
  );
}

/**
 * The count a live event reported (nothing when the list is not loaded yet: its fetch brings it).
 * True when it differs from the one shown.
 */
export function setUnreadCount(queryClient: QueryClient, unreadCount: number): boolean {
  const { queryKey } = getNotificationsQueryOptions();
  const data = queryClient.getQueryData(queryKey);
  if (!data || unreadCountOf(data) === unreadCount) return false;
  updateLoadedPages(queryClient, (page) => ({ ...page, unreadCount }));
  return true;
}

/** Shows loaded notifications as read after the server has marked them so. */
export function markLoadedRead(queryClient: QueryClient, ids: number[] | 'all', unreadCount: number): void {
  const isRead = (item: Notification) => item.read || ids === 'all' || ids.includes(item.id);
  updateLoadedPages(queryClient, (page) => ({
    ...page,
    unreadCount,
    items: page.items.map((item) => (isRead(item) && !item.read ? { ...item, read: true } : item)),
  }));
}

/** Refetches the loaded pages: a new notification, or a merged one that moved to the top. */
export function refreshNotifications(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: getNotificationsQueryOptions().queryKey });
}

/**
 * The signed-in member's notifications and unread count. `poll` when no live stream keeps them
 * current.
 */
export function useNotifications(options: { enabled: boolean; poll: boolean }) {
  const query = useInfiniteQuery({
    ...getNotificationsQueryOptions(),
    enabled: options.enabled,
    refetchInterval: options.poll ? NOTIFICATIONS_POLL_MS : false,
  });
  const items = useMemo(() => loadedNotifications(query.data), [query.data]);
  return { ...query, items, unreadCount: unreadCountOf(query.data) };
}
