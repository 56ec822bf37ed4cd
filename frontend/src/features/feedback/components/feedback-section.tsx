import { lazy, Suspense, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { MessageIcon } from '@/components/ui/icons';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { SortSelect } from '@/components/ui/sort-select';
import { toast } from '@/components/ui/toast';
import type { Feedback } from '@/features/feedback/api/get-video-feedback';
import { useVideoFeedback } from '@/features/feedback/api/get-video-feedback';
import { useRateFeedback } from '@/features/feedback/api/rate-feedback';
import { useVoteFeedback } from '@/features/feedback/api/vote-feedback';
import { FeedbackItem } from '@/features/feedback/components/feedback-item';
import { FeedbackReplies } from '@/features/feedback/components/feedback-replies';
import { useMarkApplied } from '@/features/feedback/api/mark-applied';
import { useFeedbackFocus, type FeedbackFocus } from '@/features/feedback/hooks/use-feedback-focus';
import type { FeedbackDrawingAttachment, FeedbackPlayer } from '@/features/feedback/types';
import { feedbackFailureNotice } from '@/features/feedback/utils/feedback-errors';
import {
  DEFAULT_FEEDBACK_SORT,
  FEEDBACK_SORTS,
  sortFeedback,
  type FeedbackSort,
} from '@/features/feedback/utils/sort-feedback';
import { getServerMessage, isUnauthorizedError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import '@/features/feedback/feedback.css';

// Only a member writing on someone else's video sees the form: a visitor's page does not download
// it, nor the feedback schema it validates with (and zod with that).
const FeedbackForm = lazy(async () => ({
  default: (await import('@/features/feedback/components/feedback-form')).FeedbackForm,
}));

/** What a route offers to report a piece of feedback or a reply with. */
export type RenderReport = (subject: { subjectType: 'feedback' | 'reply'; subjectId: number }) => ReactNode;

type FeedbackStatusFilter = 'all' | 'open' | 'applied';
const FEEDBACK_STATUS_FILTERS: ReadonlyArray<{ value: FeedbackStatusFilter; label: string }> = [
  { value: 'all', label: 'All feedback' },
  { value: 'open', label: 'Open' },
  { value: 'applied', label: 'Applied' },
];

export type FeedbackSectionProps = {
  videoId: number;
  uploaderId: string;
  /** For "@" suggestions in replies. */
  uploaderName?: string | null;
  /** A way to report someone else's feedback or reply (the route's; shown to signed-in members only). */
  renderReport?: RenderReport;
  /** The page's file player; null for a YouTube video or while the file is not playable yet. */
  player: FeedbackPlayer | null;
  /** Opens sign-in for a visitor who tries to give, vote on or rate feedback. */
  onRequireLogin: () => void;
  /** After new feedback is posted (the route refreshes what counts it). */
  onCreated?: () => void;
  /** A drawing to send with the next feedback, and its control; absent where drawing is not possible. */
  drawingAttachment?: FeedbackDrawingAttachment;
  /** The preview of a feedback's drawing (called only for feedback that has one). */
  renderDrawing?: (feedback: Feedback) => ReactNode;
  /** A piece of feedback to bring into view and highlight (a link to it), with its time in the player. */
  focus?: FeedbackFocus | null;
};

function FeedbackListSkeleton() {
  return (
    <ul className="feedback-thread" role="status" aria-label="Loading feedback">
      {Array.from({ length: 2 }, (_, index) => (
        <li key={index} className="feedback-item" aria-hidden="true">
          <span className="skeleton skeleton--line skeleton--short" />
          <span className="skeleton skeleton--line" />
        </li>
      ))}
    </ul>
  );
}

type InteractiveFeedbackItemProps = {
  videoId: number;
  feedback: Feedback;
  /** null for a visitor; undefined while the app does not yet know who is signed in. */
  viewerId: string | null | undefined;
  uploader: { id: string; name: string } | null;
  isOwnVideo: boolean;
  renderReport?: RenderReport;
  player: FeedbackPlayer | null;
  drawing?: ReactNode;
  highlighted: boolean;
  onRequireLogin: () => void;
};

/** One item with its own vote and rating requests, so several can be in flight at once. */
function InteractiveFeedbackItem({
  videoId,
  feedback,
  viewerId,
  uploader,
  isOwnVideo,
  renderReport,
  player,
  drawing,
  highlighted,
  onRequireLogin,
}: InteractiveFeedbackItemProps) {
  const onError = (action: 'vote' | 'rate') => (error: Error) => {
    // The API client has already reported an ended session.
    if (isUnauthorizedError(error)) return;
    toast({ ...feedbackFailureNotice(action, getServerMessage(error)), variant: 'destructive' });
  };
  const vote = useVoteFeedback(videoId, { onError: onError('vote') });
  const applied = useMarkApplied(videoId, feedback.id, {
    onError: (error) => {
      if (!isUnauthorizedError(error))
        toast({
          title: 'Could not change the mark',
          description: getServerMessage(error) ?? undefined,
          variant: 'destructive',
        });
    },
  });
  const rate = useRateFeedback(videoId, { onError: onError('rate') });

  // Until the member is known, a press would ask a signed-in member to log in: the buttons wait.
  const viewerUnknown = viewerId === undefined;
  const onVote = () => {
    if (viewerUnknown) return;
    if (!viewerId) return onRequireLogin();
    vote.mutate(feedback);
  };

  const onRate = (stars: number) => {
    if (viewerUnknown) return;
    if (!viewerId) return onRequireLogin();
    rate.mutate({ feedback, rating: stars });
  };

  return (
    <FeedbackItem
      feedback={feedback}
      isOwn={viewerId === feedback.authorId}
      votePending={vote.isPending || viewerUnknown}
      ratePending={rate.isPending || viewerUnknown}
      player={player}
      drawing={drawing}
      highlighted={highlighted}
      reportControl={
        viewerId && renderReport && viewerId !== feedback.authorId
          ? renderReport({ subjectType: 'feedback', subjectId: feedback.id })
          : undefined
      }
      appliedControl={
        isOwnVideo ? (
          <button
            type="button"
            className={feedback.appliedAt ? 'applied-button applied-button--on' : 'applied-button'}
            aria-pressed={feedback.appliedAt !== null}
            disabled={applied.isPending}
            onClick={() => applied.mutate(feedback.appliedAt === null)}
            data-testid="feedback-mark-applied"
            title={feedback.appliedAt ? 'Take the mark back' : 'You put this advice into practice'}
          >
            {feedback.appliedAt ? 'Applied ✓' : 'Mark as applied'}
          </button>
        ) : undefined
      }
      replies={
        <FeedbackReplies
          videoId={videoId}
          feedback={feedback}
          viewerId={viewerId ?? null}
          uploader={uploader}
          renderReport={renderReport}
          onRequireLogin={onRequireLogin}
        />
      }
      onVote={onVote}
      onRate={onRate}
    />
  );
}

/** The video page's feedback: the form, the sort and the list (spec section 2). */
export function FeedbackSection({
  videoId,
  uploaderId,
  uploaderName = null,
  renderReport,
  player,
  onRequireLogin,
  onCreated,
  drawingAttachment,
  renderDrawing,
  focus = null,
}: FeedbackSectionProps) {
  const sortId = useId();
  const statusId = useId();
  const section = useRef<HTMLElement>(null);
  const { user, isLoading: authLoading } = useCurrentUser();
  const feedback = useVideoFeedback(videoId);
  const highlightedId = useFeedbackFocus(focus, feedback, player, section);
  const [sort, setSort] = useState<FeedbackSort>(DEFAULT_FEEDBACK_SORT);

  const [status, setStatus] = useState<FeedbackStatusFilter>('all');
  // The filter keeps what is loaded (the first page holds a video's 100 most helpful).
  const list = useMemo(
    () =>
      sortFeedback(feedback.data ?? [], sort).filter(
        (item) => status === 'all' || (status === 'applied') === (item.appliedAt !== null),
      ),
    [feedback.data, sort, status],
  );
  const uploader = uploaderName ? { id: uploaderId, name: uploaderName } : null;
  const isOwnVideo = user !== null && user.id === uploaderId;

  let composer;
  if (authLoading) {
    composer = null;
  } else if (!user) {
    composer = (
      <div className="feedback-prompt" data-testid="feedback-login-prompt">
        <p className="feedback-prompt__text">Log in to share your feedback and rate feedback from others.</p>
        <button type="button" className="btn btn--primary btn--sm" onClick={onRequireLogin}>
          Log in
        </button>
      </div>
    );
  } else if (isOwnVideo) {
    composer = (
      <p className="feedback-prompt feedback-prompt__text" data-testid="feedback-own-video">
        This is your video. Feedback from the community will appear here.
      </p>
    );
  } else {
    composer = (
      <Suspense fallback={null}>
        <FeedbackForm videoId={videoId} player={player} drawing={drawingAttachment} onCreated={onCreated} />
      </Suspense>
    );
  }

  const count = feedback.data?.length;
  return (
    <section
      ref={section}
      className="feedback-section"
      aria-labelledby="feedback-heading"
      data-testid="feedback-section"
    >
      <div className="feedback-section__header">
        <h2 id="feedback-heading" className="feedback-section__title">
          Feedback
          {count !== undefined && <span className="feedback-section__count"> ({count})</span>}
        </h2>
        <div className="feedback-section__controls">
          <SortSelect
            id={statusId}
            testId="feedback-status"
            label="Show"
            value={status}
            options={FEEDBACK_STATUS_FILTERS}
            onChange={setStatus}
          />
          <SortSelect id={sortId} testId="feedback-sort" value={sort} options={FEEDBACK_SORTS} onChange={setSort} />
        </div>
      </div>

      {composer}

      {feedback.isPending ? (
        <FeedbackListSkeleton />
      ) : feedback.isError ? (
        <div className="inline-error" role="alert">
          Unable to load feedback.{' '}
          <button type="button" className="link-button" onClick={() => void feedback.refetch()}>
            Try again
          </button>
        </div>
      ) : list.length === 0 ? (
        <div className="empty-state feedback-section__empty">
          <MessageIcon className="empty-state__icon" size={36} />
          <p className="empty-state__title">No feedback yet</p>
          <p className="empty-state__text">
            {isOwnVideo
              ? 'When members share feedback on this video, it will appear here.'
              : 'Be the first to share constructive feedback on this video.'}
          </p>
        </div>
      ) : (
        <ul className="feedback-thread">
          {list.map((item) => (
            <li key={item.id}>
              <InteractiveFeedbackItem
                videoId={videoId}
                feedback={item}
                viewerId={authLoading ? undefined : (user?.id ?? null)}
                uploader={uploader}
                isOwnVideo={isOwnVideo}
                renderReport={renderReport}
                player={player}
                drawing={item.drawing && renderDrawing ? renderDrawing(item) : undefined}
                highlighted={item.id === highlightedId}
                onRequireLogin={onRequireLogin}
              />
            </li>
          ))}
        </ul>
      )}
      {/* The sort orders what is loaded; more follow in the server's order (most helpful first). */}
      <LoadMoreButton
        hasNextPage={feedback.hasNextPage}
        isFetchingNextPage={feedback.isFetchingNextPage}
        onLoadMore={() => void feedback.fetchNextPage()}
        label="Load more feedback"
      />
    </section>
  );
}
