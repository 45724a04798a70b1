import { searchQuerySchema, searchResponseSchema } from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/http/context.js';
import type { SearchService } from './service.js';

export function registerSearchRoutes(app: FastifyInstance, search: SearchService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/search',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['search'], querystring: searchQuerySchema, response: { 200: searchResponseSchema } },
    },
    async (request) => ({ data: await search.search(actorOf(request), request.query, request.lang) }),
  );
}
