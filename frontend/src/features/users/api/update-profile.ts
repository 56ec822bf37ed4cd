import type { UpdateProfileRequest, UserDto } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cacheUpdatedUser } from '@/features/users/api/cache-updated-user';
import { api, ApiError } from '@/lib/api-client';

/** The error a failed profile update raises (spec section 7): 'HTTP error! status: {code}'. */
export class ProfileUpdateError extends Error {
  readonly status: number;

  constructor(status: number, options?: ErrorOptions) {
    super(`HTTP error! status: ${status}`, options);
    this.name = 'ProfileUpdateError';
    this.status = status;
  }
}

/** PUT /api/users/profile → the updated member. */
export async function updateProfile(body: UpdateProfileRequest): Promise<UserDto> {
  try {
    return await api.put<UserDto>('/api/users/profile', body, { on401: 'throwSilently' });
  } catch (error) {
    if (error instanceof ApiError) throw new ProfileUpdateError(error.status, { cause: error });
    throw error;
  }
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => cacheUpdatedUser(queryClient, user),
  });
}
