import { describe, expect, it } from '@jest/globals';
import { feedbackFailureNotice, isAlreadyDone } from './feedback-errors';

describe('feedback failure notices (spec section 8)', () => {
  it('submit: Error with the server message, or the fallback', () => {
    expect(feedbackFailureNotice('submit', 'You cannot give feedback on your own video')).toEqual({
      title: 'Error',
      description: 'You cannot give feedback on your own video',
    });
    expect(feedbackFailureNotice('submit', undefined)).toEqual({
      title: 'Error',
      description: 'Failed to submit feedback',
    });
  });

  it('vote: Failed to vote on feedback', () => {
    expect(feedbackFailureNotice('vote', undefined).title).toBe('Failed to vote on feedback');
    expect(feedbackFailureNotice('vote', 'You have already voted on this feedback')).toEqual({
      title: 'Failed to vote on feedback',
      description: 'You have already voted on this feedback',
    });
  });

  it('rate: Already Rated when the message says so, otherwise Failed to rate feedback quality.', () => {
    expect(feedbackFailureNotice('rate', 'You have already rated this feedback')).toEqual({
      title: 'Already Rated',
      description: 'You have already rated this feedback.',
    });
    expect(feedbackFailureNotice('rate', 'You cannot rate your own feedback')).toEqual({
      title: 'Failed to rate feedback quality.',
      description: 'You cannot rate your own feedback',
    });
    expect(feedbackFailureNotice('rate', undefined).title).toBe('Failed to rate feedback quality.');
  });

  it('recognises the answers that mean the vote or rating already exists', () => {
    expect(isAlreadyDone('vote', 'You have already voted on this feedback')).toBe(true);
    expect(isAlreadyDone('rate', 'You have already rated this feedback')).toBe(true);
    expect(isAlreadyDone('rate', 'You have already voted on this feedback')).toBe(false);
    expect(isAlreadyDone('vote', undefined)).toBe(false);
  });
});
