import type { ReactNode } from 'react';
import { DocumentTitle } from '@/components/ui/document-title';
import { AlertCircleIcon, BookmarkIcon, UserIcon } from '@/components/ui/icons';
import { SAVED_VIDEOS_PLACEHOLDER_COUNT } from '@/config/constants';
import { useAuthDialog } from '@/features/auth/hooks/use-auth-dialog';
import { useBookmarks } from '@/features/bookmarks/api/get-bookmarks';
import { VideoGrid, VideoGridSkeleton } from '@/features/videos/components/video-card';
import { useCurrentUser } from '@/lib/auth';
import './saved-videos.css';

function SavedVideosNotice({
  icon,
  title,
  text,
  testId,
  children,
  alert = false,
}: {
  icon: ReactNode;
  title: string;
  text: ReactNode;
  testId: string;
  children?: ReactNode;
  alert?: boolean;
}) {
  return (
    <div className="empty-state" data-testid={testId} role={alert ? 'alert' : undefined}>
      <span className="empty-state__icon">{icon}</span>
      <p className="empty-state__title">{title}</p>
      <p className="empty-state__text">{text}</p>
      {children}
    </div>
  );
}

function SavedVideosContent() {
  const { isAuthenticated, isLoading } = useCurrentUser();
  const authDialog = useAuthDialog();
  const bookmarks = useBookmarks({ enabled: isAuthenticated });

  const placeholders = (
    <VideoGridSkeleton count={SAVED_VIDEOS_PLACEHOLDER_COUNT} label="Loading saved videos" layout="columns" />
  );

  if (isLoading) return placeholders;
  if (!isAuthenticated) {
    return (
      <SavedVideosNotice
        icon={<UserIcon size={40} />}
        title="Please log in"
        text="You need to be logged in to view your saved videos."
        testId="saved-videos-logged-out"
      >
        <button type="button" className="btn btn--primary" onClick={() => authDialog.open('login')}>
          Log in
        </button>
      </SavedVideosNotice>
    );
  }
  if (bookmarks.isPending) return placeholders;
  if (bookmarks.isError) {
    return (
      <SavedVideosNotice
        icon={<AlertCircleIcon size={40} />}
        title="Unable to load saved videos"
        text="Please try refreshing the page. If the problem persists, contact support."
        testId="saved-videos-error"
        alert
      />
    );
  }
  if (bookmarks.data.length === 0) {
    return (
      <SavedVideosNotice
        icon={<BookmarkIcon size={40} />}
        title="No saved videos yet"
        text="When you bookmark videos, they'll appear here for easy access."
        testId="saved-videos-empty"
      />
    );
  }
  return <VideoGrid videos={bookmarks.data} layout="columns" testId="saved-videos-grid" />;
}

export function SavedVideosRoute() {
  return (
    <section className="saved-videos" aria-labelledby="saved-videos-title">
      <DocumentTitle title="Saved Videos" />
      <div className="container saved-videos__content">
        <div className="page-header">
          <h1 id="saved-videos-title" className="page-title">
            Saved Videos
          </h1>
          <p className="page-lead">Videos you have bookmarked, kept in one place for easy access.</p>
        </div>
        <SavedVideosContent />
      </div>
    </section>
  );
}
