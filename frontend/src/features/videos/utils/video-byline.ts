import { displayName, formatCount } from '@/lib/format';

type UploaderFields = {
  uploaderName?: string | null;
  uploaderFirstName?: string | null;
  uploaderLastName?: string | null;
};

type BylineFields = UploaderFields & {
  categoryName?: string | null;
  views?: number | null;
};

/** Who uploaded a video, as the video page and the Admin Panel name them. */
export function uploaderName(video: UploaderFields): string {
  return displayName({
    name: video.uploaderName,
    firstName: video.uploaderFirstName,
    lastName: video.uploaderLastName,
  });
}

/** 'By {uploader} • {category} • {views} views', the Admin Panel's video line (spec section 2). */
export function videoByline(video: BylineFields): string {
  const category = video.categoryName?.trim() || 'Uncategorized';
  return `By ${uploaderName(video)} • ${category} • ${formatCount(video.views ?? 0)} views`;
}
