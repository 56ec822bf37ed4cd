import { currentTrace, type RequestClient } from './trace-context.js';

/**
 * Security events: one JSON line each, with a stable `event` name, so an account takeover or an
 * admin abusing their power can be investigated (ASVS V7.1.3, V7.2.1, V7.2.2). Every line says
 * who acted (`actorId`), from where (`ip`, `userAgent`: the HTTP client, carried to the
 * services in the NATS headers), in which request (`requestId`), on what (`target`) and how it
 * ended (`outcome`). Never passwords, hashes, session ids or tokens: callers pass only the
 * fields below.
 */
export const SECURITY_EVENTS = [
  'auth.login.succeeded',
  'auth.login.failed',
  /** 429: too many failed logins for the email or from the address. */
  'auth.login.locked',
  'auth.register.succeeded',
  /** 429: too many sign-ups from the address. */
  'auth.register.locked',
  'auth.logout',
  'auth.password.changed',
  'auth.password.change.failed',
  /** A signed-in session past its idle or absolute lifetime, ended by the server. */
  'auth.session.expired',
  /** Every 403 the gateway answers, and every privileged message a service refuses. */
  'access.denied',
  'admin.bootstrap.created',
  'admin.bootstrap.promoted',
  'admin.bootstrap.refused',
  'admin.user.admin-toggled',
  'admin.user.deleted',
  'admin.category.created',
  'admin.category.deleted',
  'admin.report.resolved',
  'video.deleted',
] as const;
export type SecurityEventName = (typeof SECURITY_EVENTS)[number];

/** success: it happened · failure: the credentials or input were wrong · denied: not allowed (403, 429). */
export type SecurityOutcome = 'success' | 'failure' | 'denied';

export interface SecurityEvent {
  event: SecurityEventName;
  outcome: SecurityOutcome;
  /** The signed-in user who acted; null for a visitor or a failed sign-in; 'system' at start-up. */
  actorId: string | null;
  /** What was acted on, e.g. `{ userId }`, `{ videoId }`, `{ email }` of a sign-in attempt. */
  target?: Record<string, string | number | boolean | null>;
  /** Why it was refused or failed, in words safe for a log. */
  reason?: string;
  /** The HTTP client, when it is not the current trace's (e.g. an event written after the answer went out). */
  client?: RequestClient;
  requestId?: string;
}

/** The part of Nest's Logger a security event uses. */
export interface SecurityEventLogger {
  log(message: unknown): void;
  warn(message: unknown): void;
}

/** Writes one security event: info when it succeeded, warn when it failed or was refused. */
export function securityEvent(logger: SecurityEventLogger, event: SecurityEvent): void {
  const trace = currentTrace();
  const client = event.client ?? trace?.client;
  const line = {
    msg: 'security event',
    security: true,
    event: event.event,
    outcome: event.outcome,
    actorId: event.actorId,
    ...(event.target ? { target: event.target } : {}),
    ...(event.reason ? { reason: event.reason } : {}),
    ip: client?.ip ?? null,
    userAgent: client?.userAgent ?? null,
    requestId: event.requestId ?? trace?.requestId ?? null,
  };
  if (event.outcome === 'success') logger.log(line);
  else logger.warn(line);
}
