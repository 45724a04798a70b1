import {
  adminIntegrationListResponseSchema,
  adminIntegrationResponseSchema,
  idParamSchema,
  integrationActivateSchema,
  integrationListQuerySchema,
  integrationListResponseSchema,
  integrationUpdateSchema,
} from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/http/context.js';
import type { IntegrationsService } from './service.js';

// Spec §6 names one permission for integrations: read_integration guards the admin view and every change.
const manage = { access: { permission: 'read_integration' } } as const;
const tags = ['integrations'];
const deactivatedResponse = adminIntegrationResponseSchema.extend({ message: z.string() });

/**
 * The spec's `GET, POST, PUT, DELETE api/integrations` (§7) and the admin list. GET answers every session (the
 * frame reads it to decide whether the order history shows); the changes and the admin view need read_integration.
 */
export function registerIntegrationRoutes(app: FastifyInstance, integrations: IntegrationsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/integrations',
    {
      config: { access: 'authenticated' },
      schema: { tags, querystring: integrationListQuerySchema, response: { 200: integrationListResponseSchema } },
    },
    async (request) => ({ data: await integrations.listForUser(actorOf(request).companyId, request.lang) }),
  );

  r.get(
    '/api/admin/integrations',
    { config: manage, schema: { tags, response: { 200: adminIntegrationListResponseSchema } } },
    async (request) => ({ data: await integrations.listForAdmin(actorOf(request), request.lang) }),
  );

  r.post(
    '/api/integrations',
    {
      config: manage,
      schema: { tags, body: integrationActivateSchema, response: { 200: adminIntegrationResponseSchema } },
    },
    async (request) => ({ data: await integrations.activate(actorOf(request), request.body, request.lang) }),
  );

  r.put(
    '/api/integrations/:id',
    {
      config: manage,
      schema: {
        tags,
        params: idParamSchema,
        body: integrationUpdateSchema,
        response: { 200: adminIntegrationResponseSchema },
      },
    },
    async (request) => ({
      data: await integrations.update(actorOf(request), request.params.id, request.body, request.lang),
    }),
  );

  r.delete(
    '/api/integrations/:id',
    { config: manage, schema: { tags, params: idParamSchema, response: { 200: deactivatedResponse } } },
    async (request) => ({
      message: request.t('integrations.deactivated'),
      data: await integrations.deactivate(actorOf(request), request.params.id, request.lang),
    }),
  );
}
