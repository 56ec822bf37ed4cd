import { SIGNED_IN_MARKER, signedInMarkerOf, type UserDto } from '@app/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';

/*
 * GET /api/auth/user — the signed-in member, or null for a visitor. Every screen and feature asks
 * it who is signed in, so it lives here rather than in one feature that the others cannot import.
 */

export type CurrentUser = UserDto;

/**
 * Whether this browser's session may be signed in: the gateway's signed-in marker, a cookie it
 * keeps beside the (unreadable) session cookie. Without it the answer could only be a 401.
 */
export function mayBeSignedIn(cookies: string = document.cookie): boolean {
  return signedInMarkerOf(cookies) === SIGNED_IN_MARKER.signedIn;
}

/**
 * A visitor's browser does not ask, so no page of theirs sends a request bound to fail; the
 * answer is the one a 401 would have given. A stale marker costs one 401, answered as null too.
 */
export function getCurrentUser(options: { signal?: AbortSignal } = {}): Promise<CurrentUser | null> {
  if (!mayBeSignedIn()) return Promise.resolve(null);
  return apiRequest<CurrentUser>('GET', '/api/auth/user', { signal: options.signal, on401: 'returnNull' });
}

/** How often a failed lookup is asked again before the screens give up on it. */
const CURRENT_USER_RETRIES = 4;

export function getCurrentUserQueryOptions() {
  return queryOptions({
    queryKey: ['/api/auth/user'] as const,
    queryFn: ({ signal }) => getCurrentUser({ signal }),
    // A visitor's answer is known at once: the header shows its actions on the first paint.
    initialData: () => (mayBeSignedIn() ? undefined : null),
    // A server that could not answer just now (503, a dropped connection) is asked again, the
    // screens waiting meanwhile: giving up would show a signed-in member the signed-out page,
    // and a press on a star would ask them to log in. A 4xx answer is final.
    retry: (failures, error) => failures < CURRENT_USER_RETRIES && !(error instanceof ApiError && error.status < 500),
    retryDelay: (attempt) => Math.min(500 * 2 ** attempt, 4000),
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
