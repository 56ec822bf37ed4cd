import { Redis } from 'ioredis';
import { config } from '../config.js';
/**
 * Counts one event per key in a fixed window that starts with the key's first event; answers
 * `[count, ms left]` per key. One script, so counting and reading the window are atomic and every
 * gateway replica sees the same numbers. A key that lost its expiry (never expected) gets it back,
 * so a counter can never outlive its window for good.
 */
export const COUNT_IN_FIXED_WINDOW = `
local out = {}
for i, key in ipairs(KEYS) do
  local count = redis.call('INCR', key)
  if count == 1 then redis.call('PEXPIRE', key, ARGV[1]) end
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then redis.call('PEXPIRE', key, ARGV[1]); ttl = tonumber(ARGV[1]) end
  out[#out + 1] = count
  out[#out + 1] = ttl
end
return out`;

/**
 * A bounded set of leases per key (a sorted set scored by expiry): expired leases are dropped
 * first, then the lease is taken only while fewer than ARGV[2] are held. A holder that vanishes
 * without releasing (a crashed replica) frees its lease when it expires. Answers 1 when taken,
 * else minus the ms until the oldest lease expires.
 * KEYS[1] = the set; ARGV = now ms, limit, lease ms, lease id.
 */
export const TAKE_LEASE = `
local now = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return -math.max(1, tonumber(oldest[2]) - now)
end
local expires = now + tonumber(ARGV[3])
redis.call('ZADD', KEYS[1], expires, ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;

/**
 * The Redis connection of a limiter: it fails fast (no offline queue, one retry, 1 s per command)
 * so a Redis outage costs a request at most a second before the limiter's fallback decides.
 */
export function limiterRedis(connectionName: string): Redis {
  return new Redis(config.REDIS_URL, {
    connectionName,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
}
