import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_USERS_QUERY_KEY_ROOT,
  ADMIN_USERS_URL,
  updateLoadedAdminUsers,
} from '@/features/admin/api/get-admin-users';
import { api } from '@/lib/api-client';

/** DELETE /api/admin/users/{id}: the member leaves the list at once; their content goes in the background. */
export function deleteUser(userId: string): Promise<void> {
  return api.delete(`${ADMIN_USERS_URL}/${encodeURIComponent(userId)}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: async (_, userId) => {
      updateLoadedAdminUsers(queryClient, (users) => users.filter((user) => user.id !== userId));
      await queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY_ROOT });
    },
  });
}
