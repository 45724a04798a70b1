import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from './http/errors.js';

export interface Limiter {
  /** Counts one event (or `points`, e.g. bytes) for key; throws a 429 HttpError once the key is over its limit. */
  consume(key: string, points?: number): Promise<void>;
  /** Throws a 429 if key is already over its limit, without counting. */
  check(key: string): Promise<void>;
  /** Whether key is already over its limit, without counting. */
  isOver(key: string): Promise<boolean>;
  reset(key: string): Promise<void>;
}

/**
 * Fixed-window limits, in memory on one node or in Redis when several nodes share them. While Redis is away (not
 * connected, or a command fails or times out) the count goes to this node's memory instead, so a request neither
 * waits for Redis nor fails because of it, and failures still count toward the limit on this node.
 */
export function createLimiter(options: {
  prefix: string;
  points: number;
  durationSeconds: number;
  redis?: Redis;
}): Limiter {
  const settings = { keyPrefix: options.prefix, points: options.points, duration: options.durationSeconds };
  const limiter: RateLimiterAbstract = options.redis
    ? new RateLimiterRedis({
        ...settings,
        storeClient: options.redis,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(settings),
      })
    : new RateLimiterMemory(settings);
  const retryAfter = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return {
    async consume(key, points = 1) {
      try {
        await limiter.consume(key, points);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw tooManyRequests(retryAfter(error));
        throw error;
      }
    },
    async check(key) {
      const res = await limiter.get(key);
      if (res && res.consumedPoints >= options.points) throw tooManyRequests(retryAfter(res));
    },
    async isOver(key) {
      const res = await limiter.get(key);
      return res !== null && res.consumedPoints >= options.points;
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}
