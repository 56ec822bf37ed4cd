import { useState } from 'react';
import { UserIcon } from '@/components/ui/icons';
import { avatarColor, initialsOf } from '@/lib/avatar-palette';
import type { PersonSummary } from '@app/contracts';

export type AvatarSize = 'sm' | 'md' | 'lg' | 'xl';

const ICON_SIZE: Record<AvatarSize, number> = { sm: 16, md: 20, lg: 32, xl: 56 };

export type AvatarProps = {
  /** Whose picture, or initials on their colour when there is none (personOf gives it). */
  person: PersonSummary;
  size?: AvatarSize;
  className?: string;
  /** Overrides the accessible text, which is otherwise the person's name. */
  label?: string;
  /** Set when a visible name sits right beside the avatar, so it is not read twice. */
  decorative?: boolean;
};

export function Avatar({ person, size = 'md', className, label, decorative = false }: AvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const name = person.name ?? '';
  const imageUrl = person.image;
  const accessibleName = label ?? (name || 'User');
  const initials = initialsOf(person.firstName, person.lastName);
  const classes = ['avatar', `avatar--${size}`, className].filter(Boolean).join(' ');
  const showImage = Boolean(imageUrl) && failedUrl !== imageUrl;

  if (showImage && imageUrl) {
    return (
      <span className={classes}>
        <img
          className="avatar__image"
          src={imageUrl}
          alt={decorative ? '' : accessibleName}
          onError={() => setFailedUrl(imageUrl)}
          draggable={false}
        />
      </span>
    );
  }

  return (
    <span
      className={classes}
      style={{ backgroundColor: avatarColor(person.id, name) }}
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : accessibleName}
      aria-hidden={decorative ? true : undefined}
    >
      {initials ? (
        <span className="avatar__initials" aria-hidden="true">
          {initials}
        </span>
      ) : (
        <UserIcon size={ICON_SIZE[size]} />
      )}
    </span>
  );
}
