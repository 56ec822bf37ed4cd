import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getCategoriesQueryOptions, type Category } from '@/features/categories/api/get-categories';
import { api } from '@/lib/api-client';

export type CreateCategoryInput = { name: string; icon: string };

/** POST /api/categories { name, icon } (admins only); a name already in use is refused (409). */
export function createCategory(input: CreateCategoryInput): Promise<Category> {
  return api.post<Category>('/api/categories', input);
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getCategoriesQueryOptions().queryKey }),
  });
}
