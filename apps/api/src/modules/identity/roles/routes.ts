import {
  adminRoleCreateSchema,
  adminRoleListQuerySchema,
  adminRoleSchema,
  adminRoleUpdateSchema,
  groupPermissions,
  idParamSchema,
  itemResponseSchema,
  listResponseSchema,
  messageSchema,
  permissionCatalogueSchema,
  permissionNameParamSchema,
  permissionRolesSchema,
} from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/http/context.js';
import type { RolesService } from './service.js';

const tags = ['admin', 'roles'];
// Spec §6: read_role to see roles, create_role to change them; read_permission for the catalogue.
const readRole = { access: { permission: 'read_role' } } as const;
const writeRole = { access: { permission: 'create_role' } } as const;

/** `/api/admin/roles` (the resource contract: list, detail, create, update by PUT or POST, delete) and the catalogue. */
export function registerRoleRoutes(app: FastifyInstance, roles: RolesService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const itemResponse = itemResponseSchema(adminRoleSchema);

  r.get(
    '/api/admin/roles',
    {
      config: readRole,
      schema: { tags, querystring: adminRoleListQuerySchema, response: { 200: listResponseSchema(adminRoleSchema) } },
    },
    async (request) => roles.list(actorOf(request), request.query),
  );

  r.get(
    '/api/admin/roles/:id',
    { config: readRole, schema: { tags, params: idParamSchema, response: { 200: itemResponse } } },
    async (request) => ({ data: await roles.read(actorOf(request), request.params.id) }),
  );

  r.post(
    '/api/admin/roles',
    { config: writeRole, schema: { tags, body: adminRoleCreateSchema, response: { 201: itemResponse } } },
    async (request, reply) => reply.code(201).send({ data: await roles.create(actorOf(request), request.body) }),
  );

  for (const method of ['put', 'post'] as const) {
    r[method](
      '/api/admin/roles/:id',
      {
        config: writeRole,
        schema: { tags, params: idParamSchema, body: adminRoleUpdateSchema, response: { 200: itemResponse } },
      },
      async (request) => ({ data: await roles.update(actorOf(request), request.params.id, request.body) }),
    );
  }

  r.delete(
    '/api/admin/roles/:id',
    { config: writeRole, schema: { tags, params: idParamSchema, response: { 200: messageSchema } } },
    async (request) => {
      await roles.remove(actorOf(request), request.params.id);
      return { message: request.t('resource.deleted') };
    },
  );

  r.get(
    '/api/admin/permissions',
    {
      config: { access: { permission: 'read_permission' } },
      schema: { tags: ['admin', 'permissions'], response: { 200: permissionCatalogueSchema } },
    },
    async () => ({ data: groupPermissions() }),
  );

  // The other view of the matrix: one permission, the company roles holding it (create_role, as any role change).
  r.put(
    '/api/admin/permissions/:name/roles',
    {
      config: writeRole,
      schema: {
        tags: ['admin', 'permissions'],
        params: permissionNameParamSchema,
        body: permissionRolesSchema,
        response: { 200: z.object({ data: z.array(adminRoleSchema) }) },
      },
    },
    async (request) => ({
      data: await roles.setPermissionHolders(actorOf(request), request.params.name, request.body.role_ids),
    }),
  );
}
