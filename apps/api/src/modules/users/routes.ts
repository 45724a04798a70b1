import { adminUserSchema, idParamSchema, itemResponseSchema } from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerResource, resourceActorOf } from '../../platform/resource/routes.js';
import type { UsersService } from './service.js';

/** `/api/admin/users` (the generated resource routes) and its custom action, reactivate. */
export function registerUserRoutes(app: FastifyInstance, users: UsersService): void {
  registerResource(app, users.resource);

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/admin/users/:id/reactivate',
    {
      config: { access: { permission: users.resource.declaration.permissions.update } },
      schema: {
        tags: ['admin', 'users'],
        params: idParamSchema,
        response: { 200: itemResponseSchema(adminUserSchema) },
      },
    },
    async (request) => ({ data: await users.reactivate(resourceActorOf(request), request.params.id) }),
  );
}
