import { advertisementEventsSchema, learnerAdvertisementsResponseSchema } from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/http/context.js';
import { registerResource } from '../../../platform/resource/routes.js';
import type { AdvertisementsService } from './service.js';

const tags = ['advertisements'];

/** `/api/admin/advertisements` (generated), the learner's slider `api/advertisements` and its counters. */
export function registerAdvertisementRoutes(app: FastifyInstance, advertisements: AdvertisementsService): void {
  registerResource(app, advertisements.resource);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/advertisements',
    {
      config: { access: 'authenticated' },
      schema: { tags, response: { 200: learnerAdvertisementsResponseSchema } },
    },
    async (request) => ({ data: await advertisements.slider(actorOf(request)) }),
  );

  r.post(
    '/api/advertisements/events',
    {
      config: { access: 'authenticated' },
      schema: { tags, body: advertisementEventsSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await advertisements.count(actorOf(request), request.body);
      return reply.code(204).send(null);
    },
  );
}
