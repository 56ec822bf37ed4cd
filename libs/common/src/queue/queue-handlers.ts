import type { Job } from 'bullmq';
import type { QueueJobData, QueueName } from './queue-registry.js';

/** Runs one job of queue Q. BullMQ hands out the abort signal only to a processor that takes it. */
export type JobHandler<Q extends QueueName> = (
  job: Job<QueueJobData[Q]>,
  token: string | undefined,
  signal: AbortSignal | undefined,
) => Promise<unknown>;

type AnyJobHandler = JobHandler<QueueName>;

/**
 * The queues a process declares it consumes, and the handlers its modules register for them.
 * Before any worker starts, every declared queue must have exactly one handler and every
 * handler a declared queue: a process missing a consumer (or running two) refuses to boot
 * rather than leave jobs waiting forever or run them twice.
 */
export class QueueHandlers {
  private readonly registered = new Map<QueueName, AnyJobHandler[]>();
  private readonly consumes: ReadonlySet<QueueName>;

  constructor(
    private readonly app: string,
    consumes: readonly QueueName[],
  ) {
    this.consumes = new Set(consumes);
  }

  register<Q extends QueueName>(queue: Q, handler: JobHandler<Q>): void {
    this.registered.set(queue, [...(this.registered.get(queue) ?? []), handler as unknown as AnyJobHandler]);
  }

  /** The one handler of each consumed queue; throws, naming every problem, when the wiring is wrong. */
  resolve(): Map<QueueName, AnyJobHandler> {
    const problems: string[] = [];
    for (const queue of this.consumes) {
      const count = this.registered.get(queue)?.length ?? 0;
      if (count === 0) problems.push(`queue ${queue} has no handler`);
      if (count > 1) problems.push(`queue ${queue} has ${count} handlers`);
    }
    for (const queue of this.registered.keys()) {
      if (!this.consumes.has(queue)) problems.push(`queue ${queue} has a handler but is not declared as consumed`);
    }
    if (problems.length) throw new Error(`${this.app} refuses to start: ${problems.join('; ')}`);
    return new Map([...this.consumes].map((queue) => [queue, this.registered.get(queue)![0]]));
  }
}
