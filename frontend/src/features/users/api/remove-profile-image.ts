import type { UserDto } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cacheUpdatedUser } from '@/features/users/api/cache-updated-user';
import { api } from '@/lib/api-client';

/** DELETE /api/users/profile/image → the updated member, without a picture. */
export function removeProfileImage(): Promise<UserDto> {
  return api.delete<UserDto>('/api/users/profile/image', { on401: 'throwSilently' });
}

export function useRemoveProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeProfileImage,
    onSuccess: (user) => cacheUpdatedUser(queryClient, user),
  });
}
