import { AUTH_RPC } from '../auth/auth.patterns.js';
import { CATALOG_RPC } from '../catalog/catalog.patterns.js';
import { FEEDBACK_RPC } from '../feedback/feedback.patterns.js';
import { VIDEO_RPC } from '../media/video.patterns.js';
import type { RpcContract } from '../rpc/define-rpc.js';
import type { userCleanupMessageSchema, UserDeletionStep } from './admin.contracts.js';

/** The command of each step of the admin service's user deletion, sent to the service that owns the rows. */
export const USER_CLEANUP_RPC = {
  videos: VIDEO_RPC.deleteAllOfUploader,
  feedback: FEEDBACK_RPC.deleteAllOfMember,
  bookmarks: CATALOG_RPC.deleteBookmarksOfUser,
  account: AUTH_RPC.deleteAccount,
} as const satisfies Record<UserDeletionStep, RpcContract<typeof userCleanupMessageSchema>>;
