import type { ReactNode } from 'react';
import { AwardIcon, TrendingUpIcon, VideoIcon } from '@/components/ui/icons';
import { ACHIEVEMENT_THRESHOLDS } from '@/config/constants';
import type { Video } from '@/features/videos/api/get-videos';
import './video-achievements.css';

type Achievement = { id: string; title: string; description: string; earned: boolean; icon: ReactNode };

export function videoAchievements(videos: Video[]): Achievement[] {
  const totalViews = videos.reduce((sum, video) => sum + (video.views ?? 0), 0);
  return [
    {
      id: 'first-video',
      title: 'First Video',
      description: 'Uploaded first video',
      earned: videos.length >= ACHIEVEMENT_THRESHOLDS.firstVideo,
      icon: <VideoIcon size={22} />,
    },
    {
      id: 'content-creator',
      title: 'Content Creator',
      description: '5+ videos uploaded',
      earned: videos.length >= ACHIEVEMENT_THRESHOLDS.contentCreator,
      icon: <AwardIcon size={22} />,
    },
    {
      id: 'popular',
      title: 'Popular',
      description: '100+ total views',
      earned: totalViews >= ACHIEVEMENT_THRESHOLDS.popularViews,
      icon: <TrendingUpIcon size={22} />,
    },
  ];
}

/** Shown only once the member has at least one video (spec section 2). */
export function VideoAchievementsCard({ videos }: { videos: Video[] }) {
  if (videos.length < ACHIEVEMENT_THRESHOLDS.firstVideo) return null;
  const achievements = videoAchievements(videos);
  return (
    <section className="card achievements" aria-labelledby="achievements-heading" data-testid="achievements-card">
      <h2 id="achievements-heading" className="achievements__title">
        Achievements
      </h2>
      <ul className="achievements__list">
        {achievements.map((achievement) => (
          <li
            key={achievement.id}
            className={achievement.earned ? 'achievement achievement--earned' : 'achievement'}
            data-earned={achievement.earned}
          >
            <span className="achievement__icon" aria-hidden="true">
              {achievement.icon}
            </span>
            <span className="achievement__text">
              <span className="achievement__name">{achievement.title}</span>
              <span className="achievement__description">{achievement.description}</span>
            </span>
            <span className="achievement__status">{achievement.earned ? 'Earned' : 'Locked'}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
