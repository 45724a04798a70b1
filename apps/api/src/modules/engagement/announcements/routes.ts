import {
  audienceCompaniesResponseSchema,
  errorBodySchema,
  idParamSchema,
  learnerAnnouncementResponseSchema,
  learnerAnnouncementsQuerySchema,
  learnerAnnouncementsResponseSchema,
  messageSchema,
} from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/http/context.js';
import { registerResource } from '../../../platform/resource/routes.js';
import type { AnnouncementsService } from './service.js';

const tags = ['announcements'];

/** `/api/admin/announcements` (generated) and the learner's `api/announcements`, `…/{id}`, `…/{id}/read`. */
export function registerAnnouncementRoutes(app: FastifyInstance, announcements: AnnouncementsService): void {
  registerResource(app, announcements.resource);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/audience-companies',
    {
      config: { access: { permission: 'read_widgetmanagement' } },
      schema: { tags, response: { 200: audienceCompaniesResponseSchema } },
    },
    async (request) => ({ data: await announcements.audienceCompanies(actorOf(request)) }),
  );

  r.get(
    '/api/announcements',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        querystring: learnerAnnouncementsQuerySchema,
        response: { 200: learnerAnnouncementsResponseSchema },
      },
    },
    async (request) => announcements.list(actorOf(request), request.query),
  );

  r.get(
    '/api/announcements/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        params: idParamSchema,
        response: { 200: learnerAnnouncementResponseSchema, 404: errorBodySchema },
      },
    },
    async (request) => ({ data: await announcements.read(actorOf(request), request.params.id) }),
  );

  r.post(
    '/api/announcements/:id/read',
    {
      config: { access: 'authenticated' },
      schema: { tags, params: idParamSchema, response: { 200: messageSchema, 404: errorBodySchema } },
    },
    async (request) => {
      await announcements.markRead(actorOf(request), request.params.id);
      return { message: request.t('announcements.marked_read') };
    },
  );
}
