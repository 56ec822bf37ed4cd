import type { VideoListSort } from '@app/contracts';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { UploadVideoButton } from '@/app/layout/upload-video-button';
import { DocumentTitle } from '@/components/ui/document-title';
import { Select } from '@/components/ui/select';
import { SortSelect } from '@/components/ui/sort-select';
import { EyeIcon, MessageIcon, SearchIcon, StarIcon, VideoIcon } from '@/components/ui/icons';
import { LOGIN_REDIRECT_URL, USER_VIDEOS_LIMIT } from '@/config/constants';
import { useCategories } from '@/features/categories/api/get-categories';
import { useUserFeedbackStats } from '@/features/feedback/api/get-user-feedback-stats';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { useInfiniteVideos, type Video } from '@/features/videos/api/get-videos';
import { DeleteVideoDialog } from '@/features/videos/components/delete-video-dialog';
import { EditDescriptionDialog } from '@/features/videos/components/edit-description-dialog';
import { VideoActionsMenu } from '@/features/videos/components/video-actions-menu';
import { VideoGrid, VideoGridSkeleton } from '@/features/videos/components/video-card';
import { filterByTitle, sortVideos } from '@/features/videos/utils/video-list';
import { useCurrentUser, type CurrentUser } from '@/lib/auth';
import { formatCount, formatRating } from '@/lib/format';
import './my-videos.css';

const MY_VIDEOS_SORTS: { value: VideoListSort; label: string }[] = [
  { value: 'recent', label: 'Most Recent' },
  { value: 'views', label: 'Most Viewed' },
  { value: 'rating', label: 'Highest Rated' },
  { value: 'feedback', label: 'Most Feedback' },
];

const ALL_CATEGORIES = 'all';

function StatCard({
  label,
  value,
  icon,
  testId,
}: {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  testId: string;
}) {
  return (
    <div className="card stat-card" data-testid={testId}>
      <span className="stat-card__icon" aria-hidden="true">
        {icon}
      </span>
      <div className="stat-card__text">
        <p className="stat-card__label">{label}</p>
        <p className="stat-card__value">{value}</p>
      </div>
    </div>
  );
}

function MyVideosContent({ user }: { user: CurrentUser }) {
  // Everything of the member's, sorted and filtered here, so switching costs no request.
  // The first page is the spec's 100; "Load more" follows the server's next link.
  const videos = useInfiniteVideos({ uploaderId: user.id, limit: USER_VIDEOS_LIMIT });
  const stats = useUserFeedbackStats(user.id);
  const categories = useCategories();
  const [search, setSearch] = useState('');
  const [categoryId, setCategoryId] = useState(ALL_CATEGORIES);
  const [sort, setSort] = useState<VideoListSort>('recent');
  const [editing, setEditing] = useState<Video | null>(null);
  const [deleting, setDeleting] = useState<Video | null>(null);

  const list = videos.videos;
  const shown = useMemo(() => {
    const inCategory =
      categoryId === ALL_CATEGORIES ? list : list.filter((video) => String(video.categoryId) === categoryId);
    return sortVideos(filterByTitle(inCategory, search), sort);
  }, [list, categoryId, search, sort]);
  const totalViews = list.reduce((sum, video) => sum + (video.views ?? 0), 0);
  const filtered = search.trim() !== '' || categoryId !== ALL_CATEGORIES;

  const clearFilters = () => {
    setSearch('');
    setCategoryId(ALL_CATEGORIES);
  };

  return (
    <>
      <div className="stat-grid" aria-label="Your statistics" role="group">
        <StatCard
          label="Total Videos"
          value={videos.isPending ? '–' : formatCount(list.length)}
          icon={<VideoIcon size={20} />}
          testId="stat-total-videos"
        />
        <StatCard
          label="Total Views"
          value={videos.isPending ? '–' : formatCount(totalViews)}
          icon={<EyeIcon size={20} />}
          testId="stat-total-views"
        />
        <StatCard
          label="Feedback Given"
          value={stats.data ? formatCount(stats.data.totalFeedback) : '–'}
          icon={<MessageIcon size={20} />}
          testId="stat-feedback-given"
        />
        <StatCard
          label="Feedback Rating"
          value={
            stats.data ? (
              <span className="stat-card__rating">
                {formatRating(stats.data.averageRating)}
                <StarIcon size={18} filled className="stat-card__star" />
              </span>
            ) : (
              '–'
            )
          }
          icon={<StarIcon size={20} />}
          testId="stat-feedback-rating"
        />
      </div>
      {stats.isError && (
        <p className="inline-error" role="alert">
          {stats.error.message}
        </p>
      )}

      <div className="my-videos__filters" role="group" aria-label="Filter and sort your videos">
        <div className="filter-field filter-field--search">
          <label htmlFor="my-videos-search" className="filter-field__label">
            Search by title
          </label>
          <div className="filter-field__input-wrap">
            <SearchIcon size={18} className="filter-field__icon" />
            <input
              id="my-videos-search"
              type="search"
              className="field__control filter-field__input"
              placeholder="Search your videos..."
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              maxLength={200}
            />
          </div>
        </div>
        <div className="filter-field">
          <label htmlFor="my-videos-category" className="filter-field__label">
            Category
          </label>
          <Select
            id="my-videos-category"
            value={categoryId}
            onValueChange={setCategoryId}
            options={[
              { value: ALL_CATEGORIES, label: 'All Categories' },
              ...(categories.data ?? []).map((category) => ({
                value: String(category.id),
                label: `${category.icon} ${category.name}`,
              })),
            ]}
          />
        </div>
        <SortSelect id="my-videos-sort" variant="filter" value={sort} options={MY_VIDEOS_SORTS} onChange={setSort} />
      </div>

      {videos.isPending ? (
        <VideoGridSkeleton count={4} label="Loading your videos" />
      ) : videos.isError ? (
        <p className="inline-error" role="alert">
          {videos.error.message}
        </p>
      ) : list.length === 0 ? (
        <div className="empty-state">
          <VideoIcon className="empty-state__icon" size={40} />
          <p className="empty-state__title">No videos yet</p>
          <p className="empty-state__text">Upload your first video and start collecting feedback on your skills.</p>
          <UploadVideoButton />
        </div>
      ) : shown.length === 0 ? (
        <div className="empty-state">
          <SearchIcon className="empty-state__icon" size={40} />
          <p className="empty-state__title">No videos match your filters</p>
          {filtered && (
            <button type="button" className="btn btn--secondary" onClick={clearFilters}>
              Clear filters
            </button>
          )}
        </div>
      ) : (
        <>
          <VideoGrid
            videos={shown}
            renderActions={(video) => <VideoActionsMenu video={video} onEdit={setEditing} onDelete={setDeleting} />}
          />
          <LoadMoreButton
            hasNextPage={videos.hasNextPage}
            isFetchingNextPage={videos.isFetchingNextPage}
            onLoadMore={() => void videos.fetchNextPage()}
          />
        </>
      )}

      <EditDescriptionDialog video={editing} onClose={() => setEditing(null)} />
      <DeleteVideoDialog video={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

export function MyVideosRoute() {
  const { user, isLoading } = useCurrentUser();

  // Signed-in only: a visitor goes to sign in (spec section 2).
  useEffect(() => {
    if (!isLoading && user === null) window.location.assign(LOGIN_REDIRECT_URL);
  }, [isLoading, user]);

  return (
    <section className="my-videos" aria-labelledby="my-videos-title">
      <DocumentTitle title="My Videos" />
      <div className="container my-videos__content">
        <div className="page-header">
          <h1 id="my-videos-title" className="page-title">
            My Videos
          </h1>
          <p className="page-lead">Your uploads, how many people watched them and the feedback you give.</p>
        </div>
        {user ? (
          <MyVideosContent user={user} />
        ) : (
          <VideoGridSkeleton count={4} label={isLoading ? 'Loading your videos' : 'Redirecting to sign in'} />
        )}
      </div>
    </section>
  );
}
