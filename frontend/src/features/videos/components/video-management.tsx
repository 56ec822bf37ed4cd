import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-dialog';
import { EyeIcon, TrashIcon, VideoIcon } from '@/components/ui/icons';
import { ListState } from '@/components/ui/list-state';
import { toast } from '@/components/ui/toast';
import { ADMIN_VIDEOS_LIMIT } from '@/config/constants';
import { paths } from '@/config/paths';
import { useDeleteVideo } from '@/features/videos/api/delete-video';
import { useVideos, type Video } from '@/features/videos/api/get-videos';
import { VideoThumbnail } from '@/features/videos/components/video-thumbnail';
import { videoByline } from '@/features/videos/utils/video-byline';
import { isUnauthorizedError } from '@/lib/api-client';

/** Admin Panel, Videos tab: the latest videos, each with view and delete (spec section 2). */
export function VideoManagement() {
  const videos = useVideos({ limit: ADMIN_VIDEOS_LIMIT });
  const remove = useDeleteVideo();
  const [deleting, setDeleting] = useState<Video | null>(null);

  const onConfirmDelete = () => {
    if (!deleting || remove.isPending) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: 'Video deleted successfully' });
        setDeleting(null);
      },
      onError: (error) => {
        // The API client has already reported an ended session.
        if (isUnauthorizedError(error)) return;
        toast({ title: 'Failed to delete video', variant: 'destructive' });
      },
    });
  };

  return (
    <section className="admin-section" aria-labelledby="admin-videos-title">
      <h2 id="admin-videos-title" className="admin-section__title">
        Video Management
      </h2>
      <ListState
        query={videos}
        loadingLabel="Loading videos"
        emptyIcon={<VideoIcon className="empty-state__icon" size={40} />}
        emptyTitle="No videos yet"
      >
        {(items) => (
          <ul className="admin-list" data-testid="admin-video-list">
            {items.map((video) => (
              <li
                key={video.id}
                className="admin-row admin-row--video"
                data-testid="admin-video-row"
                data-video-id={video.id}
              >
                <VideoThumbnail video={video} className="admin-row__thumb" />
                <div className="admin-row__main">
                  <p className="admin-row__title" data-testid="admin-video-title">
                    {video.title}
                  </p>
                  {video.description?.trim() && <p className="admin-row__text admin-row__clamp">{video.description}</p>}
                  <p className="admin-row__meta">{videoByline(video)}</p>
                </div>
                <div className="admin-row__actions">
                  <Link
                    to={paths.video(video.id)}
                    className="btn btn--secondary btn--sm"
                    aria-label={`View ${video.title}`}
                    data-testid="admin-view-video"
                  >
                    <EyeIcon size={16} />
                    <span className="admin-row__button-label">View</span>
                  </Link>
                  <button
                    type="button"
                    className="btn btn--danger btn--sm"
                    onClick={() => setDeleting(video)}
                    aria-label={`Delete ${video.title}`}
                    data-testid="admin-delete-video"
                  >
                    <TrashIcon size={16} />
                    <span className="admin-row__button-label">Delete</span>
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListState>
      <ConfirmDeleteDialog
        open={deleting !== null}
        title="Delete Video"
        description={
          deleting ? `Are you sure you want to delete "${deleting.title}"? This action cannot be undone.` : undefined
        }
        pending={remove.isPending}
        onConfirm={onConfirmDelete}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
