import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CoalescingPoller } from '@app/common';
import { config } from '../config.js';
import { SerialVotingRepository } from './serial-voting.repository.js';

/** Any number of replicas: one runs the check at a time (the others find the lock taken). */
const LOCK_KEY = 'feedback:serial-voting';

/** Runs the serial-voting check every VOTE_INTEGRITY_INTERVAL_SECONDS (nightly by default). */
@Injectable()
export class SerialVotingSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(SerialVotingSweeper.name);
  private readonly poller = new CoalescingPoller(async () => void (await this.sweep()), {
    intervalMs: config.VOTE_INTEGRITY_INTERVAL_SECONDS * 1000,
    onError: (error) => this.logger.warn({ msg: 'serial-voting check deferred', error: String(error) }),
  });

  constructor(
    private readonly dataSource: DataSource,
    private readonly serialVoting: SerialVotingRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.poller.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.poller.stop();
  }

  /** One pass; how many votes and ratings were reversed. */
  async sweep(): Promise<number> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const [row] = (await runner.query(`SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked`, [
        LOCK_KEY,
      ])) as { locked: boolean }[];
      if (!row?.locked) return 0;
      try {
        let reversed = 0;
        for (const serial of await this.serialVoting.find(config.SERIAL_VOTE_THRESHOLD)) {
          const removed = await this.serialVoting.reverse(serial);
          reversed += removed;
          this.logger.warn({ msg: 'serial voting reversed', ...serial, removed });
        }
        return reversed;
      } finally {
        await runner.query(`SELECT pg_advisory_unlock(hashtextextended($1, 0))`, [LOCK_KEY]);
      }
    } finally {
      await runner.release();
    }
  }
}
