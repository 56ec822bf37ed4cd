/*
 * YouTube links in the two forms the upload accepts: youtube.com/watch?v=ID (www., m. and music.
 * hosts, other parameters allowed) and youtu.be/ID. The same rule as the contract's
 * `youtubeVideoId` (youtube.spec.ts holds them together), repeated here so that cards and the
 * player do not pull the contract's validation library into the first page load.
 */

const LONG_FORM = /^https?:\/\/(?:www\.|m\.|music\.)?youtube\.com\/watch\?(?:[^#]*&)?v=([A-Za-z0-9_-]{11})(?:[&#].*)?$/;
const SHORT_FORM = /^https?:\/\/youtu\.be\/([A-Za-z0-9_-]{11})(?:[?#].*)?$/;

/** The 11-character video id of a YouTube link in either accepted form, or null. */
export function youtubeVideoId(url: string | null | undefined): string | null {
  const trimmed = url?.trim() ?? '';
  return LONG_FORM.exec(trimmed)?.[1] ?? SHORT_FORM.exec(trimmed)?.[1] ?? null;
}

/** The preview image YouTube serves for a link, or null when the link is not a YouTube video. */
export function youtubePreviewUrl(url: string | null | undefined): string | null {
  const id = youtubeVideoId(url);
  return id ? `https://img.youtube.com/vi/${id}/hqdefault.jpg` : null;
}

/** The privacy-enhanced embed address for a link, or null when the link is not a YouTube video. */
export function youtubeEmbedUrl(url: string | null | undefined): string | null {
  const id = youtubeVideoId(url);
  return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
}
