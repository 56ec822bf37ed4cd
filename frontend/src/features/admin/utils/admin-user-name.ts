import { formatPersonName } from '@/lib/format';

/** How the Users tab and its confirm dialog name a member: full name, else the email, else 'Unknown User'. */
export function adminUserName(user: {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}): string {
  return formatPersonName(user) || user.email?.trim() || 'Unknown User';
}
