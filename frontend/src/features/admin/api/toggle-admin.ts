import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_USERS_QUERY_KEY_ROOT,
  ADMIN_USERS_URL,
  updateLoadedAdminUsers,
  type AdminUser,
} from '@/features/admin/api/get-admin-users';
import { api } from '@/lib/api-client';

/** PATCH /api/admin/users/{id}/toggle-admin (no body) → the member with the admin flag flipped. */
export function toggleAdmin(userId: string): Promise<AdminUser> {
  return api.patch<AdminUser>(`${ADMIN_USERS_URL}/${encodeURIComponent(userId)}/toggle-admin`);
}

export function useToggleAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleAdmin,
    onSuccess: (updated, userId) => {
      updateLoadedAdminUsers(queryClient, (users) =>
        users.map((user) =>
          user.id === userId ? { ...user, ...(updated && typeof updated === 'object' ? updated : {}) } : user,
        ),
      );
      // The answer's body is not fixed by the spec; the list's own answer settles the flag.
      void queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY_ROOT });
    },
  });
}
