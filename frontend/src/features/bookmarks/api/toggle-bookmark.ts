import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getBookmarkCheckQueryOptions, type BookmarkCheck } from '@/features/bookmarks/api/check-bookmark';
import { createBookmark } from '@/features/bookmarks/api/create-bookmark';
import { deleteBookmark } from '@/features/bookmarks/api/delete-bookmark';
import { getBookmarksQueryOptions } from '@/features/bookmarks/api/get-bookmarks';

/** Saves (POST) or un-saves (DELETE) one video; the button flips at once and flips back on failure. */
export function useToggleBookmark(videoId: number) {
  const queryClient = useQueryClient();
  const checkKey = getBookmarkCheckQueryOptions(videoId).queryKey;
  const listKey = getBookmarksQueryOptions().queryKey;

  return useMutation({
    mutationFn: async (save: boolean) => {
      if (save) await createBookmark(videoId);
      else await deleteBookmark(videoId);
      return save;
    },
    onMutate: async (save) => {
      await queryClient.cancelQueries({ queryKey: checkKey });
      const previous = queryClient.getQueryData<BookmarkCheck>(checkKey);
      queryClient.setQueryData<BookmarkCheck>(checkKey, { isBookmarked: save });
      return { previous };
    },
    onError: (_error, _save, context) => {
      queryClient.setQueryData<BookmarkCheck | undefined>(checkKey, context?.previous);
    },
    onSuccess: (save) => {
      // An un-saved video leaves Saved Videos at once; a newly saved one arrives with the refetch.
      if (!save) queryClient.setQueryData(listKey, (list) => list?.filter((video) => video.id !== videoId));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}
