import { ADMIN_RPC } from '../admin/admin.contracts.js';
import { AUTH_RPC } from '../auth/auth.patterns.js';
import { CATALOG_RPC } from '../catalog/catalog.patterns.js';
import { FEEDBACK_RPC } from '../feedback/feedback.patterns.js';
import { HEALTH_RPC } from '../health/health.patterns.js';
import { VIDEO_RPC } from '../media/video.patterns.js';
import { NOTIFICATIONS_RPC } from '../notifications/notifications.contracts.js';
import type { RpcContract } from './define-rpc.js';

const GROUPS: Record<string, RpcContract>[] = [
  AUTH_RPC,
  CATALOG_RPC,
  VIDEO_RPC,
  FEEDBACK_RPC,
  ADMIN_RPC,
  NOTIFICATIONS_RPC,
  HEALTH_RPC,
];

/** Every call of every service: what the NATS permissions and the uniqueness check are held against. */
export const RPC_CONTRACTS: readonly RpcContract[] = GROUPS.flatMap((group) => Object.values(group));
