import {
  dataRequestSchema,
  dataSubjectQuerySchema,
  dataSubjectsResponseSchema,
  idParamSchema,
  itemResponseSchema,
} from '@kampus/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/http/context.js';
import { contentDisposition } from '../../platform/resource/export.js';
import type { ExportFile } from '../../platform/resource/resource.js';
import { registerResource } from '../../platform/resource/routes.js';
import type { DataAdminService } from './service.js';

// Spec §6 names no privacy permission: /admin/data sits with the company settings.
const access = { access: { permission: 'read_companysetting' } } as const;
const tags = ['admin', 'data'];

const sendFile = (reply: FastifyReply, file: ExportFile) =>
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('cache-control', 'no-store')
    .send(file.body);

/** `/api/admin/data/export`, `/api/admin/data-requests` (the resource) and its actions: people, download, erase. */
export function registerDataAdminRoutes(app: FastifyInstance, data: DataAdminService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/admin/data/export', { config: access, schema: { tags } }, async (request, reply) =>
    sendFile(reply, await data.exportCompany(actorOf(request), request.t)),
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

  r.get(
    '/api/admin/data-requests/:id/download',
    { config: access, schema: { tags, params: idParamSchema } },
    async (request, reply) => sendFile(reply, await data.exportSubject(actorOf(request), request.params.id, request.t)),
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
