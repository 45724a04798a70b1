import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from './http/errors.js';
import { createLimiter } from './rate-limit.js';

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a 429');
}

function behavesAsALimiter(makeLimiter: (prefix: string) => ReturnType<typeof createLimiter>) {
  it('lets the allowed number through, then answers 429 with a Retry-After within the window', async () => {
    const limiter = makeLimiter(randomUUID());
    for (let i = 0; i < 3; i++) await limiter.consume('key');
    const error = await rejection(limiter.consume('key'));
    expect(error.status).toBe(429);
    const retryAfter = Number(error.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('checks without counting, and forgets a key on reset', async () => {
    const limiter = makeLimiter(randomUUID());
    await limiter.check('key');
    await limiter.check('key');
    for (let i = 0; i < 3; i++) await limiter.consume('key');
    expect((await rejection(limiter.check('key'))).status).toBe(429);
    await limiter.reset('key');
    await expect(limiter.check('key')).resolves.toBeUndefined();
    await expect(limiter.consume('key')).resolves.toBeUndefined();
  });

  it('keeps keys apart', async () => {
    const limiter = makeLimiter(randomUUID());
    for (let i = 0; i < 3; i++) await limiter.consume('a');
    await expect(limiter.consume('b')).resolves.toBeUndefined();
  });
}

describe('rate limiter in memory', () => {
  behavesAsALimiter((prefix) => createLimiter({ prefix, points: 3, durationSeconds: 60 }));
});

describe.runIf(process.env.TEST_REDIS_URL)('rate limiter on Redis', () => {
  const redis = new Redis(process.env.TEST_REDIS_URL ?? '', { lazyConnect: true });
  // Until a client is ready the limiter counts in memory (see below), so these tests wait for it.
  beforeAll(() => redis.connect());
  afterAll(() => redis.quit());

  behavesAsALimiter((prefix) => createLimiter({ prefix, points: 3, durationSeconds: 60, redis }));

  it('shares one count between nodes', async () => {
    const prefix = randomUUID();
    const other = new Redis(process.env.TEST_REDIS_URL ?? '');
    await once(other, 'ready');
    try {
      const nodeA = createLimiter({ prefix, points: 3, durationSeconds: 60, redis });
      const nodeB = createLimiter({ prefix, points: 3, durationSeconds: 60, redis: other });
      await nodeA.consume('shared');
      await nodeB.consume('shared');
      await nodeA.consume('shared');
      expect((await rejection(nodeB.consume('shared'))).status).toBe(429);
    } finally {
      await other.quit();
    }
  });
});

describe('rate limiter while its Redis is away', () => {
  // Nothing listens on port 1: the client never becomes ready and keeps reconnecting.
  const redis = new Redis({ host: '127.0.0.1', port: 1, enableOfflineQueue: false, retryStrategy: () => 1000 });
  redis.on('error', () => undefined);
  afterAll(() => redis.disconnect());

  behavesAsALimiter((prefix) => createLimiter({ prefix, points: 3, durationSeconds: 60, redis }));
});
