import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type Category = {
  id: number;
  name: string;
  /** An emoji. */
  icon: string;
};

export function getCategories(options: { signal?: AbortSignal } = {}): Promise<Category[]> {
  return api.get<Category[]>('/api/categories', options);
}

export function getCategoriesQueryOptions() {
  return queryOptions({
    queryKey: ['/api/categories'],
    queryFn: ({ signal }) => getCategories({ signal }),
  });
}

export function useCategories() {
  return useQuery(getCategoriesQueryOptions());
}
