import {
  adminCompanyCreateSchema,
  adminCompanyListQuerySchema,
  adminCompanySchema,
  adminCompanyUpdateSchema,
  bulkActionSchema,
  bulkResultSchema,
  companyListQuerySchema,
  companySchema,
  companySelfSchema,
  companyUpsertSchema,
  idParamSchema,
  itemResponseSchema,
  listResponseSchema,
  messageSchema,
  paginatedSchema,
} from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, companyOf } from '../../../platform/http/context.js';
import type { CompaniesService } from './service.js';

const tags = ['companies'];
const adminTags = ['admin', 'companies'];
// Companies are the tenant registry, not a tenant's records: only the super admin manages them (spec §2.2).
const superAdmin = { access: 'super_admin' } as const;

export function registerCompanyRoutes(app: FastifyInstance, companies: CompaniesService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/company/self',
    { config: { access: 'public' }, schema: { tags, response: { 200: z.object({ data: companySelfSchema }) } } },
    async (request) => ({ data: await companies.self(companyOf(request)) }),
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

  registerCompanyAdminRoutes(app, companies);
}

/** `/api/admin/companies`: list, detail, create, update (PUT and POST), delete and bulk (status or delete). */
function registerCompanyAdminRoutes(app: FastifyInstance, companies: CompaniesService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/admin/companies';
  const itemResponse = itemResponseSchema(adminCompanySchema);

  r.get(
    base,
    {
      config: superAdmin,
      schema: {
        tags: adminTags,
        querystring: adminCompanyListQuerySchema,
        response: { 200: listResponseSchema(adminCompanySchema) },
      },
    },
    (request) => companies.admin.list(request.query),
  );

  r.get(
    `${base}/:id`,
    { config: superAdmin, schema: { tags: adminTags, params: idParamSchema, response: { 200: itemResponse } } },
    async (request) => ({ data: await companies.admin.read(request.params.id) }),
  );

  r.post(
    base,
    {
      config: superAdmin,
      schema: { tags: adminTags, body: adminCompanyCreateSchema, response: { 201: itemResponse } },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await companies.admin.create(actorOf(request), request.body) }),
  );

  r.post(
    `${base}/bulk`,
    { config: superAdmin, schema: { tags: adminTags, body: bulkActionSchema, response: { 200: bulkResultSchema } } },
    async (request) => {
      const affected = await companies.admin.bulk(actorOf(request), request.body);
      const key = request.body.action === 'delete' ? 'resource.bulk_deleted' : 'resource.bulk_updated';
      return { message: request.t(key, { count: affected }), affected };
    },
  );

  for (const method of ['put', 'post'] as const) {
    r[method](
      `${base}/:id`,
      {
        config: superAdmin,
        schema: {
          tags: adminTags,
          params: idParamSchema,
          body: adminCompanyUpdateSchema,
          response: { 200: itemResponse },
        },
      },
      async (request) => ({
        data: await companies.admin.update(actorOf(request), request.params.id, request.body),
      }),
    );
  }

  r.delete(
    `${base}/:id`,
    { config: superAdmin, schema: { tags: adminTags, params: idParamSchema, response: { 200: messageSchema } } },
    async (request) => {
      await companies.admin.remove(actorOf(request), request.params.id);
      return { message: request.t('resource.deleted') };
    },
  );
}
