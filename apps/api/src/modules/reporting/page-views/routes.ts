import { pageViewCreateSchema } from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/http/context.js';
import type { PageViewsService } from './service.js';

export function registerPageViewRoutes(app: FastifyInstance, pageViews: PageViewsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/page-views',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['page-views'], body: pageViewCreateSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const auth = actorOf(request);
      await pageViews.record({ companyId: auth.companyId, userId: auth.userId }, request.body);
      return reply.code(204).send(null);
    },
  );
}
