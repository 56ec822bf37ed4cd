/** What a client is told while PostgreSQL cannot be reached (HTTP 503). */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is temporarily unavailable. Please try again shortly.';

/** Socket-level failures reaching the server (node `code`s, as pg passes them on). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** SQLSTATE admin_shutdown, crash_shutdown, cannot_connect_now (starting up / shutting down). */
const SERVER_GOING_AWAY = new Set(['57P01', '57P02', '57P03']);
/** SQLSTATE class 08: connection exception. */
const CONNECTION_EXCEPTION = /^08[0-9A-Z]{3}$/;
/** What pg says when the socket drops, the pool cannot connect in time, or a broken client is reused. */
const MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /is not queryable/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
];

/**
 * True when an error means PostgreSQL is out of reach (down, restarting, refusing connections)
 * rather than that the query was wrong: the caller should hear "try again shortly", not a 500.
 * Looks through what wraps the driver's error: TypeORM's `driverError`, `cause`, and the
 * `errors` of an AggregateError (a connect that tried several addresses).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causesOf(error).some(
    ({ code, message }) =>
      (typeof code === 'string' &&
        (NETWORK_CODES.has(code) || SERVER_GOING_AWAY.has(code) || CONNECTION_EXCEPTION.test(code))) ||
      (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message))),
  );
}

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  driverError?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** The error and everything it wraps, breadth first, bounded so a cycle cannot loop. */
function causesOf(error: unknown): ErrorLike[] {
  const seen: ErrorLike[] = [];
  const queue: unknown[] = [error];
  while (queue.length && seen.length < 16) {
    const next = queue.shift();
    if (typeof next !== 'object' || next === null) continue;
    const current: ErrorLike = next;
    if (seen.includes(current)) continue;
    seen.push(current);
    queue.push(
      current.driverError,
      current.cause,
      ...(Array.isArray(current.errors) ? (current.errors as unknown[]) : []),
    );
  }
  return seen;
}
