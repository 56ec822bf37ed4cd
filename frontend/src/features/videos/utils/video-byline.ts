import { formatCount, formatPersonName } from '@/lib/format';

type BylineFields = {
  uploaderName?: string | null;
  uploaderFirstName?: string | null;
  uploaderLastName?: string | null;
  categoryName?: string | null;
  views?: number | null;
};

/** 'By {uploader} • {category} • {views} views', the Admin Panel's video line (spec section 2). */
export function videoByline(video: BylineFields): string {
  const uploader =
    video.uploaderName?.trim() ||
    formatPersonName({ firstName: video.uploaderFirstName, lastName: video.uploaderLastName }) ||
    'Unknown User';
  const category = video.categoryName?.trim() || 'Uncategorized';
  return `By ${uploader} • ${category} • ${formatCount(video.views ?? 0)} views`;
}
