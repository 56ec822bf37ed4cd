import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { DocumentTitle } from '@/components/ui/document-title';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { AlertCircleIcon, ArrowLeftIcon, EyeIcon, MessageIcon, StarIcon, VideoIcon } from '@/components/ui/icons';
import { Tabs } from '@/components/ui/tabs';
import { USER_VIDEOS_LIMIT } from '@/config/constants';
import { paths } from '@/config/paths';
import { useInfiniteUserFeedback } from '@/features/feedback/api/get-user-feedback';
import { useUserFeedbackStats } from '@/features/feedback/api/get-user-feedback-stats';
import { FeedbackLevelBadge } from '@/features/feedback/components/feedback-level-badge';
import { UserFeedbackCard } from '@/features/feedback/components/user-feedback-card';
import { NotificationPreferences } from '@/features/notifications/components/notification-preferences';
import { useUser } from '@/features/users/api/get-user';
import { ChangePasswordDialog } from '@/features/users/components/change-password-dialog';
import { EditProfileDialog } from '@/features/users/components/edit-profile-dialog';
import { ProfileHeader, ProfileSkeleton, type ProfileStat } from '@/features/users/components/profile-header';
import { useInfiniteVideos } from '@/features/videos/api/get-videos';
import { VideoGrid } from '@/features/videos/components/video-card';
import { VideoAchievementsCard } from '@/features/videos/components/video-achievements';
import { useCurrentUser } from '@/lib/auth';
import { ReportButton } from '@/features/moderation';
import { displayName, formatCount, formatRating } from '@/lib/format';
import { personOf } from '@/lib/person';
import '@/components/ui/tabs.css';
import '@/features/users/users.css';
import '@/features/feedback/feedback.css';

function UserNotFound() {
  const navigate = useNavigate();
  const location = useLocation();
  // With no earlier page in this tab (a shared link), going back would leave the site.
  const goBack = () => void (location.key === 'default' ? navigate(paths.home) : navigate(-1));

  return (
    <div className="status-page">
      <DocumentTitle title="User Not Found" />
      <div className="card status-card">
        <div className="status-card__header">
          <AlertCircleIcon className="status-card__icon" size={32} />
          <h1 className="status-card__title">User Not Found</h1>
        </div>
        <p className="status-card__text">The user profile you&apos;re looking for doesn&apos;t exist.</p>
        <button type="button" className="btn btn--primary" onClick={goBack}>
          <ArrowLeftIcon size={18} />
          Go Back
        </button>
      </div>
    </div>
  );
}

function EmptyTab({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <div className="empty-state">
      <span className="empty-state__icon">{icon}</span>
      <p className="empty-state__title">{title}</p>
      <p className="empty-state__text">{text}</p>
    </div>
  );
}

function InlineError({ message }: { message: string }) {
  return (
    <p className="inline-error" role="alert">
      {message}
    </p>
  );
}

export function ProfileRoute() {
  const { userId = '' } = useParams();
  const { user: currentUser } = useCurrentUser();
  const [editing, setEditing] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);

  const user = useUser(userId);
  // The first page is the spec's 100; "Load more" follows the server's next link.
  const videos = useInfiniteVideos({ uploaderId: userId, limit: USER_VIDEOS_LIMIT });
  const feedback = useInfiniteUserFeedback(userId);
  const feedbackStats = useUserFeedbackStats(userId);

  // Ownership is the route id compared with the signed-in member's id (spec section 6).
  const isOwner = currentUser !== null && currentUser.id === userId;

  if (user.isError) return <UserNotFound />;
  if (user.isPending || videos.isPending) {
    return (
      <div className="profile-page">
        <DocumentTitle title="Profile" />
        <div className="container">
          <ProfileSkeleton />
        </div>
      </div>
    );
  }

  const profile = user.data;
  const videoList = videos.videos;
  const feedbackList = feedback.items;
  const totalViews = videoList.reduce((sum, video) => sum + (video.views ?? 0), 0);
  const feedbackGiven = feedback.data ? feedbackList.length : (feedbackStats.data?.totalFeedback ?? 0);

  const stats: ProfileStat[] = [
    {
      label: 'Videos',
      value: formatCount(videoList.length),
      icon: <VideoIcon size={18} />,
      testId: 'profile-stat-videos',
    },
    { label: 'Total Views', value: formatCount(totalViews), icon: <EyeIcon size={18} />, testId: 'profile-stat-views' },
    {
      label: 'Feedback Given',
      value: feedback.isPending && feedbackStats.isPending ? '–' : formatCount(feedbackGiven),
      icon: <MessageIcon size={18} />,
      testId: 'profile-stat-feedback-given',
    },
    {
      label: 'Feedback Rating',
      value: feedbackStats.isPending ? (
        '–'
      ) : (
        <span className="profile-stat__rating">
          {formatRating(feedbackStats.data?.averageRating)}
          <StarIcon size={18} filled className="profile-stat__star" aria-hidden="true" />
        </span>
      ),
      icon: <StarIcon size={18} />,
      testId: 'profile-stat-feedback-rating',
    },
  ];

  const videosTab = videos.isError ? (
    <InlineError message={videos.error.message} />
  ) : videoList.length === 0 ? (
    <EmptyTab
      icon={<VideoIcon size={40} />}
      title="No videos yet"
      text={
        isOwner
          ? 'Start sharing your skills by uploading your first video!'
          : "This user hasn't uploaded any videos yet."
      }
    />
  ) : (
    <>
      <VideoGrid videos={videoList} />
      <LoadMoreButton
        hasNextPage={videos.hasNextPage}
        isFetchingNextPage={videos.isFetchingNextPage}
        onLoadMore={() => void videos.fetchNextPage()}
      />
    </>
  );

  const feedbackTab = feedback.isPending ? (
    <div className="feedback-list" role="status" aria-label="Loading feedback">
      {Array.from({ length: 2 }, (_, index) => (
        <div key={index} className="card feedback-card" aria-hidden="true">
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line" />
        </div>
      ))}
    </div>
  ) : feedback.isError ? (
    <InlineError message={feedback.error.message} />
  ) : feedbackList.length === 0 ? (
    <EmptyTab
      icon={<MessageIcon size={40} />}
      title="No feedback given yet"
      text={
        isOwner
          ? 'Start helping others by providing constructive feedback on their videos!'
          : "This user hasn't given any feedback yet."
      }
    />
  ) : (
    <>
      <ul className="feedback-list">
        {feedbackList.map((item) => (
          <li key={item.id}>
            <UserFeedbackCard item={item} />
          </li>
        ))}
      </ul>
      <LoadMoreButton
        hasNextPage={feedback.hasNextPage}
        isFetchingNextPage={feedback.isFetchingNextPage}
        onLoadMore={() => void feedback.fetchNextPage()}
      />
    </>
  );

  return (
    <div className="profile-page">
      <DocumentTitle title={displayName(personOf(profile), profile.email)} />
      <div className="container profile-page__content">
        <ProfileHeader
          user={profile}
          isOwner={isOwner}
          badge={<FeedbackLevelBadge feedbackGiven={feedbackGiven} />}
          stats={stats}
          onEditProfile={() => setEditing(true)}
          onChangePassword={() => setChangingPassword(true)}
          report={
            currentUser && !isOwner ? (
              <ReportButton subjectType="user" subjectId={userId} label="Report member" />
            ) : null
          }
        />
        {feedbackStats.isError && <InlineError message={feedbackStats.error.message} />}

        <div className={videoList.length > 0 ? 'profile-body profile-body--with-aside' : 'profile-body'}>
          <Tabs
            label="Profile sections"
            className="profile-tabs"
            defaultTab="videos"
            tabs={[
              { id: 'videos', label: `Videos (${videoList.length})`, content: videosTab },
              { id: 'feedback', label: `Feedback Given (${feedbackList.length})`, content: feedbackTab },
            ]}
          />
          <VideoAchievementsCard videos={videoList} />
        </div>
        {isOwner && <NotificationPreferences />}
      </div>

      {isOwner && <EditProfileDialog open={editing} onClose={() => setEditing(false)} user={profile} />}
      {isOwner && <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />}
    </div>
  );
}
