/** What a failed feedback action tells the member (spec section 8); a 401 is reported elsewhere. */
export type FeedbackAction = 'submit' | 'vote' | 'rate';

export type FailureNotice = { title: string; description?: string };

export function feedbackFailureNotice(action: FeedbackAction, serverMessage: string | undefined): FailureNotice {
  switch (action) {
    case 'submit':
      return { title: 'Error', description: serverMessage ?? 'Failed to submit feedback' };
    case 'vote':
      return { title: 'Failed to vote on feedback', description: serverMessage };
    case 'rate':
      if (serverMessage?.toLowerCase().includes('already rated')) {
        return { title: 'Already Rated', description: 'You have already rated this feedback.' };
      }
      return { title: 'Failed to rate feedback quality.', description: serverMessage };
  }
}

/** The server refused because this member already voted or rated: the control should show it as done. */
export function isAlreadyDone(action: 'vote' | 'rate', serverMessage: string | undefined): boolean {
  const text = serverMessage?.toLowerCase() ?? '';
  return action === 'vote' ? text.includes('already voted') : text.includes('already rated');
}
