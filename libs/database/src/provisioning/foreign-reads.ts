import type { DatabaseOwner } from '../service-database.js';

/**
 * TRANSITIONAL — the reads across schemas that still exist while the read models that replace
 * them are built (issue 14, point 2). Each reader gets USAGE and SELECT only (never a write) on
 * the schemas listed, and finds their tables after its own on its search_path. An entry is
 * removed here when its service stops reading the other's tables; the empty map is the goal.
 */
export const TRANSITIONAL_FOREIGN_READS: Readonly<Record<DatabaseOwner, readonly DatabaseOwner[]>> = {
  gateway: [],
  admin: [],
  auth: ['feedback', 'video'],
  catalog: ['video', 'auth'],
  video: ['feedback'],
  feedback: [],
};

/** The service's own schema first, so its own `outbox` and `migrations` are the ones it finds. */
export const searchPathOf = (owner: DatabaseOwner): DatabaseOwner[] => [owner, ...TRANSITIONAL_FOREIGN_READS[owner]];
