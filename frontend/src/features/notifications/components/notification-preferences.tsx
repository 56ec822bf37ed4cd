import { NOTIFICATION_TYPE_LABELS, NOTIFICATION_TYPES, type NotificationType } from '@app/contracts';
import { useId, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useNotificationPreferences } from '@/features/notifications/api/get-notification-preferences';
import { useUpdateNotificationPreference } from '@/features/notifications/api/update-notification-preferences';
import { getServerMessage, isUnauthorizedError } from '@/lib/api-client';
import '@/features/notifications/notifications.css';

/**
 * The member's own choice of what the bell tells them: one switch per type, each saved as it is
 * flipped (a type that is off is not recorded at all).
 */
export function NotificationPreferences() {
  const headingId = useId();
  const preferences = useNotificationPreferences({ enabled: true });
  // What the member just chose, shown from the click itself until its request settles: the
  // cache's optimistic value reaches the switch a task later, so a controlled switch would first
  // spring back (on a busy page, long enough to see, and for a test to read the old state).
  const [chosen, setChosen] = useState<Partial<Record<NotificationType, boolean>>>({});
  const update = useUpdateNotificationPreference({
    onSettled: ({ type }) =>
      setChosen((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== type))),
    onError: (error) => {
      // The API client has already reported an ended session.
      if (isUnauthorizedError(error)) return;
      toast({
        title: 'Could not save your notification settings',
        description: getServerMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    },
  });

  let body;
  if (preferences.isPending) {
    body = (
      <div role="status" aria-label="Loading notification settings">
        <span className="skeleton skeleton--line" />
        <span className="skeleton skeleton--line skeleton--short" />
      </div>
    );
  } else if (preferences.isError) {
    body = (
      <div className="inline-error" role="alert">
        Unable to load your notification settings.{' '}
        <button type="button" className="link-button" onClick={() => void preferences.refetch()}>
          Try again
        </button>
      </div>
    );
  } else {
    const types = preferences.data.types;
    body = (
      <ul className="notification-settings__list">
        {NOTIFICATION_TYPES.map((type: NotificationType) => (
          <li key={type}>
            <label className="notification-settings__option">
              <span className="notification-settings__label">{NOTIFICATION_TYPE_LABELS[type]}</span>
              <input
                type="checkbox"
                className="switch"
                data-testid={`notification-preference-${type}`}
                checked={chosen[type] ?? types[type] !== false}
                onChange={(event) => {
                  const enabled = event.target.checked;
                  setChosen((current) => ({ ...current, [type]: enabled }));
                  update.mutate({ type, enabled });
                }}
              />
            </label>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="card notification-settings" aria-labelledby={headingId} data-testid="notification-settings">
      <h2 id={headingId} className="notification-settings__title">
        Notifications
      </h2>
      {body}
    </section>
  );
}
