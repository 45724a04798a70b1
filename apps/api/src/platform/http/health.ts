import type { FastifyInstance } from 'fastify';
import type { Database, PoolStats } from '../../db/client.js';
import type { RedisConnection } from '../redis.js';

export interface Readiness {
  /** ready: everything answers; degraded: Redis is away (each node works on its own); unavailable: no database. */
  status: 'ready' | 'degraded' | 'unavailable';
  database: { status: 'up' | 'down'; kind: Database['kind']; pool: PoolStats | null };
  redis: 'up' | 'down' | 'not_configured';
}

async function readiness(database: Database, redis: RedisConnection | null): Promise<Readiness> {
  const isDatabaseUp = await database.ping().then(
    () => true,
    () => false,
  );
  const redisState = !redis ? 'not_configured' : redis.isReady() ? 'up' : 'down';
  return {
    status: !isDatabaseUp ? 'unavailable' : redisState === 'down' ? 'degraded' : 'ready',
    database: { status: isDatabaseUp ? 'up' : 'down', kind: database.kind, pool: database.poolStats() },
    redis: redisState,
  };
}

/**
 * Probes for load balancers: /api/health says the process is up; /api/ready says whether it can serve: 200 when the
 * database answers (also while Redis is away: `degraded`), 503 when it does not. Both show the pool's figures.
 */
export function registerHealthRoutes(app: FastifyInstance, database: Database, redis: RedisConnection | null): void {
  const config = { access: 'public', host: 'none' } as const;
  app.get('/api/health', { config, schema: { tags: ['health'] } }, async () => ({ status: 'ok' }));
  app.get('/api/ready', { config, schema: { tags: ['health'] } }, async (request, reply) => {
    const state = await readiness(database, redis);
    if (state.status !== 'unavailable') return state;
    return reply
      .code(503)
      .header('retry-after', '5')
      .send({ message: request.t('errors.service_unavailable'), ...state });
  });
}
