import type { ListingRevision } from './videos.repository.js';

/** How long a reader waits for the projection to hold its write, and how often it looks. */
export const CATCH_UP = { timeoutMs: 2000, intervalMs: 15 } as const;

/**
 * Whether the projection holds a video at `revision` or later. A removal counts whatever its
 * revision: nothing follows it.
 */
export const holdsRevision = (held: ListingRevision | null, revision: number): boolean =>
  held !== null && (held.removed || held.revision >= revision);

/**
 * Asks `read` every `intervalMs` until `accept` holds or `timeoutMs` has passed; whether it held.
 * The event is on its way (the relay is woken by the write's commit), so it usually arrives within
 * a few tens of milliseconds.
 */
export async function pollUntil<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  { timeoutMs, intervalMs }: { timeoutMs: number; intervalMs: number } = CATCH_UP,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (accept(await read())) return true;
    const left = deadline - Date.now();
    if (left <= 0) return false;
    await new Promise((resolve) => setTimeout(resolve, Math.min(intervalMs, left)));
  }
}
