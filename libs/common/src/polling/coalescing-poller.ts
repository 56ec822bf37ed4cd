/**
 * Runs `work` every `intervalMs` and whenever asked (`kick`, e.g. right after a commit). Calls
 * that arrive while it runs coalesce into one more run, so nothing recorded meanwhile waits for
 * the next interval. `stop` lets the current run finish. A failed run is reported and retried at
 * the next kick or interval. Used by the outbox relay and the user-deletion saga.
 */
export class CoalescingPoller {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(
    private readonly work: () => Promise<void>,
    private readonly options: { intervalMs: number; onError: (error: unknown) => void },
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.kick(), this.options.intervalMs);
    void this.kick();
  }

  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.work()
      .catch(this.options.onError)
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          void this.kick();
        }
      });
    return this.running;
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }
}

/** Rejects with `message` after `ms`: BullMQ waits for an absent Redis, a relay must not. */
export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
