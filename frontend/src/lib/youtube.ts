import { youtubeThumbnailUrl, youtubeVideoId as contractYoutubeVideoId } from '@app/contracts';

/*
 * YouTube links, by the contract's rule (the one the server validates with): the id of a link in
 * either accepted form, and the addresses the cards and the player derive from it.
 */

/** The 11-character video id of a YouTube link in either accepted form, or null. */
export function youtubeVideoId(url: string | null | undefined): string | null {
  return url ? contractYoutubeVideoId(url) : null;
}

/** The preview image YouTube serves for a link, or null when the link is not a YouTube video. */
export function youtubePreviewUrl(url: string | null | undefined): string | null {
  const id = youtubeVideoId(url);
  return id ? youtubeThumbnailUrl(id) : null;
}

/** The privacy-enhanced embed address for a link, or null when the link is not a YouTube video. */
export function youtubeEmbedUrl(url: string | null | undefined): string | null {
  const id = youtubeVideoId(url);
  return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
}
