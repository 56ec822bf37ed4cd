import type { NotificationPreferencesDto, NotificationType } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  getNotificationPreferencesQueryOptions,
  NOTIFICATION_PREFERENCES_URL,
} from '@/features/notifications/api/get-notification-preferences';
import { api } from '@/lib/api-client';

export type NotificationPreferenceChange = { type: NotificationType; enabled: boolean };

/** PUT /api/notifications/preferences { types: { <type>: on } } → every type, on or off. */
export function updateNotificationPreference({
  type,
  enabled,
}: NotificationPreferenceChange): Promise<NotificationPreferencesDto> {
  return api.put<NotificationPreferencesDto>(NOTIFICATION_PREFERENCES_URL, { types: { [type]: enabled } });
}

/**
 * One switch, saved at once: it shows the new state while the request is out and flips back alone
 * on failure, leaving switches changed meanwhile as they are.
 */
export function useUpdateNotificationPreference(
  options: { onError?: (error: Error) => void; onSettled?: (change: NotificationPreferenceChange) => void } = {},
) {
  const queryClient = useQueryClient();
  const key = getNotificationPreferencesQueryOptions().queryKey;
  const setType = ({ type, enabled }: NotificationPreferenceChange) =>
    queryClient.setQueryData(key, (data) => (data ? { types: { ...data.types, [type]: enabled } } : data));

  return useMutation({
    mutationKey: key,
    mutationFn: updateNotificationPreference,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      setType(change);
    },
    onError: (error, change) => {
      setType({ type: change.type, enabled: !change.enabled });
      options.onError?.(error);
    },
    onSuccess: (preferences) => {
      // The answer is the whole map; while another switch's request is out, it would undo that one.
      // (This mutation still counts as pending while its onSuccess runs.)
      if (queryClient.isMutating({ mutationKey: key }) > 1) return;
      queryClient.setQueryData(key, preferences);
    },
    onSettled: (_preferences, _error, change) => options.onSettled?.(change),
  });
}
