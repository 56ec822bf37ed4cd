import { env } from '@/config/env';

export const APP_NAME = 'SkillShare Feedback';

/** Sign-in is handled by the gateway; unauthorised situations send the browser here. */
export const LOGIN_REDIRECT_URL = '/api/login';
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;
export const UNAUTHORIZED_MESSAGE = 'You are logged out. Logging in again...';

// Toasts (spec section 9).
export const TOAST_LIMIT = 1;
export const TOAST_DEFAULT_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';

// Tooltips (spec section 9).
export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export const HERO_ROTATE_INTERVAL_MS = 3000;

/** How many of a member's videos the profile and My Videos load (spec section 7). */
export const USER_VIDEOS_LIMIT = 100;

/** Achievement thresholds (spec section 4). */
export const ACHIEVEMENT_THRESHOLDS = { firstVideo: 1, contentCreator: 5, popularViews: 100 } as const;

/** Videos on the home page (spec section 9). */
export const HOME_VIDEOS_LIMIT = 12;

export const CATEGORIES_SECTION_ID = 'categories';

export const CONTACT_MAILTO = `mailto:${env.contactEmail}`;
export const CATEGORY_REQUEST_MAILTO = `mailto:${env.contactEmail}?subject=${encodeURIComponent(
  'New category request',
)}`;

/** Placeholder cards while Saved Videos loads (spec section 9). */
export const SAVED_VIDEOS_PLACEHOLDER_COUNT = 8;

/** The bookmarks list is the one query that retries and goes stale (spec sections 7 and 9). */
export const BOOKMARKS_QUERY_RETRY = 2;
export const BOOKMARKS_QUERY_RETRY_DELAY_MS = 1000;
export const BOOKMARKS_QUERY_STALE_MS = 5000;

/** Latest videos listed on the Admin Panel's Videos tab (spec section 9). */
export const ADMIN_VIDEOS_LIMIT = 20;
