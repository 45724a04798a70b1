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
import { actorOf } from '../../platform/http/context.js';
import type { JobsService } from './service.js';

/** GET api/jobs/{id} for a job's owner; the dead-letter list and its retry for the super admin. */
export function registerJobRoutes(app: FastifyInstance, jobs: JobsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
      return { message: request.t('jobs_admin.retried') };
    },
  );
}
