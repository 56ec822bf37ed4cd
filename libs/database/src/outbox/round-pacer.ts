/**
 * When an outbox relay's next round may begin: at once after a quiet spell, so a lone commit is
 * delivered without delay, but no sooner than `intervalMs` after the start of the last round that
 * delivered rows, so what commits during a burst gathers into one batch per interval.
 */
export class RoundPacer {
  private lastDeliveryAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** How long the next round must wait before it begins (0: it may begin now). */
  delayMs(): number {
    return Math.max(0, this.lastDeliveryAt + this.intervalMs - this.now());
  }

  /** A round began at `startedAt` and delivered `rows` rows; a round that found none holds nothing back. */
  record(startedAt: number, rows: number): void {
    if (rows > 0) this.lastDeliveryAt = startedAt;
  }
}
