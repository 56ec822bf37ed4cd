import type { UserDto } from '@app/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/*
 * GET /api/auth/user — the signed-in member, or null for a visitor. Every screen and feature asks
 * it who is signed in, so it lives here rather than in one feature that the others cannot import.
 */

export type CurrentUser = UserDto;

export function getCurrentUser(options: { signal?: AbortSignal } = {}): Promise<CurrentUser | null> {
  return apiRequest<CurrentUser>('GET', '/api/auth/user', { signal: options.signal, on401: 'returnNull' });
}

export function getCurrentUserQueryOptions() {
  return queryOptions({
    queryKey: ['/api/auth/user'] as const,
    queryFn: ({ signal }) => getCurrentUser({ signal }),
    retry: false,
  });
}

export function useCurrentUser() {
  const query = useQuery(getCurrentUserQueryOptions());
  const user = query.data ?? null;
  return {
    user,
    /** The spec's rule: authenticated means the current-user lookup returned data. */
    isAuthenticated: user !== null,
    isAdmin: user?.isAdmin === true,
    /** True until the first answer, so screens can avoid flashing the signed-out state. */
    isLoading: query.isPending,
  };
}

export function setCurrentUser(queryClient: QueryClient, user: CurrentUser | null): void {
  queryClient.setQueryData(getCurrentUserQueryOptions().queryKey, user);
}

/** Forgets everything loaded for the previous member but keeps the (now updated) current user. */
export function removeQueriesExceptCurrentUser(queryClient: QueryClient): void {
  const [currentUserUrl] = getCurrentUserQueryOptions().queryKey;
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserUrl });
}
