/** Above this the badge stops counting. */
export const UNREAD_BADGE_MAX = 99;

/** The bell's badge: nothing at 0, the count up to 99, then "99+". */
export function formatUnreadBadge(count: number): string | null {
  if (!Number.isFinite(count) || count < 1) return null;
  return count > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : String(Math.floor(count));
}

/** The bell's accessible name: "Notifications", or "Notifications, 3 unread". */
export function bellLabel(count: number): string {
  return count >= 1 ? `Notifications, ${Math.floor(count)} unread` : 'Notifications';
}
