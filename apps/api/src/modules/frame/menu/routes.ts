import {
  adminMenuItemSchema,
  menuOrderSchema,
  moduleSwitchesResponseSchema,
  moduleSwitchesSchema,
} from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/http/context.js';
import { registerResource } from '../../../platform/resource/routes.js';
import type { MenuService } from './service.js';

const access = { access: { permission: 'read_widgetmanagement' } } as const;

/** `/api/admin/menu-modules` (the generated resource routes), its order, and the module switches `/api/admin/modules`. */
export function registerMenuRoutes(app: FastifyInstance, menu: MenuService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Declared before the resource so the static segment is plainly its own route (it also wins over `:id` by rule).
  r.put(
    '/api/admin/menu-modules/order',
    {
      config: access,
      schema: {
        tags: ['admin', 'menu-modules'],
        body: menuOrderSchema,
        response: { 200: z.object({ data: z.array(adminMenuItemSchema) }) },
      },
    },
    async (request) => ({ data: await menu.reorder(actorOf(request), request.body.ids) }),
  );
  registerResource(app, menu.resource);

  r.get(
    '/api/admin/modules',
    { config: access, schema: { tags: ['admin', 'modules'], response: { 200: moduleSwitchesResponseSchema } } },
    async (request) => ({ data: await menu.readModules(actorOf(request)) }),
  );
  r.put(
    '/api/admin/modules',
    {
      config: access,
      schema: {
        tags: ['admin', 'modules'],
        body: moduleSwitchesSchema,
        response: { 200: moduleSwitchesResponseSchema },
      },
    },
    async (request) => ({ data: await menu.saveModules(actorOf(request), request.body) }),
  );
}
