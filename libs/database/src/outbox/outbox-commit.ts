import type { DataSource, EntityManager, EntitySubscriberInterface, QueryRunner } from 'typeorm';

/** Set on the transaction's query runner (its `data`, TypeORM's place for it) by every outbox write. */
const WROTE_OUTBOX = 'wroteOutbox';

/** Notes that this transaction wrote outbox rows; they must be written inside the fact's transaction. */
export function markOutboxWritten(manager: EntityManager): void {
  const runner = manager.queryRunner;
  if (!runner?.isTransactionActive) {
    throw new Error('an outbox row is recorded inside the transaction of the fact it describes');
  }
  runner.data[WROTE_OUTBOX] = true;
}

/**
 * Calls `onCommit` each time a transaction that wrote outbox rows has committed (the outermost
 * commit: a savepoint released is not one), so the relay delivers them at once instead of at
 * its next poll and no service has to remember to wake it. Answers the unsubscribe.
 */
export function onOutboxCommitted(dataSource: DataSource, onCommit: () => void): () => void {
  const settled = (runner: QueryRunner): boolean => {
    if (runner.isTransactionActive || !runner.data[WROTE_OUTBOX]) return false;
    runner.data[WROTE_OUTBOX] = false;
    return true;
  };
  const subscriber: EntitySubscriberInterface = {
    afterTransactionCommit: ({ queryRunner }) => {
      if (settled(queryRunner)) onCommit();
    },
    afterTransactionRollback: ({ queryRunner }) => {
      settled(queryRunner);
    },
  };
  dataSource.subscribers.push(subscriber);
  return () => {
    const index = dataSource.subscribers.indexOf(subscriber);
    if (index !== -1) dataSource.subscribers.splice(index, 1);
  };
}
