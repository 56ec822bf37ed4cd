import type { UserDto } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/users/{id}: a member's public profile (with email only for themself and admins). */
export function getUser(userId: string, options: { signal?: AbortSignal } = {}): Promise<UserDto> {
  return api.get<UserDto>(`/api/users/${encodeURIComponent(userId)}`, options);
}

export function getUserQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [`/api/users/${encodeURIComponent(userId)}`] as const,
    queryFn: ({ signal }) => getUser(userId, { signal }),
  });
}

export function useUser(userId: string) {
  return useQuery(getUserQueryOptions(userId));
}
