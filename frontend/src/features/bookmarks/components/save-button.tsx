import { BookmarkIcon } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast';
import { useBookmarkCheck } from '@/features/bookmarks/api/check-bookmark';
import { useToggleBookmark } from '@/features/bookmarks/api/toggle-bookmark';
import { isUnauthorizedError } from '@/lib/api-client';
import '@/features/bookmarks/bookmarks.css';

type SaveButtonProps = {
  videoId: number;
  /** Whether someone is signed in; a visitor's press asks them to sign in instead. */
  signedIn: boolean;
  /**
   * Whether who is signed in is still being asked (the browser's marker says someone may be): the
   * button waits, busy, instead of taking a member who presses it at once for a visitor.
   */
  userLoading?: boolean;
  onRequireLogin: () => void;
};

/** Save / Saved on the video page (spec section 2); the state comes from the bookmark check. */
export function SaveButton({ videoId, signedIn, userLoading = false, onRequireLogin }: SaveButtonProps) {
  const check = useBookmarkCheck(videoId, { enabled: signedIn });
  const toggle = useToggleBookmark(videoId);
  const saved = signedIn && check.data?.isBookmarked === true;
  const loading = userLoading || (signedIn && check.isPending);

  const onClick = () => {
    if (userLoading) return;
    if (!signedIn) {
      onRequireLogin();
      return;
    }
    if (toggle.isPending || loading) return;
    toggle.mutate(!saved, {
      onError: (error) => {
        // The API client has already reported an ended session.
        if (isUnauthorizedError(error)) return;
        toast({ title: 'Failed to update bookmark status', variant: 'destructive' });
      },
    });
  };

  return (
    <button
      type="button"
      className={
        saved ? 'btn btn--secondary btn--sm save-button save-button--saved' : 'btn btn--secondary btn--sm save-button'
      }
      aria-pressed={signedIn ? saved : undefined}
      aria-busy={loading || toggle.isPending}
      disabled={toggle.isPending}
      onClick={onClick}
      data-testid="save-button"
      data-saved={saved}
    >
      <BookmarkIcon size={16} fill={saved ? 'currentColor' : 'none'} />
      {saved ? 'Saved' : 'Save'}
    </button>
  );
}
