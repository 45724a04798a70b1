import {
  dataRequestSchema,
  dataSubjectQuerySchema,
  dataSubjectsResponseSchema,
  idParamSchema,
  itemResponseSchema,
  jobStartedResponseSchema,
} from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/http/context.js';
import { registerResource } from '../../../platform/resource/routes.js';
import type { DataService } from './service.js';

// Spec §6 names no privacy permission: /admin/data sits with the company settings.
const access = { access: { permission: 'read_companysetting' } } as const;
const tags = ['admin', 'data'];

/** An export starts a job and answers it at once (202); the web follows its progress and downloads its file. */
const started = { 202: jobStartedResponseSchema };

/** `/api/admin/data/export`, `/api/admin/data-requests` (the resource) and its actions: people, download, erase. */
export function registerDataRoutes(app: FastifyInstance, data: DataService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/admin/data/export', { config: access, schema: { tags, response: started } }, async (request, reply) =>
    reply.code(202).send({ data: { job_id: await data.exportCompany(actorOf(request)) } }),
  );

  r.get(
    '/api/admin/data-requests/people',
    {
      config: access,
      schema: { tags, querystring: dataSubjectQuerySchema, response: { 200: dataSubjectsResponseSchema } },
    },
    async (request) => ({ data: await data.findSubjects(actorOf(request), request.query.search) }),
  );

  registerResource(app, data.resource);

  r.post(
    '/api/admin/data-requests/:id/download',
    { config: access, schema: { tags, params: idParamSchema, response: started } },
    async (request, reply) =>
      reply.code(202).send({ data: { job_id: await data.exportSubject(actorOf(request), request.params.id) } }),
  );

  r.post(
    '/api/admin/data-requests/:id/erase',
    {
      config: access,
      schema: { tags, params: idParamSchema, response: { 200: itemResponseSchema(dataRequestSchema) } },
    },
    async (request) => ({ data: await data.erase(actorOf(request), request.params.id) }),
  );
}
