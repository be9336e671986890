// ioredis connection with a key prefix per service (each service owns its prefix).
import { Redis } from 'ioredis';
import type { ReadinessCheck } from './health.js';

export function createRedis(url: string, options: { keyPrefix?: string } = {}): Redis {
  return new Redis(url, {
    keyPrefix: options.keyPrefix,
    maxRetriesPerRequest: 3,
    enableReadyCheck: true,
    lazyConnect: false,
  });
}

export function redisReadiness(redis: Redis): ReadinessCheck {
  return { name: 'redis', check: async () => redis.ping() };
}

export type { Redis };
