import type { VideoDto } from '@app/contracts';

/** A saved video: the Video shape, always shown as bookmarked (spec section 2, Saved Videos). */
export type SavedVideo = VideoDto & { isBookmarked: true };

/** What GET /api/bookmarks may answer (spec section 7): a plain array, or an object with a data array. */
export type BookmarksResponse = VideoDto[] | { data: VideoDto[] };

function listOf(response: unknown): unknown[] {
  if (Array.isArray(response)) return response;
  if (response && typeof response === 'object' && 'data' in response && Array.isArray(response.data)) {
    return response.data;
  }
  return [];
}

function isVideo(value: unknown): value is VideoDto {
  return (
    value !== null &&
    typeof value === 'object' &&
    'id' in value &&
    (typeof value.id === 'number' || typeof value.id === 'string')
  );
}

/**
 * The saved videos of either response form, in the server's order (newest save first), each id
 * once (its first occurrence) and each marked as bookmarked. Anything else reads as no videos.
 */
export function normalizeSavedVideos(response: unknown): SavedVideo[] {
  const seen = new Set<string>();
  const videos: SavedVideo[] = [];
  for (const item of listOf(response)) {
    if (!isVideo(item)) continue;
    const key = String(item.id);
    if (seen.has(key)) continue;
    seen.add(key);
    videos.push({ ...item, isBookmarked: true });
  }
  return videos;
}
