import type { NotificationPreferencesDto } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_URL } from '@/features/notifications/api/get-notifications';
import { api } from '@/lib/api-client';

export const NOTIFICATION_PREFERENCES_URL = `${NOTIFICATIONS_URL}/preferences`;

/** GET /api/notifications/preferences → every type, on or off. */
export function getNotificationPreferences(
  options: { signal?: AbortSignal } = {},
): Promise<NotificationPreferencesDto> {
  return api.get<NotificationPreferencesDto>(NOTIFICATION_PREFERENCES_URL, options);
}

export function getNotificationPreferencesQueryOptions() {
  return queryOptions({
    queryKey: [NOTIFICATION_PREFERENCES_URL] as const,
    queryFn: ({ signal }) => getNotificationPreferences({ signal }),
  });
}

export function useNotificationPreferences(options: { enabled: boolean }) {
  return useQuery({ ...getNotificationPreferencesQueryOptions(), enabled: options.enabled });
}
