import { useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { FEEDBACK_LIMITS, type MentionDto } from '@app/contracts';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import type { Feedback } from '@/features/feedback/api/get-video-feedback';
import { useEditReply, useReplyToFeedback, type FeedbackReply } from '@/features/feedback/api/reply-feedback';
import { getServerMessage, isUnauthorizedError } from '@/lib/api-client';
import { formatRelativeDate } from '@/lib/format';
import '@/features/feedback/feedback.css';

/** Someone who can be mentioned: the conversation's people and the uploader. */
type Person = { id: string; name: string };

/** The text with each mention ("@Name" of a mentioned member) as a link to their profile. */
function ReplyText({ content, mentions }: { content: string; mentions: MentionDto[] }) {
  const named = mentions.filter((mention): mention is MentionDto & { name: string } => Boolean(mention.name));
  if (!named.length) return <p className="reply__text">{content}</p>;
  const pattern = new RegExp(`(${named.map((m) => `@${m.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).join('|')})`);
  return (
    <p className="reply__text">
      {content.split(pattern).map((part, index) => {
        const mention = named.find((m) => `@${m.name}` === part);
        return mention ? (
          <Link key={index} to={paths.profile(mention.id)} className="reply__mention" data-testid="reply-mention">
            {part}
          </Link>
        ) : (
          <span key={index}>{part}</span>
        );
      })}
    </p>
  );
}

/** Whether its author may still change it (the server decides; this only hides a button it would refuse). */
const editable = (reply: FeedbackReply) =>
  Date.now() - Date.parse(reply.createdAt) < FEEDBACK_LIMITS.replyEditMinutes * 60_000;

function ReplyItem({
  reply,
  videoId,
  isOwn,
  onAnswer,
  report,
}: {
  reply: FeedbackReply;
  videoId: number;
  isOwn: boolean;
  onAnswer?: (reply: FeedbackReply) => void;
  report?: ReactNode;
}) {
  const date = formatRelativeDate(reply.createdAt);
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useEditReply(videoId, reply.feedbackId);
  const onSave = (event: FormEvent) => {
    event.preventDefault();
    const content = (editing ?? '').trim();
    if (!content) return setError('Please provide feedback content');
    // The members still named in the text stay mentioned.
    const mentions = reply.mentions.filter((m) => m.name && content.includes(`@${m.name}`)).map((m) => m.id);
    save.mutate(
      { replyId: reply.id, body: { content, mentions } },
      {
        onSuccess: () => setEditing(null),
        onError: (failure) => setError(getServerMessage(failure) ?? 'The reply could not be saved.'),
      },
    );
  };
  if (editing !== null)
    return (
      <li className="reply" data-testid="feedback-reply" data-reply-id={reply.id}>
        <form className="reply-form" onSubmit={onSave}>
          <textarea
            className="reply-form__input"
            aria-label="Edit your reply"
            value={editing}
            maxLength={FEEDBACK_LIMITS.contentMax}
            onChange={(event) => setEditing(event.target.value)}
          />
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <div className="reply-form__actions">
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => setEditing(null)}>
              Cancel
            </button>
            <button type="submit" className="btn btn--primary btn--sm" disabled={save.isPending}>
              Save
            </button>
          </div>
        </form>
      </li>
    );
  return (
    <li className="reply" data-testid="feedback-reply" data-reply-id={reply.id}>
      <div className="reply__header">
        <Link to={paths.profile(reply.authorId)} className="reply__author">
          {reply.authorName ?? 'A member'}
        </Link>
        {date && <time dateTime={reply.createdAt}>{date}</time>}
        {reply.editedAt && <span className="reply__edited">edited</span>}
        {reply.hidden && <span className="hidden-badge">Hidden pending review</span>}
      </div>
      <ReplyText content={reply.content} mentions={reply.mentions} />
      <div className="reply__actions">
        {onAnswer && (
          <button type="button" className="link-button reply__answer" onClick={() => onAnswer(reply)}>
            Reply
          </button>
        )}
        {isOwn && editable(reply) && (
          <button
            type="button"
            className="link-button reply__answer"
            onClick={() => {
              setError(null);
              setEditing(reply.content);
            }}
          >
            Edit
          </button>
        )}
        {report}
      </div>
    </li>
  );
}

/** The "@word" being typed just before the caret, if any. */
function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|\s)@([^\s@]{0,30})$/.exec(text.slice(0, caret));
  return match ? { start: caret - match[2]!.length - 1, query: match[2]!.toLowerCase() } : null;
}

type FeedbackRepliesProps = {
  videoId: number;
  feedback: Feedback;
  viewerId: string | null;
  uploader: Person | null;
  /** "Report", for someone else's reply. */
  renderReport?: (subject: { subjectType: 'reply'; subjectId: number }) => ReactNode;
  onRequireLogin: () => void;
};

/**
 * The conversation under a piece of feedback: its replies, oldest first, and a reply form where
 * typing "@" suggests the conversation's people and the uploader; a mention is sent by member id.
 */
export function FeedbackReplies({
  videoId,
  feedback,
  viewerId,
  uploader,
  renderReport,
  onRequireLogin,
}: FeedbackRepliesProps) {
  const formId = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [mentioned, setMentioned] = useState<Person[]>([]);
  const [caret, setCaret] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const reply = useReplyToFeedback(videoId, feedback.id);

  const people = useMemo(() => {
    const known = new Map<string, string>();
    if (uploader) known.set(uploader.id, uploader.name);
    if (feedback.authorName) known.set(feedback.authorId, feedback.authorName);
    for (const r of feedback.replies) if (r.authorName) known.set(r.authorId, r.authorName);
    if (viewerId) known.delete(viewerId);
    return [...known].map(([id, name]) => ({ id, name }));
  }, [uploader, feedback, viewerId]);

  const typing = mentionQuery(text, caret);
  const suggestions = typing ? people.filter((person) => person.name.toLowerCase().startsWith(typing.query)) : [];

  const startReply = (to?: FeedbackReply) => {
    if (!viewerId) return onRequireLogin();
    setOpen(true);
    if (to?.authorName && to.authorId !== viewerId) {
      const start = `@${to.authorName} `;
      setText(start);
      setCaret(start.length);
      setMentioned([{ id: to.authorId, name: to.authorName }]);
    }
    requestAnimationFrame(() => input.current?.focus());
  };

  const pick = (person: Person) => {
    if (!typing) return;
    const inserted = `@${person.name} `;
    const next = text.slice(0, typing.start) + inserted + text.slice(caret);
    setText(next);
    setCaret(typing.start + inserted.length);
    setMentioned((list) => (list.some((p) => p.id === person.id) ? list : [...list, person]));
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(typing.start + inserted.length, typing.start + inserted.length);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && suggestions.length > 0 && typing) {
      event.preventDefault();
      pick(suggestions[0]!);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const content = text.trim();
    if (!content) return setError('Please provide feedback content');
    // Only the members still named in the text are mentioned.
    const mentions = mentioned.filter((person) => content.includes(`@${person.name}`)).map((person) => person.id);
    reply.mutate(
      { content, mentions },
      {
        onSuccess: () => {
          setText('');
          setMentioned([]);
          setOpen(false);
        },
        onError: (failure) => {
          if (isUnauthorizedError(failure)) return;
          setError(getServerMessage(failure) ?? 'The reply could not be sent. Please try again.');
          toast({
            title: 'Reply not sent',
            description: getServerMessage(failure) ?? undefined,
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <div className="feedback-replies" data-testid="feedback-replies">
      {feedback.replies.length > 0 && (
        <ul className="feedback-replies__list" aria-label="Replies">
          {feedback.replies.map((item) => (
            <ReplyItem
              key={item.id}
              reply={item}
              videoId={videoId}
              isOwn={item.authorId === viewerId}
              onAnswer={viewerId ? startReply : undefined}
              report={
                viewerId && renderReport && item.authorId !== viewerId
                  ? renderReport({ subjectType: 'reply', subjectId: item.id })
                  : undefined
              }
            />
          ))}
        </ul>
      )}
      {open ? (
        <form className="reply-form" onSubmit={onSubmit} data-testid="reply-form">
          <label htmlFor={formId} className="visually-hidden">
            Your reply
          </label>
          <textarea
            id={formId}
            ref={input}
            className="reply-form__input"
            value={text}
            maxLength={FEEDBACK_LIMITS.contentMax}
            rows={2}
            placeholder="Write a reply — type @ to mention someone"
            onChange={(event) => {
              setText(event.target.value);
              setCaret(event.target.selectionStart);
            }}
            onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
            onKeyDown={onKeyDown}
            data-testid="reply-input"
          />
          {suggestions.length > 0 && (
            <ul
              className="mention-suggestions"
              role="listbox"
              aria-label="Mention someone"
              data-testid="mention-suggestions"
            >
              {suggestions.map((person) => (
                <li key={person.id} role="option" aria-selected={false}>
                  <button type="button" onMouseDown={(event) => event.preventDefault()} onClick={() => pick(person)}>
                    @{person.name}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <div className="reply-form__actions">
            <span className="reply-form__count">
              {text.length}/{FEEDBACK_LIMITS.contentMax}
            </span>
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button
              type="submit"
              className="btn btn--primary btn--sm"
              disabled={reply.isPending}
              data-testid="reply-submit"
            >
              {reply.isPending ? 'Sending…' : 'Send reply'}
            </button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          className="link-button feedback-replies__start"
          onClick={() => startReply()}
          data-testid="reply-button"
        >
          Reply{feedback.replyCount > 0 ? ` (${feedback.replyCount})` : ''}
        </button>
      )}
    </div>
  );
}
