import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isUnauthorizedError } from '@/lib/api-client';
import { removeQueriesExceptCurrentUser, setCurrentUser } from '@/lib/auth';

/** POST /api/auth/logout → 204. */
export async function logout(): Promise<void> {
  try {
    await api.post('/api/auth/logout', undefined, { on401: 'throwSilently' });
  } catch (error) {
    // Already signed out (an expired session): the goal is reached.
    if (!isUnauthorizedError(error)) throw error;
  }
}

/** Signs out and forgets everything loaded for the member. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      await queryClient.cancelQueries();
      // The current user is set to null rather than removed, so every mounted screen updates at once.
      setCurrentUser(queryClient, null);
      removeQueriesExceptCurrentUser(queryClient);
    },
  });
}
