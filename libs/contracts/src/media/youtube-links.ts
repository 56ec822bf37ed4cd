/*
 * YouTube links (spec section 5 "Upload"): which links are accepted and the addresses derived from
 * them. Plain functions without zod, so a screen that only shows a link (a card, the video page)
 * does not download the schemas that validate one.
 */

// youtube.com/watch?v=ID (www., m., music. hosts; extra parameters allowed) or youtu.be/ID.
const LONG_FORM = /^https?:\/\/(?:www\.|m\.|music\.)?youtube\.com\/watch\?(?:[^#]*&)?v=([A-Za-z0-9_-]{11})(?:[&#].*)?$/;
const SHORT_FORM = /^https?:\/\/youtu\.be\/([A-Za-z0-9_-]{11})(?:[?#].*)?$/;

/** The 11-character video id of a YouTube link in either accepted form, or null. */
export function youtubeVideoId(url: string): string | null {
  const trimmed = url.trim();
  return LONG_FORM.exec(trimmed)?.[1] ?? SHORT_FORM.exec(trimmed)?.[1] ?? null;
}

export const youtubeThumbnailUrl = (videoId: string) => `https://img.youtube.com/vi/${videoId}/hqdefault.jpg`;

/** The one form a link is stored and returned in, whatever form or extras were sent. */
export const youtubeWatchUrl = (videoId: string) => `https://www.youtube.com/watch?v=${videoId}`;
