import { StarIcon } from '@/components/ui/icons';

type StarRatingDisplayProps = {
  /** 0 to 5; rounded to whole stars for display. */
  value: number;
  size?: number;
  /** Accessible text; defaults to "Rated N out of 5 stars". */
  label?: string;
};

/** Five stars, the rounded value filled. Read-only. */
export function StarRatingDisplay({ value, size = 16, label }: StarRatingDisplayProps) {
  const filled = Math.max(0, Math.min(5, Math.round(Number.isFinite(value) ? value : 0)));
  return (
    <span className="stars" role="img" aria-label={label ?? `Rated ${filled} out of 5 stars`}>
      {Array.from({ length: 5 }, (_, index) => (
        <StarIcon
          key={index}
          size={size}
          filled={index < filled}
          className={index < filled ? 'stars__star stars__star--filled' : 'stars__star'}
        />
      ))}
    </span>
  );
}
