import {
  bulkActionSchema,
  bulkResultSchema,
  type ExportFormat,
  exportQueryOf,
  idParamSchema,
  itemResponseSchema,
  jobStartedResponseSchema,
  listResponseSchema,
  messageSchema,
  type ResourceAccess,
  type ResourceListQuery,
} from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type Access, actorOf } from '../http/context.js';
import { forbidden } from '../http/errors.js';
import type { Resource } from './resource.js';

/** A permission of spec §6, or the super admin's access for a platform resource (the company registry). */
const guard = (access: ResourceAccess): { access: Access } => ({
  access: access === 'super_admin' ? access : { permission: access },
});

/**
 * Registers the routes of a declared resource under `/api/admin/{plural}`: list, export, detail, create, update (PUT
 * and POST), delete and bulk, less the actions its contract goes `without`. Every route declares its permission;
 * custom actions are ordinary routes registered beside these (with `actorOf` and the resource's service calls).
 */
// biome-ignore lint/suspicious/noExplicitAny: the route layer is generic over every resource's types
export function registerResource<R extends Resource<any, any, any, any, any>>(app: FastifyInstance, resource: R): void {
  const { permissions, schemas, plural, without = [] } = resource.declaration.contract;
  const base = `/api/admin/${plural}`;
  const tags = ['admin', plural];
  const r = app.withTypeProvider<ZodTypeProvider>();
  const itemResponse = itemResponseSchema(schemas.item);
  const listQuery = schemas.listQuery as unknown as z.ZodObject;
  const exportQuery = exportQueryOf(listQuery);

  r.get(
    base,
    {
      config: guard(permissions.list),
      schema: { tags, querystring: listQuery, response: { 200: listResponseSchema(schemas.item) } },
    },
    async (request) => resource.list(actorOf(request), request.query as ResourceListQuery),
  );

  // The export runs as a job (platform/exports.ts): the request answers 202 with it, the file follows.
  if (!without.includes('export')) {
    const exportJob = `resource.${plural}`;
    app.exportJobs.define({
      name: exportJob,
      schema: exportQuery,
      plan: (tx, owner, params, t) => {
        const { format, ...query } = params as { format: ExportFormat } & ResourceListQuery;
        return resource.exportPlan(tx, owner.companyId, query, format, t);
      },
    });
    r.post(
      `${base}/export`,
      {
        config: guard(permissions.list),
        schema: { tags, querystring: exportQuery, response: { 202: jobStartedResponseSchema } },
      },
      async (request, reply) => {
        const jobId = await app.exportJobs.start(actorOf(request), exportJob, request.query);
        return reply.code(202).send({ data: { job_id: jobId } });
      },
    );
  }

  r.get(
    `${base}/:id`,
    { config: guard(permissions.read), schema: { tags, params: idParamSchema, response: { 200: itemResponse } } },
    async (request) => ({ data: await resource.read(actorOf(request), request.params.id) }),
  );

  r.post(
    base,
    {
      config: guard(permissions.create),
      schema: { tags, body: schemas.create, response: { 201: itemResponse } },
    },
    async (request, reply) => reply.code(201).send({ data: await resource.create(actorOf(request), request.body) }),
  );

  for (const method of ['put', 'post'] as const) {
    r[method](
      `${base}/:id`,
      {
        config: guard(permissions.update),
        schema: { tags, params: idParamSchema, body: schemas.update, response: { 200: itemResponse } },
      },
      async (request) => ({
        data: await resource.update(actorOf(request), request.params.id, request.body),
      }),
    );
  }

  r.delete(
    `${base}/:id`,
    {
      config: guard(permissions.delete),
      schema: { tags, params: idParamSchema, response: { 200: messageSchema } },
    },
    async (request) => {
      await resource.remove(actorOf(request), request.params.id);
      return { message: request.t('resource.deleted') };
    },
  );

  // Declared with the update permission; a bulk delete also needs the delete permission when that one differs.
  if (without.includes('bulk')) return;
  r.post(
    `${base}/bulk`,
    {
      config: guard(permissions.update),
      schema: { tags, body: bulkActionSchema, response: { 200: bulkResultSchema } },
    },
    async (request) => {
      const actor = actorOf(request);
      if (request.body.action === 'delete' && !actor.isSuperAdmin && !actor.permissions.has(permissions.delete)) {
        throw forbidden();
      }
      return resource.bulk(actor, request.body, request.t);
    },
  );
}
