import type { BookmarkCheckDto } from '@app/contracts';
import { BOOKMARKS_URL } from '@/features/bookmarks/api/get-bookmarks';
import { api } from '@/lib/api-client';

/** POST /api/bookmarks { videoId }: saves a video; saving it again changes nothing. */
export function createBookmark(videoId: number): Promise<BookmarkCheckDto> {
  return api.post<BookmarkCheckDto>(BOOKMARKS_URL, { videoId });
}
