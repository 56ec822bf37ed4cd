import type { UserDto } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const ADMIN_USERS_URL = '/api/admin/users';

export type AdminUser = UserDto;

/** GET /api/admin/users (admins only) → every member, newest first. */
export function getAdminUsers(options: { signal?: AbortSignal } = {}): Promise<AdminUser[]> {
  return api.get<AdminUser[]>(ADMIN_USERS_URL, options);
}

export function getAdminUsersQueryOptions() {
  return queryOptions({
    queryKey: [ADMIN_USERS_URL] as const,
    queryFn: ({ signal }) => getAdminUsers({ signal }),
  });
}

export function useAdminUsers(options: { enabled: boolean }) {
  return useQuery({ ...getAdminUsersQueryOptions(), enabled: options.enabled });
}
