import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from './http/errors.js';

export interface Limiter {
  /** Counts one event for key; throws a 429 HttpError once the key is over its limit. */
  consume(key: string): Promise<void>;
  /** Throws a 429 if key is already over its limit, without counting. */
  check(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/** Fixed-window limits, in memory on one node or in Redis when several nodes share them. */
export function createLimiter(options: {
  prefix: string;
  points: number;
  durationSeconds: number;
  redis?: Redis;
}): Limiter {
  const settings = { keyPrefix: options.prefix, points: options.points, duration: options.durationSeconds };
  const limiter: RateLimiterAbstract = options.redis
    ? new RateLimiterRedis({ ...settings, storeClient: options.redis })
    : new RateLimiterMemory(settings);
  const retryAfter = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return {
    async consume(key) {
      try {
        await limiter.consume(key);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw tooManyRequests(retryAfter(error));
        throw error;
      }
    },
    async check(key) {
      const res = await limiter.get(key);
      if (res && res.consumedPoints >= options.points) throw tooManyRequests(retryAfter(res));
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}
