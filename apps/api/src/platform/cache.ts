import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { RedisConnection } from './redis.js';

export interface NodeCache<V> {
  /** The cached value, or what `load` answers (then cached); concurrent misses of one key share one load. */
  get(key: string, load: () => Promise<V>): Promise<V>;
  /** Drops every entry here and, through Redis when there is one, on every other node. */
  clear(): void;
}

export interface NodeCacheOptions {
  /** Names the Redis channel: `kampus:cache:{name}`. */
  name: string;
  /** The longest an entry lives: what bounds staleness when a clear from another node was missed (Redis away). */
  ttlMs: number;
  maxEntries?: number;
  redis?: RedisConnection | null;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * An in-process cache of values every node may hold, cleared on every node at once: a clear is published on a Redis
 * channel when REDIS_URL is set. Without Redis, or while it is away, other nodes see the change within `ttlMs`.
 */
export function createNodeCache<V>(options: NodeCacheOptions): NodeCache<V> {
  const { ttlMs, maxEntries = 10_000, redis, log } = options;
  const entries = new Map<string, { value: Promise<V>; expires: number }>();
  const channel = `kampus:cache:${options.name}`;
  const self = randomUUID();

  if (redis) {
    const subscriber = redis.subscriber(`cache:${options.name}`);
    subscriber.on('message', (from: string, sender: string) => {
      if (from === channel && sender !== self) entries.clear();
    });
    subscriber.subscribe(channel).catch((error: unknown) => log.warn({ err: error, channel }, 'cache: not subscribed'));
  }

  return {
    get(key, load) {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value;
      if (entries.size >= maxEntries) entries.clear();
      const value = load();
      const entry = { value, expires: now + ttlMs };
      entries.set(key, entry);
      // A failed load is not kept: the next call tries again.
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    clear() {
      entries.clear();
      redis?.client
        .publish(channel, self)
        .catch((error: unknown) => log.warn({ err: error, channel }, 'cache: clear not published'));
    },
  };
}
