import {
  adminRoleSchema,
  groupPermissions,
  permissionCatalogueSchema,
  permissionNameParamSchema,
  permissionRolesSchema,
} from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/http/context.js';
import { registerResource } from '../../../platform/resource/routes.js';
import type { RolesService } from './service.js';

const tags = ['admin', 'permissions'];

/**
 * `/api/admin/roles` (the generated resource routes: list, detail, create, update by PUT or POST, delete; read_role
 * reads, create_role changes) and the permission catalogue beside it.
 */
export function registerRoleRoutes(app: FastifyInstance, roles: RolesService): void {
  registerResource(app, roles.resource);
  const { permissions } = roles.resource.declaration.contract;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Spec §6: read_permission for the catalogue.
  r.get(
    '/api/admin/permissions',
    {
      config: { access: { permission: 'read_permission' } },
      schema: { tags, response: { 200: permissionCatalogueSchema } },
    },
    async () => ({ data: groupPermissions() }),
  );

  // The other view of the matrix: one permission, the company roles holding it (create_role, as any role change).
  r.put(
    '/api/admin/permissions/:name/roles',
    {
      config: { access: { permission: permissions.update } },
      schema: {
        tags,
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
