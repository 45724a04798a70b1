import { widgetsQuerySchema, widgetsResponseSchema } from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/http/context.js';
import type { WidgetsService } from './service.js';

export function registerWidgetRoutes(app: FastifyInstance, widgets: WidgetsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/widgets',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['widgets'], querystring: widgetsQuerySchema, response: { 200: widgetsResponseSchema } },
    },
    async (request) => ({ data: await widgets.menu(actorOf(request), request.query, request.lang) }),
  );
}
