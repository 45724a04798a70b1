import {
  adminJobListQuerySchema,
  adminJobSchema,
  errorBodySchema,
  idParamSchema,
  itemResponseSchema,
  jobStatusSchema,
  messageSchema,
  paginatedSchema,
} from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/http/context.js';
import { notFound } from '../../../platform/http/errors.js';
import { contentDisposition } from '../../../platform/resource/export.js';
import type { FileStorage } from '../../../platform/storage.js';
import type { JobsService } from './service.js';

/** GET api/jobs/{id} for a job's owner; the dead-letter list and its retry for the super admin. */
export function registerJobRoutes(app: FastifyInstance, jobs: JobsService, files: Pick<FileStorage, 'open'>): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The file an export job wrote, to its owner only, under the name the export gave it.
  r.get(
    '/api/jobs/:id/download',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['jobs'], params: idParamSchema },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const file = await jobs.exportFile(actor, request.params.id);
      const opened = await files.open(actor.companyId, file.name);
      if (!opened) throw notFound();
      return reply
        .header('content-type', file.mime)
        .header('content-length', opened.size)
        .header('content-disposition', contentDisposition(file.file_name))
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(opened.body);
    },
  );

  r.get(
    '/api/jobs/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['jobs'],
        params: idParamSchema,
        response: { 200: itemResponseSchema(jobStatusSchema), 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => ({ data: await jobs.status(actorOf(request), request.params.id) }),
  );

  r.get(
    '/api/admin/jobs',
    {
      config: { access: 'super_admin' },
      schema: {
        tags: ['admin', 'jobs'],
        querystring: adminJobListQuerySchema,
        response: { 200: paginatedSchema(adminJobSchema) },
      },
    },
    (request) => jobs.list(request.query),
  );

  r.post(
    '/api/admin/jobs/:id/retry',
    {
      config: { access: 'super_admin' },
      schema: {
        tags: ['admin', 'jobs'],
        params: idParamSchema,
        response: { 200: messageSchema, 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => {
      await jobs.retry(actorOf(request), request.params.id);
      return { message: request.t('jobs.retried') };
    },
  );
}
