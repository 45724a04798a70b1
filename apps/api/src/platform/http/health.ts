import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';

/** Probes for load balancers: the process is up; the database answers. */
export function registerHealthRoutes(app: FastifyInstance, database: Database): void {
  const config = { access: 'public', host: 'none' } as const;
  app.get('/api/health', { config, schema: { tags: ['health'] } }, async () => ({ status: 'ok' }));
  app.get('/api/ready', { config, schema: { tags: ['health'] } }, async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ message: 'database unreachable' });
    }
  });
}
