import { useMemo } from 'react';
import type { UserDto } from '@app/contracts';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { apiGetPage, type ApiPage } from '@/lib/api-client';

export const ADMIN_USERS_URL = '/api/admin/users';

export type AdminUser = UserDto;

/** The first page's URL: every member, or those whose name or email contains `search`. */
export const adminUsersUrl = (search = '') =>
  search.trim() ? `${ADMIN_USERS_URL}?${new URLSearchParams({ q: search.trim() }).toString()}` : ADMIN_USERS_URL;

/** GET /api/admin/users (admins only) → a page of members, newest first, and the next page's URL. */
export function getAdminUsersPage(url: string, options: { signal?: AbortSignal } = {}): Promise<ApiPage<AdminUser>> {
  return apiGetPage<AdminUser>(url, options);
}

/** Every search of the Users tab shares this root, so one invalidation refreshes them all. */
export const ADMIN_USERS_QUERY_KEY_ROOT = [ADMIN_USERS_URL] as const;

export function getAdminUsersQueryOptions(search = '') {
  return infiniteQueryOptions({
    queryKey: [...ADMIN_USERS_QUERY_KEY_ROOT, 'pages', search.trim()] as const,
    queryFn: ({ pageParam, signal }) => getAdminUsersPage(pageParam, { signal }),
    initialPageParam: adminUsersUrl(search),
    getNextPageParam: (lastPage) => lastPage.nextUrl ?? undefined,
  });
}

/** The members loaded so far for a search, and how to load more. */
export function useAdminUsers(options: { enabled: boolean; search?: string }) {
  const query = useInfiniteQuery({ ...getAdminUsersQueryOptions(options.search), enabled: options.enabled });
  const data = useMemo(() => query.data?.pages.flatMap((page) => page.items), [query.data]);
  return { ...query, data };
}

/** Changes the members in every loaded page of every search (after a toggle or a deletion). */
export function updateLoadedAdminUsers(queryClient: QueryClient, change: (users: AdminUser[]) => AdminUser[]): void {
  queryClient.setQueriesData<InfiniteData<ApiPage<AdminUser>>>({ queryKey: ADMIN_USERS_QUERY_KEY_ROOT }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: change(page.items) })) } : data,
  );
}
