import { z } from 'zod';
import { ADMIN_MESSAGES, listAdminUsersQuerySchema, serialVotingCheckDtoSchema } from '../admin/admin.contracts.js';
import {
  changePasswordRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  updateProfileRequestSchema,
} from '../auth/auth.schemas.js';
import { userDtoSchema } from '../auth/user.types.js';
import {
  addBookmarkBodySchema,
  bookmarkCheckDtoSchema,
  listBookmarksQuerySchema,
} from '../catalog/bookmark.schemas.js';
import { categoryIdParamsSchema, createCategoryRequestSchema } from '../catalog/category.schemas.js';
import { categoryDtoSchema } from '../catalog/category.types.js';
import { listVideosRequestSchema } from '../catalog/video.schemas.js';
import { videoDtoSchema } from '../catalog/video.types.js';
import {
  authorFeedbackPageQuerySchema,
  createFeedbackBodySchema,
  feedbackByAuthorRequestSchema,
  rateFeedbackBodySchema,
  replyBodySchema,
  videoFeedbackPageQuerySchema,
} from '../feedback/feedback.schemas.js';
import {
  feedbackAppliedDtoSchema,
  feedbackDtoSchema,
  feedbackRatingDtoSchema,
  feedbackReplyDtoSchema,
  feedbackVoteDtoSchema,
  userFeedbackItemDtoSchema,
  userFeedbackStatsDtoSchema,
} from '../feedback/feedback.types.js';
import { MAX_INT_ID, UUID_PATTERN } from '../ids.js';
import { updateVideoRequestSchema, videoUploadFieldsSchema } from '../media/video-upload.schemas.js';
import {
  adminReportGroupDtoSchema,
  adminReportsQuerySchema,
  createReportBodySchema,
  reportDtoSchema,
  resolveReportBodySchema,
} from '../moderation/moderation.contracts.js';
import {
  notificationPageDtoSchema,
  notificationPreferencesDtoSchema,
  notificationReadResultDtoSchema,
} from '../notifications/notification-dto.schemas.js';
import {
  markNotificationsReadBodySchema,
  notificationPageQuerySchema,
  notificationPreferencesBodySchema,
} from '../notifications/notifications.contracts.js';

/**
 * Every operation the gateway serves under /api, as the OpenAPI document describes it (the
 * gateway's openapi-document builds it from this table). Bodies and queries are the very schemas
 * the controllers validate with; responses are the schemas the DTO types are inferred from. The
 * lint step (infra/check/openapi-routes.mjs) fails when a controller route is missing here, and
 * the gateway's contract test sends a request to every operation and validates the answer.
 */

/** Who may call: anyone, a signed-in member (401 otherwise), or an admin (401, then 403). */
export type ApiAuth = 'anonymous' | 'signed-in' | 'admin';
export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A request body: JSON validated by `schema`, or multipart form fields plus named files. */
export type ApiBody =
  | { kind: 'json'; schema: z.ZodType }
  | { kind: 'multipart'; fields: z.ZodObject; files: Record<string, { description: string; required: boolean }> };

/** What a successful call answers: JSON, bytes of the given media types, an event stream, a redirect or nothing. */
export type ApiSuccess =
  | { kind: 'json'; status: number; schema: z.ZodType; description: string; alsoStatus?: number }
  | { kind: 'bytes'; status: number; mediaTypes: readonly string[]; description: string; alsoStatuses?: number[] }
  | { kind: 'event-stream'; status: number; description: string }
  | { kind: 'redirect'; status: 302; location: string; description: string }
  | { kind: 'empty'; status: 204; description: string };

export interface ApiOperation {
  operationId: string;
  method: ApiMethod;
  /** OpenAPI style: `/api/videos/{id}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  auth: ApiAuth;
  pathParams?: Record<string, { schema: z.ZodType; description: string }>;
  /** The query's schema: an object, or a pipe from one (each of its keys is a parameter). */
  query?: z.ZodType;
  headers?: Record<string, { schema: z.ZodType; description: string }>;
  body?: ApiBody;
  success: ApiSuccess;
  /** The error statuses it may answer, each with ErrorResponse; 401/403 from `auth` are added. */
  errors: number[];
  /** Answers with a `Link` header (rel="next") when more pages follow. */
  paged?: boolean;
}

/** A serial id in a path: anything but 1..2^31-1 names nothing (404), as the gateway's RowIdPipe decides. */
export const rowIdPathParamSchema = z.int().min(1).max(MAX_INT_ID);
/** A member id in a path. */
export const userIdPathParamSchema = z.string().regex(UUID_PATTERN);

const rowId = (description: string) => ({ schema: rowIdPathParamSchema, description });
const json = (status: number, schema: z.ZodType, description: string): ApiSuccess => ({
  kind: 'json',
  status,
  schema,
  description,
});
const body = (schema: z.ZodType): ApiBody => ({ kind: 'json', schema });
const noContent = (description: string): ApiSuccess => ({ kind: 'empty', status: 204, description });

/** What the docs page loads, all from the gateway itself (no CDN; scripts stay 'self'). */
export const API_DOCS_ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-initializer.js'] as const;

// 413: the JSON body limit (1 MB); 429: the per-member write limit (LimitWrites).
const WRITE = [413, 429];

export const API_OPERATIONS: readonly ApiOperation[] = [
  // Auth
  {
    operationId: 'register',
    method: 'post',
    path: '/api/auth/register',
    tag: 'auth',
    summary: 'Create an account and sign in',
    auth: 'anonymous',
    body: body(registerRequestSchema),
    success: json(201, userDtoSchema, 'The new member, signed in (session cookie set)'),
    errors: [400, 409, 413, 429],
  },
  {
    operationId: 'login',
    method: 'post',
    path: '/api/auth/login',
    tag: 'auth',
    summary: 'Sign in with email and password',
    auth: 'anonymous',
    body: body(loginRequestSchema),
    success: json(200, userDtoSchema, 'The member, signed in (session cookie set)'),
    errors: [400, 401, 413, 429],
  },
  {
    operationId: 'logout',
    method: 'post',
    path: '/api/auth/logout',
    tag: 'auth',
    summary: 'Sign out (ends the session; fine when signed out)',
    auth: 'anonymous',
    success: noContent('Signed out'),
    errors: [],
  },
  {
    operationId: 'changePassword',
    method: 'put',
    path: '/api/auth/password',
    tag: 'auth',
    summary: "Change one's password; every other session ends",
    auth: 'signed-in',
    body: body(changePasswordRequestSchema),
    success: noContent('Changed; this session stays signed in'),
    errors: [400, ...WRITE],
  },
  {
    operationId: 'currentUser',
    method: 'get',
    path: '/api/auth/user',
    tag: 'auth',
    summary: 'The signed-in member',
    auth: 'signed-in',
    success: json(200, userDtoSchema, 'The signed-in member, with their email'),
    errors: [],
  },
  {
    operationId: 'loginRedirect',
    method: 'get',
    path: '/api/login',
    tag: 'auth',
    summary: "Redirect to the app's sign-in page",
    auth: 'anonymous',
    success: { kind: 'redirect', status: 302, location: '/login', description: 'To /login' },
    errors: [],
  },
  {
    operationId: 'logoutRedirect',
    method: 'get',
    path: '/api/logout',
    tag: 'auth',
    summary: 'Sign out (unless another site sent the browser here) and redirect home',
    auth: 'anonymous',
    success: { kind: 'redirect', status: 302, location: '/', description: 'To /' },
    errors: [],
  },

  // Users
  {
    operationId: 'getUser',
    method: 'get',
    path: '/api/users/{id}',
    tag: 'users',
    summary: "A member's public profile (email only for themself and admins)",
    auth: 'anonymous',
    pathParams: { id: { schema: userIdPathParamSchema, description: "The member's id" } },
    success: json(200, userDtoSchema, 'The member'),
    errors: [404],
  },
  {
    operationId: 'updateProfile',
    method: 'put',
    path: '/api/users/profile',
    tag: 'users',
    summary: "Change one's name and description",
    auth: 'signed-in',
    body: body(updateProfileRequestSchema),
    success: json(200, userDtoSchema, 'The member as saved'),
    errors: [400, ...WRITE],
  },
  {
    operationId: 'uploadProfileImage',
    method: 'post',
    path: '/api/users/profile/image',
    tag: 'users',
    summary: "Replace one's profile picture (JPEG, PNG, WebP or GIF; metadata stripped)",
    auth: 'signed-in',
    body: {
      kind: 'multipart',
      fields: z.object({}),
      files: { profileImage: { description: 'The picture', required: true } },
    },
    success: json(200, userDtoSchema, 'The member with the new profileImageUrl'),
    errors: [400, ...WRITE],
  },
  {
    operationId: 'removeProfileImage',
    method: 'delete',
    path: '/api/users/profile/image',
    tag: 'users',
    summary: "Remove one's profile picture",
    auth: 'signed-in',
    success: json(200, userDtoSchema, 'The member without a picture'),
    errors: [429],
  },
  {
    operationId: 'getProfileImage',
    method: 'get',
    path: '/api/users/{id}/profile-image/{file}',
    tag: 'users',
    summary: 'A profile picture (public; cached privately for a day, ETag)',
    auth: 'anonymous',
    pathParams: {
      id: { schema: userIdPathParamSchema, description: "The member's id" },
      file: { schema: z.string().regex(/^[A-Za-z0-9-]+\.(?:jpg|png|webp|gif)$/), description: 'The file name' },
    },
    headers: { 'If-None-Match': { schema: z.string(), description: 'The ETag seen before: 304 when unchanged' } },
    success: {
      kind: 'bytes',
      status: 200,
      mediaTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
      description: 'The picture',
      alsoStatuses: [304],
    },
    errors: [404],
  },

  // Videos
  {
    operationId: 'listVideos',
    method: 'get',
    path: '/api/videos',
    tag: 'videos',
    summary: 'Videos, newest first unless sorted or searched (public)',
    description:
      'limit defaults to 12, clamped to 1..100; sort is recent (default), views, rating or feedback; q searches ' +
      "titles, descriptions, uploaders' and categories' names, best match first unless a sort is given.",
    auth: 'anonymous',
    query: listVideosRequestSchema,
    paged: true,
    success: json(200, z.array(videoDtoSchema), 'A page of videos'),
    errors: [400],
  },
  {
    operationId: 'uploadVideo',
    method: 'post',
    path: '/api/videos',
    tag: 'videos',
    summary: 'Upload a video file or link a YouTube video',
    description:
      "Multipart: title, description, categoryId and either the `video` file or `youtubeUrl`. A `videoSize` field (the file's length in bytes) sent before the file lets the gateway store it in one streaming PUT; a file of another length is then refused (400).",
    auth: 'signed-in',
    body: {
      kind: 'multipart',
      fields: videoUploadFieldsSchema,
      files: { video: { description: 'The video file (MP4, MOV or WebM); or give youtubeUrl', required: false } },
    },
    success: json(201, videoDtoSchema, 'The new video'),
    errors: [400, 404, 413, 429],
  },
  {
    operationId: 'getVideo',
    method: 'get',
    path: '/api/videos/{id}',
    tag: 'videos',
    summary: 'A video (public); counts a view once per viewer per day',
    auth: 'anonymous',
    pathParams: { id: rowId("The video's id") },
    success: json(200, videoDtoSchema, 'The video'),
    errors: [404],
  },
  {
    operationId: 'updateVideo',
    method: 'patch',
    path: '/api/videos/{id}',
    tag: 'videos',
    summary: "Change a video's description (its uploader or an admin)",
    auth: 'signed-in',
    pathParams: { id: rowId("The video's id") },
    body: body(updateVideoRequestSchema),
    success: json(200, videoDtoSchema, 'The video as saved'),
    errors: [400, 403, 404, 413],
  },
  {
    operationId: 'deleteVideo',
    method: 'delete',
    path: '/api/videos/{id}',
    tag: 'videos',
    summary: 'Delete a video with its files, feedback and bookmarks (its uploader or an admin)',
    auth: 'signed-in',
    pathParams: { id: rowId("The video's id") },
    success: noContent('Deleted'),
    errors: [403, 404],
  },
  {
    operationId: 'streamVideo',
    method: 'get',
    path: '/api/videos/{id}/stream',
    tag: 'videos',
    summary: 'The playable file, with byte ranges (206) for seeking',
    auth: 'anonymous',
    pathParams: { id: rowId("The video's id") },
    headers: { Range: { schema: z.string(), description: 'bytes=start-end: 206 with that part' } },
    success: {
      kind: 'bytes',
      status: 200,
      mediaTypes: ['video/mp4', 'video/webm', 'video/quicktime'],
      description: 'The whole file (206 for a range; 416 for a range past its end)',
      alsoStatuses: [206],
    },
    errors: [404, 416],
  },
  {
    operationId: 'getVideoThumbnail',
    method: 'get',
    path: '/api/videos/{id}/thumbnail',
    tag: 'videos',
    summary: "A video's thumbnail",
    auth: 'anonymous',
    pathParams: { id: rowId("The video's id") },
    success: { kind: 'bytes', status: 200, mediaTypes: ['image/jpeg'], description: 'The thumbnail' },
    errors: [404],
  },

  // Feedback
  {
    operationId: 'giveFeedback',
    method: 'post',
    path: '/api/videos/{videoId}/feedback',
    tag: 'feedback',
    summary: "Give feedback on someone else's video, optionally pinned to a time code with a drawing",
    auth: 'signed-in',
    pathParams: { videoId: rowId("The video's id") },
    body: body(createFeedbackBodySchema),
    success: json(201, feedbackDtoSchema, 'The new feedback'),
    errors: [400, 403, 404, ...WRITE],
  },
  {
    operationId: 'listVideoFeedback',
    method: 'get',
    path: '/api/feedback/video/{videoId}',
    tag: 'feedback',
    summary: "A video's feedback, most helpful first (public)",
    auth: 'anonymous',
    pathParams: { videoId: rowId("The video's id") },
    query: videoFeedbackPageQuerySchema,
    paged: true,
    success: json(200, z.array(feedbackDtoSchema), 'A page of feedback'),
    errors: [400, 404],
  },
  {
    operationId: 'listAuthorFeedback',
    method: 'get',
    path: '/api/feedback/user/{userId}',
    tag: 'feedback',
    summary: 'The feedback a member gave, newest first (public)',
    auth: 'anonymous',
    pathParams: { userId: { schema: feedbackByAuthorRequestSchema.shape.userId, description: "The member's id" } },
    query: authorFeedbackPageQuerySchema,
    paged: true,
    success: json(200, z.array(userFeedbackItemDtoSchema), 'A page of their feedback'),
    errors: [400, 404],
  },
  {
    operationId: 'authorFeedbackStats',
    method: 'get',
    path: '/api/feedback/user/{userId}/stats',
    tag: 'feedback',
    summary: "How a member's feedback was received (public)",
    auth: 'anonymous',
    pathParams: { userId: { schema: feedbackByAuthorRequestSchema.shape.userId, description: "The member's id" } },
    success: json(200, userFeedbackStatsDtoSchema, 'Their numbers'),
    errors: [400, 404],
  },
  {
    operationId: 'voteFeedback',
    method: 'post',
    path: '/api/feedback/{id}/vote',
    tag: 'feedback',
    summary: 'Mark feedback helpful (once; never one’s own)',
    auth: 'signed-in',
    pathParams: { id: rowId("The feedback's id") },
    success: json(201, feedbackVoteDtoSchema, 'The vote with the feedback’s new numbers'),
    errors: [400, 403, 404, 409, 429],
  },
  {
    operationId: 'rateFeedback',
    method: 'post',
    path: '/api/feedback/{id}/rate',
    tag: 'feedback',
    summary: 'Rate feedback 1..5 stars (once; never one’s own)',
    auth: 'signed-in',
    pathParams: { id: rowId("The feedback's id") },
    body: body(rateFeedbackBodySchema),
    success: json(201, feedbackRatingDtoSchema, 'The rating with the feedback’s new numbers'),
    errors: [400, 403, 404, 409, ...WRITE],
  },
  {
    operationId: 'replyToFeedback',
    method: 'post',
    path: '/api/feedback/{id}/replies',
    tag: 'feedback',
    summary: 'Reply in the conversation under a piece of feedback',
    auth: 'signed-in',
    pathParams: { id: rowId("The feedback's id") },
    body: body(replyBodySchema),
    success: json(201, feedbackReplyDtoSchema, 'The new reply'),
    errors: [400, 403, 404, ...WRITE],
  },
  {
    operationId: 'editReply',
    method: 'patch',
    path: '/api/feedback/replies/{replyId}',
    tag: 'feedback',
    summary: "Change one's reply within 10 minutes of posting",
    auth: 'signed-in',
    pathParams: { replyId: rowId("The reply's id") },
    body: body(replyBodySchema),
    success: json(200, feedbackReplyDtoSchema, 'The reply as saved'),
    errors: [400, 403, 404, ...WRITE],
  },
  {
    operationId: 'markFeedbackApplied',
    method: 'post',
    path: '/api/feedback/{id}/applied',
    tag: 'feedback',
    summary: 'Mark feedback applied (the video’s uploader)',
    auth: 'signed-in',
    pathParams: { id: rowId("The feedback's id") },
    success: json(200, feedbackAppliedDtoSchema, 'When it was marked'),
    errors: [403, 404, 429],
  },
  {
    operationId: 'unmarkFeedbackApplied',
    method: 'delete',
    path: '/api/feedback/{id}/applied',
    tag: 'feedback',
    summary: 'Take the applied mark back (the video’s uploader)',
    auth: 'signed-in',
    pathParams: { id: rowId("The feedback's id") },
    success: json(200, feedbackAppliedDtoSchema, 'appliedAt null'),
    errors: [403, 404, 429],
  },

  // Categories
  {
    operationId: 'listCategories',
    method: 'get',
    path: '/api/categories',
    tag: 'categories',
    summary: 'Every category, by name (public)',
    auth: 'anonymous',
    success: json(200, z.array(categoryDtoSchema), 'The categories'),
    errors: [],
  },
  {
    operationId: 'createCategory',
    method: 'post',
    path: '/api/categories',
    tag: 'categories',
    summary: 'Add a category',
    auth: 'admin',
    body: body(createCategoryRequestSchema),
    success: json(201, categoryDtoSchema, 'The new category'),
    errors: [400, 409, 413],
  },
  {
    operationId: 'deleteCategory',
    method: 'delete',
    path: '/api/categories/{id}',
    tag: 'categories',
    summary: 'Remove a category (its videos stay, uncategorised)',
    auth: 'admin',
    pathParams: { id: { schema: categoryIdParamsSchema.shape.id, description: "The category's id" } },
    success: noContent('Removed'),
    errors: [400, 404],
  },

  // Bookmarks
  {
    operationId: 'listBookmarks',
    method: 'get',
    path: '/api/bookmarks',
    tag: 'bookmarks',
    summary: "One's saved videos, newest save first",
    auth: 'signed-in',
    query: listBookmarksQuerySchema,
    paged: true,
    success: json(200, z.array(videoDtoSchema), 'A page of saved videos (isBookmarked true)'),
    errors: [400],
  },
  {
    operationId: 'checkBookmark',
    method: 'get',
    path: '/api/bookmarks/check/{videoId}',
    tag: 'bookmarks',
    summary: 'Whether one saved a video',
    auth: 'signed-in',
    pathParams: { videoId: rowId("The video's id") },
    success: json(200, bookmarkCheckDtoSchema, 'Saved or not'),
    errors: [404],
  },
  {
    operationId: 'addBookmark',
    method: 'post',
    path: '/api/bookmarks',
    tag: 'bookmarks',
    summary: 'Save a video (saving twice is fine)',
    auth: 'signed-in',
    body: body(addBookmarkBodySchema),
    success: json(201, bookmarkCheckDtoSchema, 'Saved'),
    errors: [400, 404, 413],
  },
  {
    operationId: 'removeBookmark',
    method: 'delete',
    path: '/api/bookmarks/{videoId}',
    tag: 'bookmarks',
    summary: 'Unsave a video (fine when not saved)',
    auth: 'signed-in',
    pathParams: { videoId: rowId("The video's id") },
    success: noContent('Not saved'),
    errors: [404],
  },

  // Notifications
  {
    operationId: 'listNotifications',
    method: 'get',
    path: '/api/notifications',
    tag: 'notifications',
    summary: "One's notifications, newest first, 20 to a page",
    auth: 'signed-in',
    query: notificationPageQuerySchema,
    success: json(200, notificationPageDtoSchema, 'A page, the unread count and the next page’s cursor'),
    errors: [400],
  },
  {
    operationId: 'markNotificationsRead',
    method: 'post',
    path: '/api/notifications/read',
    tag: 'notifications',
    summary: 'Mark some notifications ({ ids }) or all ({ all: true }) read',
    auth: 'signed-in',
    body: body(markNotificationsReadBodySchema),
    success: json(200, notificationReadResultDtoSchema, 'The unread count after it'),
    errors: [400, 413],
  },
  {
    operationId: 'getNotificationPreferences',
    method: 'get',
    path: '/api/notifications/preferences',
    tag: 'notifications',
    summary: 'Which notification types are on',
    auth: 'signed-in',
    success: json(200, notificationPreferencesDtoSchema, 'Every type, on or off'),
    errors: [],
  },
  {
    operationId: 'setNotificationPreferences',
    method: 'put',
    path: '/api/notifications/preferences',
    tag: 'notifications',
    summary: 'Turn notification types on or off (the others stay as they are)',
    auth: 'signed-in',
    body: body(notificationPreferencesBodySchema),
    success: json(200, notificationPreferencesDtoSchema, 'Every type, on or off'),
    errors: [400, 413],
  },
  {
    operationId: 'notificationStream',
    method: 'get',
    path: '/api/notifications/stream',
    tag: 'notifications',
    summary: 'Live notifications (Server-Sent Events)',
    description:
      'Events `notification` (data: a Notification; id: its id) and `unread` (data: { unreadCount }), and a ' +
      'heartbeat comment. `Last-Event-ID` (or `?lastEventId=`) replays what came after it.',
    auth: 'signed-in',
    query: z.object({ lastEventId: z.string().optional() }),
    headers: { 'Last-Event-ID': { schema: z.string(), description: 'The id of the last notification received' } },
    success: { kind: 'event-stream', status: 200, description: 'The event stream' },
    errors: [400],
  },

  // Reports and moderation
  {
    operationId: 'createReport',
    method: 'post',
    path: '/api/reports',
    tag: 'moderation',
    summary: 'Report a video, feedback, reply or member',
    auth: 'signed-in',
    body: body(createReportBodySchema),
    success: {
      kind: 'json',
      status: 201,
      schema: reportDtoSchema,
      description: 'The new report (200: the member’s open report on it already)',
      alsoStatus: 200,
    },
    errors: [400, 404, ...WRITE],
  },
  {
    operationId: 'listReports',
    method: 'get',
    path: '/api/admin/reports',
    tag: 'moderation',
    summary: 'Reports grouped by subject, with the content and decisions',
    auth: 'admin',
    query: adminReportsQuerySchema,
    success: json(200, z.array(adminReportGroupDtoSchema), 'The groups'),
    errors: [400],
  },
  {
    operationId: 'checkSerialVoting',
    method: 'post',
    path: '/api/admin/reports/serial-voting-check',
    tag: 'moderation',
    summary: 'Run the serial-voting check now (it also runs nightly)',
    auth: 'admin',
    success: json(200, serialVotingCheckDtoSchema, 'How many votes and ratings were reversed'),
    errors: [],
  },
  {
    operationId: 'resolveReport',
    method: 'post',
    path: '/api/admin/reports/{id}/resolve',
    tag: 'moderation',
    summary: "Keep, hide or delete a report's subject; every open report on it is decided",
    auth: 'admin',
    pathParams: { id: rowId("The report's id") },
    body: body(resolveReportBodySchema),
    success: json(200, adminReportGroupDtoSchema, 'The subject’s group after the decision'),
    errors: [400, 404, 413],
  },

  // User administration
  {
    operationId: 'listAdminUsers',
    method: 'get',
    path: '/api/admin/users',
    tag: 'admin',
    summary: 'Accounts with their emails, newest first; q filters by name or email',
    auth: 'admin',
    query: listAdminUsersQuerySchema,
    paged: true,
    success: json(200, z.array(userDtoSchema), 'A page of accounts'),
    errors: [400],
  },
  {
    operationId: 'deleteUser',
    method: 'delete',
    path: '/api/admin/users/{id}',
    tag: 'admin',
    summary: 'Delete an account and everything it made (in the background)',
    description: `400 "${ADMIN_MESSAGES.selfDelete}".`,
    auth: 'admin',
    pathParams: { id: { schema: userIdPathParamSchema, description: "The member's id" } },
    success: noContent('The deletion is under way'),
    errors: [400, 404],
  },
  {
    operationId: 'toggleAdmin',
    method: 'patch',
    path: '/api/admin/users/{id}/toggle-admin',
    tag: 'admin',
    summary: "Grant or take away a member's admin rights",
    description: `400 "${ADMIN_MESSAGES.selfDemote}".`,
    auth: 'admin',
    pathParams: { id: { schema: userIdPathParamSchema, description: "The member's id" } },
    success: json(200, userDtoSchema, 'The member with the flipped isAdmin'),
    errors: [400, 404],
  },

  // This document
  {
    operationId: 'getOpenApiDocument',
    method: 'get',
    path: '/api/openapi.json',
    tag: 'docs',
    summary: 'This OpenAPI 3.1 document',
    auth: 'anonymous',
    success: json(200, z.looseObject({ openapi: z.literal('3.1.0') }), 'The document'),
    errors: [],
  },
  {
    operationId: 'apiDocsPage',
    method: 'get',
    path: '/api/docs',
    tag: 'docs',
    summary: 'This document, browsable (Swagger UI)',
    auth: 'anonymous',
    success: { kind: 'bytes', status: 200, mediaTypes: ['text/html'], description: 'The page' },
    errors: [],
  },
  {
    operationId: 'apiDocsAsset',
    method: 'get',
    path: '/api/docs/{asset}',
    tag: 'docs',
    summary: "The docs page's script and styles",
    auth: 'anonymous',
    pathParams: {
      asset: {
        schema: z.enum(API_DOCS_ASSETS),
        description: 'swagger-ui-dist files, and the script that starts it',
      },
    },
    success: {
      kind: 'bytes',
      status: 200,
      mediaTypes: ['application/javascript', 'text/css'],
      description: 'The file',
    },
    errors: [404],
  },
];
