import type { ChangePasswordRequest } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * PUT /api/auth/password → 204. This browser stays signed in; the member's other sessions end.
 * A 401 is reported by the form itself (the 'Unauthorized' own-profile toast).
 */
export function changePassword(body: ChangePasswordRequest): Promise<void> {
  return api.put<void>('/api/auth/password', body, { on401: 'throwSilently' });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
