import type { VideoDto } from '@app/contracts';
import { displayName, formatCount } from '@/lib/format';
import { personOf } from '@/lib/person';

type UploaderFields = Pick<
  VideoDto,
  'uploaderId' | 'uploaderName' | 'uploaderFirstName' | 'uploaderLastName' | 'uploaderImage'
>;

type BylineFields = UploaderFields & {
  categoryName?: string | null;
  views?: number | null;
};

/** Who uploaded a video, as the video page and the Admin Panel name them. */
export function uploaderName(video: UploaderFields): string {
  return displayName(personOf(video));
}

/** 'By {uploader} • {category} • {views} views', the Admin Panel's video line (spec section 2). */
export function videoByline(video: BylineFields): string {
  const category = video.categoryName?.trim() || 'Uncategorized';
  return `By ${uploaderName(video)} • ${category} • ${formatCount(video.views ?? 0)} views`;
}
