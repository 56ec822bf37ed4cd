import type { UserDto } from '@app/contracts';
import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { CalendarIcon, MailIcon, PencilIcon, ShieldIcon } from '@/components/ui/icons';
import { displayName, formatLongDate } from '@/lib/format';
import { personOf } from '@/lib/person';
import '@/features/users/users.css';

export type ProfileStat = {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  testId?: string;
};

type ProfileHeaderProps = {
  user: UserDto;
  isOwner: boolean;
  /** The level badge, computed by the route from the feedback the member gave. */
  badge?: ReactNode;
  stats: ProfileStat[];
  onEditProfile?: () => void;
  onChangePassword?: () => void;
  /** Someone else's profile: a way to report the member (the route's). */
  report?: ReactNode;
};

export function ProfileHeader({
  user,
  isOwner,
  badge,
  stats,
  onEditProfile,
  onChangePassword,
  report,
}: ProfileHeaderProps) {
  const joined = formatLongDate(user.createdAt);
  return (
    <section className="card profile-header" aria-labelledby="profile-name">
      <div className="profile-header__banner" aria-hidden="true" />
      <div className="profile-header__main">
        <Avatar person={personOf(user)} size="xl" className="profile-header__avatar" />
        <div className="profile-header__identity">
          <div className="profile-header__title-row">
            <h1 id="profile-name" className="profile-header__name">
              {displayName(personOf(user), user.email)}
            </h1>
            {badge}
          </div>
          {isOwner && user.email && (
            <p className="profile-header__meta" data-testid="profile-email">
              <MailIcon size={16} />
              {user.email}
            </p>
          )}
          <p className="profile-header__meta" data-testid="profile-joined">
            <CalendarIcon size={16} />
            {joined ? `Joined ${joined}` : 'Joined Recently'}
          </p>
        </div>
        {isOwner && (onEditProfile || onChangePassword) && (
          <div className="profile-header__actions">
            {onEditProfile && (
              <button type="button" className="btn btn--secondary" onClick={onEditProfile}>
                <PencilIcon size={16} />
                Edit Profile
              </button>
            )}
            {onChangePassword && (
              <button type="button" className="btn btn--secondary" onClick={onChangePassword}>
                <ShieldIcon size={16} />
                Change Password
              </button>
            )}
          </div>
        )}
        {!isOwner && report && <div className="profile-header__actions">{report}</div>}
      </div>
      {user.description && (
        <p className="profile-header__description" data-testid="profile-description">
          {user.description}
        </p>
      )}
      <dl className="profile-stats">
        {stats.map((stat) => (
          <div key={stat.label} className="profile-stat" data-testid={stat.testId}>
            <dt className="profile-stat__label">
              <span className="profile-stat__icon" aria-hidden="true">
                {stat.icon}
              </span>
              {stat.label}
            </dt>
            <dd className="profile-stat__value">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Placeholder shapes while the member or their videos load. */
export function ProfileSkeleton() {
  return (
    <div className="profile-page__content" role="status" aria-label="Loading profile" data-testid="profile-skeleton">
      <div className="card profile-header profile-header--skeleton" aria-hidden="true">
        <div className="profile-header__banner" />
        <div className="profile-header__main">
          <span className="skeleton profile-skeleton__avatar" />
          <div className="profile-header__identity">
            <span className="skeleton skeleton--line profile-skeleton__name" />
            <span className="skeleton skeleton--line profile-skeleton__meta" />
            <span className="skeleton skeleton--line profile-skeleton__meta" />
          </div>
        </div>
        <div className="profile-stats">
          {Array.from({ length: 4 }, (_, index) => (
            <div key={index} className="profile-stat">
              <span className="skeleton skeleton--line" />
              <span className="skeleton skeleton--line profile-skeleton__value" />
            </div>
          ))}
        </div>
      </div>
      <div className="video-grid" aria-hidden="true">
        {Array.from({ length: 3 }, (_, index) => (
          <div key={index} className="video-card video-card--skeleton">
            <span className="skeleton video-thumb" />
            <div className="video-card__body">
              <span className="skeleton skeleton--line" />
              <span className="skeleton skeleton--line profile-skeleton__meta" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
