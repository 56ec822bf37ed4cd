import type { UserDto } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cacheUpdatedUser } from '@/features/users/api/cache-updated-user';
import { api } from '@/lib/api-client';

/** POST /api/users/profile/image, multipart field `profileImage` → the updated member. */
export function uploadProfileImage(file: File): Promise<UserDto> {
  const body = new FormData();
  body.append('profileImage', file);
  return api.post<UserDto>('/api/users/profile/image', body, { on401: 'throwSilently' });
}

export function useUploadProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfileImage,
    onSuccess: (user) => cacheUpdatedUser(queryClient, user),
  });
}
