import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getCategoriesQueryOptions } from '@/features/categories/api/get-categories';
import { api } from '@/lib/api-client';

/** DELETE /api/categories/{id} (admins only); its videos stay, uncategorised. */
export function deleteCategory(categoryId: number): Promise<void> {
  return api.delete(`/api/categories/${encodeURIComponent(String(categoryId))}`);
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  const listKey = getCategoriesQueryOptions().queryKey;
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: async (_, categoryId) => {
      queryClient.setQueryData(listKey, (categories) => categories?.filter((category) => category.id !== categoryId));
      await queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
}
