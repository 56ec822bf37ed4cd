/**
 * Runs at most `capacity` tasks at once; the rest wait in arrival order. Once `maxWaiting`
 * tasks wait, a further one is refused at once with `refuse()`.
 */
export class Semaphore {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly capacity: number,
    private readonly maxWaiting: number,
    private readonly refuse: () => Error,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.capacity) {
      if (this.waiting.length >= this.maxWaiting) throw this.refuse();
      // The slot is handed over by the task that frees it, so `running` stays counted.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
