import type { MarkNotificationsReadBody, NotificationReadResultDto } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { markLoadedRead, NOTIFICATIONS_URL } from '@/features/notifications/api/get-notifications';
import { api } from '@/lib/api-client';

export const NOTIFICATIONS_READ_URL = `${NOTIFICATIONS_URL}/read`;

/** POST /api/notifications/read { ids } or { all: true } → the unread count after it. */
export function markNotificationsRead(body: MarkNotificationsReadBody): Promise<NotificationReadResultDto> {
  return api.post<NotificationReadResultDto>(NOTIFICATIONS_READ_URL, body);
}

export function useMarkNotificationsRead(options: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: ({ unreadCount }, body) => markLoadedRead(queryClient, 'all' in body ? 'all' : body.ids, unreadCount),
    onError: options.onError,
  });
}
