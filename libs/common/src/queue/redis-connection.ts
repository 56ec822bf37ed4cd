import { Redis } from 'ioredis';

/**
 * A Redis connection for BullMQ. `maxRetriesPerRequest: null` lets blocking worker commands
 * wait through a Redis restart instead of failing the job loop; queued jobs survive as long as
 * Redis keeps its data (appendonly in local runs and deployments).
 */
export function createRedisConnection(url: string, name: string): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
    connectionName: name,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
}
