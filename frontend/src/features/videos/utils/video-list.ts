import type { VideoListSort } from '@app/contracts';

type ListedVideo = {
  id: number;
  title: string;
  createdAt: string;
  views: number;
  averageRating: number | null;
  feedbackCount: number;
};

/** Videos whose title contains the words typed, ignoring case; all of them for an empty search. */
export function filterByTitle<V extends Pick<ListedVideo, 'title'>>(videos: readonly V[], query: string): V[] {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return [...videos];
  return videos.filter((video) => video.title.toLocaleLowerCase().includes(needle));
}

const time = (value: string) => {
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? 0 : parsed;
};

const keys: Record<VideoListSort, (video: ListedVideo) => number> = {
  recent: (video) => time(video.createdAt),
  views: (video) => video.views ?? 0,
  rating: (video) => video.averageRating ?? 0,
  feedback: (video) => video.feedbackCount ?? 0,
};

/** Highest first (newest first for 'recent'); ties go to the newer video, as on the server. */
export function sortVideos<V extends ListedVideo>(videos: readonly V[], sort: VideoListSort): V[] {
  const key = keys[sort];
  return [...videos].sort((a, b) => key(b) - key(a) || b.id - a.id);
}
