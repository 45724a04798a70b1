import {
  agendaFeedCreatedSchema,
  agendaFeedParamsSchema,
  agendaFeedStatusSchema,
  agendaQuerySchema,
  agendaResponseSchema,
} from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, companyOf } from '../../../platform/http/context.js';
import type { AgendaService } from './service.js';

/**
 * The learner's agenda under `/api/my/agenda` (events, and their own subscription address), and the public
 * iCalendar feed `/api/agenda/feed/{token}.ics`, whose token is the credential.
 */
export function registerAgendaRoutes(app: FastifyInstance, agenda: AgendaService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const learner = { access: 'authenticated' } as const;
  const tags = ['agenda'];

  r.get(
    '/api/my/agenda',
    { config: learner, schema: { tags, querystring: agendaQuerySchema, response: { 200: agendaResponseSchema } } },
    async (request) => ({ data: await agenda.events(actorOf(request), request.query) }),
  );

  r.get(
    '/api/my/agenda/feed',
    { config: learner, schema: { tags, response: { 200: agendaFeedStatusSchema } } },
    async (request) => ({ data: await agenda.feedStatus(actorOf(request)) }),
  );

  r.post(
    '/api/my/agenda/feed',
    { config: learner, schema: { tags, response: { 201: agendaFeedCreatedSchema } } },
    async (request, reply) =>
      reply.code(201).send({ data: await agenda.createFeed(actorOf(request), companyOf(request)) }),
  );

  r.delete(
    '/api/my/agenda/feed',
    { config: learner, schema: { tags, response: { 204: z.null() } } },
    async (request, reply) => {
      await agenda.revokeFeed(actorOf(request));
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/agenda/feed/:token.ics',
    { config: { access: 'public' }, schema: { tags, params: agendaFeedParamsSchema } },
    async (request, reply) => {
      const calendar = await agenda.feed(companyOf(request), request.params.token, request.ip);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="agenda.ics"')
        .header('cache-control', 'private, no-store')
        .send(calendar);
    },
  );
}
