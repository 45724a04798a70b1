import {
  companyListQuerySchema,
  companySchema,
  companySelfSchema,
  companyUpsertSchema,
  paginatedSchema,
} from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, companyOf } from '../../../platform/http/context.js';
import { sendPrecompressed } from '../../../platform/http/precompressed.js';
import { registerResource } from '../../../platform/resource/routes.js';
import type { CompaniesService } from './service.js';

const tags = ['companies'];
// Companies are the tenant registry, not a tenant's records: only the super admin manages them (spec §2.2).
const superAdmin = { access: 'super_admin' } as const;

export function registerCompanyRoutes(app: FastifyInstance, companies: CompaniesService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Asked by every page load: served from the cache as serialized once, and 304 to a browser holding the same ETag.
  r.get(
    '/api/company/self',
    {
      config: { access: 'public' },
      schema: {
        tags,
        response: {
          200: z.object({ data: companySelfSchema }),
          304: z.null().describe('Not modified: the If-None-Match ETag is still current'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return sendPrecompressed(request, reply, await companies.selfAnswer(companyOf(request)));
    },
  );

  r.get(
    '/api/company',
    {
      config: superAdmin,
      schema: { tags, querystring: companyListQuerySchema, response: { 200: paginatedSchema(companySchema) } },
    },
    (request) => companies.list(request.query),
  );

  r.post(
    '/api/company',
    {
      config: superAdmin,
      schema: { tags, body: companyUpsertSchema, response: { 200: z.object({ data: companySchema }) } },
    },
    async (request) => ({ data: await companies.upsert(request.body, actorOf(request)) }),
  );

  r.get(
    '/api/s/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: z.object({ data: z.string() }) },
      },
    },
    async (request) => ({ data: await companies.resolveShortLink(companyOf(request), request.params.id) }),
  );

  // `/api/admin/companies`: list, export, detail, create, update (PUT and POST), delete and bulk, from the framework.
  registerResource(app, companies.resource);
}
