import type { FastifyBaseLogger } from 'fastify';
import type { Redis, RedisOptions } from 'ioredis';

/**
 * The one Redis of a deployment (REDIS_URL), made so that the API never waits for it nor fails because of it: it
 * connects in the background, reconnects forever, and while it is away every user falls back to this node's own
 * state (limiters to memory, Socket.IO rooms to this node, the revocation list to its local copy).
 */
export interface RedisConnection {
  /**
   * For commands (limiter counts, keys, PUBLISH). A command while Redis is away fails at once instead of waiting in
   * a queue; one that gets no answer fails after COMMAND_TIMEOUT_MS. Callers catch and fall back.
   */
  client: Redis;
  /**
   * A new connection for subscribe mode. Its SUBSCRIBE commands wait until Redis answers, and it subscribes again by
   * itself after every reconnect. Closed with the others on close().
   */
  subscriber(name: string): Redis;
  /** A new connection that behaves as `client`, for a user that needs its own (Socket.IO's publisher). */
  commands(name: string): Redis;
  /** Whether the command connection is up right now. */
  isReady(): boolean;
  close(): Promise<void>;
}

const COMMAND_TIMEOUT_MS = 1_000;
const CONNECT_TIMEOUT_MS = 2_000;
/** How long close() waits for QUIT before cutting a connection. */
const QUIT_TIMEOUT_MS = 1_000;

/** Reconnects quickly at first, then every 2 s, for ever: Redis coming back is noticed within seconds. */
const retryStrategy = (attempt: number) => Math.min(attempt * 200, 2_000);

/** Logs when a connection goes down and when it comes back, not every failed reconnect attempt in between. */
function watchConnection(redis: Redis, name: string, log: FastifyBaseLogger): void {
  let isDown = false;
  redis.on('error', (error: Error) => {
    if (isDown) return log.debug({ err: error, redis: name }, 'redis: still unavailable');
    isDown = true;
    log.warn({ err: error, redis: name }, 'redis: unavailable; this node works on its own until it is back');
  });
  redis.on('ready', () => {
    if (isDown) log.info({ redis: name }, 'redis: connected again');
    isDown = false;
  });
}

/** QUIT when connected (letting replies in flight arrive), else, or when QUIT takes too long, close the socket. */
async function closeConnection(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  if (redis.status !== 'ready') return redis.disconnect();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, QUIT_TIMEOUT_MS);
  });
  await Promise.race([redis.quit().catch(() => undefined), timeout]);
  clearTimeout(timer);
  redis.disconnect();
}

/**
 * ioredis (some 7 MB of a server's memory) is imported here, dynamically, only when REDIS_URL is set: the production
 * build hoists a package's static import to the start of dist/main.js, which would load it in every server.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<RedisConnection> {
  const { Redis } = await import('ioredis');
  const options: RedisOptions = {
    retryStrategy,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  };
  const client = new Redis(url, options);
  watchConnection(client, 'commands', log);
  const others: Redis[] = [];
  const duplicate = (name: string, overrides: RedisOptions) => {
    const connection = client.duplicate(overrides);
    watchConnection(connection, name, log);
    others.push(connection);
    return connection;
  };
  return {
    client,
    // SUBSCRIBE must wait for Redis rather than fail; commandTimeout would also cut the subscription's wait.
    subscriber: (name) =>
      duplicate(name, { enableOfflineQueue: true, maxRetriesPerRequest: null, commandTimeout: undefined }),
    commands: (name) => duplicate(name, {}),
    isReady: () => client.status === 'ready',
    async close() {
      await Promise.all([client, ...others].map(closeConnection));
    },
  };
}
