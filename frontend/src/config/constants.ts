import { env } from '@/config/env';

export const APP_NAME = 'SkillShare Feedback';

/** Sign-in is handled by the gateway; unauthorised situations send the browser here. */
export const LOGIN_REDIRECT_URL = '/api/login';
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;
export const UNAUTHORIZED_MESSAGE = 'You are logged out. Logging in again...';

export const TOAST_LIMIT = 1;
export const TOAST_DEFAULT_DURATION_MS = 5000;

export const CATEGORIES_SECTION_ID = 'categories';

export const CONTACT_MAILTO = `mailto:${env.contactEmail}`;
export const CATEGORY_REQUEST_MAILTO = `mailto:${env.contactEmail}?subject=${encodeURIComponent(
  'New category request',
)}`;
