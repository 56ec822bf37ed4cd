import { BOOKMARKS_URL } from '@/features/bookmarks/api/get-bookmarks';
import { api } from '@/lib/api-client';

/** DELETE /api/bookmarks/{videoId}: un-saves a video (also fine when it was not saved). */
export function deleteBookmark(videoId: number): Promise<void> {
  return api.delete(`${BOOKMARKS_URL}/${encodeURIComponent(String(videoId))}`);
}
