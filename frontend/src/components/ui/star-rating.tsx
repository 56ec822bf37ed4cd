import { useState } from 'react';
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

type StarRatingInputProps = {
  /** The stars already given (1 to 5), or 0 when none. */
  value: number;
  onRate: (stars: number) => void;
  /** Names the group, e.g. "Rate this feedback". */
  label: string;
  /** Shows `value` without taking input (already rated, or a request in flight). */
  disabled?: boolean;
  size?: number;
  testId?: string;
};

/** Five buttons, "Rate 1 star" to "Rate 5 stars", previewing the choice on hover and focus. */
export function StarRatingInput({ value, onRate, label, disabled = false, size = 20, testId }: StarRatingInputProps) {
  const [preview, setPreview] = useState(0);
  const shown = disabled ? value : preview || value;
  return (
    <div
      className={disabled ? 'star-input star-input--disabled' : 'star-input'}
      role="group"
      aria-label={label}
      data-testid={testId}
      onPointerLeave={() => setPreview(0)}
    >
      {Array.from({ length: 5 }, (_, index) => {
        const stars = index + 1;
        const on = stars <= shown;
        return (
          <button
            key={stars}
            type="button"
            className={on ? 'star-input__star star-input__star--on' : 'star-input__star'}
            aria-label={`Rate ${stars} ${stars === 1 ? 'star' : 'stars'}`}
            aria-pressed={value === stars}
            disabled={disabled}
            onPointerEnter={() => setPreview(stars)}
            onFocus={() => setPreview(stars)}
            onBlur={() => setPreview(0)}
            onClick={() => onRate(stars)}
          >
            <StarIcon size={size} filled={on} />
          </button>
        );
      })}
    </div>
  );
}
