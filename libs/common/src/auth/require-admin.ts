import type { Actor } from '@app/contracts';
import { ForbiddenError } from '../errors/domain-errors.js';
import { securityEvent, type SecurityEvent, type SecurityEventLogger } from '../logging/security-events.js';

/** What a refused privileged action says: the 403's message and what the log names. */
export interface AdminRefusal {
  message: string;
  /** The action refused, e.g. 'delete-category'. */
  action: string;
  /** More about what was acted on, for the log line. */
  target?: SecurityEvent['target'];
}

/**
 * The one admin check of the services: passes only an actor who claims to be an admin and whom
 * the table of record confirms (`isAdminOfRecord`: the auth service asked by message, or auth's
 * own table). The `isAdmin` a message carries is only the gateway's claim, so it is never the
 * authority. An actor that does not claim it is refused without asking; one that claims it but is
 * not (a forged message, or an admin demoted a moment ago) is also logged as `access.denied`.
 */
export async function requireAdmin(
  actor: Actor,
  isAdminOfRecord: (userId: string) => Promise<boolean>,
  refusal: AdminRefusal,
  logger: SecurityEventLogger,
): Promise<void> {
  if (actor.isAdmin && (await isAdminOfRecord(actor.id))) return;
  if (actor.isAdmin) {
    securityEvent(logger, {
      event: 'access.denied',
      outcome: 'denied',
      actorId: actor.id,
      target: { action: refusal.action, ...refusal.target },
      reason: 'claims admin but is not an admin of record',
    });
  }
  throw new ForbiddenError(refusal.message);
}
