/**
 * When an outbox relay's next round may begin. While commits come one at a time (each round finds
 * one row), every round begins at once, so a lone commit is delivered without delay. Once a round
 * finds several rows, commits are coming faster than rounds: the next round then begins no sooner
 * than `intervalMs` after that one began, so what commits meanwhile gathers into one batch.
 */
export class RoundPacer {
  private lastBusyRoundAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** How long the next round must wait before it begins (0: it may begin now). */
  delayMs(): number {
    return Math.max(0, this.lastBusyRoundAt + this.intervalMs - this.now());
  }

  /** A round began at `startedAt` and delivered `rows` rows. */
  record(startedAt: number, rows: number): void {
    this.lastBusyRoundAt = rows > 1 ? startedAt : Number.NEGATIVE_INFINITY;
  }
}
