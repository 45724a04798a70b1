import { companySettingsSchema, companySettingsUpdateSchema, itemResponseSchema } from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/http/context.js';
import type { SettingsService } from './service.js';

const tags = ['admin', 'settings'];
// Spec §6 names read_companysetting for /admin/settings and no separate permission to change them.
const guard = { access: { permission: 'read_companysetting' } } as const;

/** GET and PUT api/admin/settings: the settings of the company the session acts in. */
export function registerSettingsRoutes(app: FastifyInstance, settings: SettingsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const response = { 200: itemResponseSchema(companySettingsSchema) };

  r.get('/api/admin/settings', { config: guard, schema: { tags, response } }, async (request) => ({
    data: await settings.read(actorOf(request)),
  }));

  r.put(
    '/api/admin/settings',
    { config: guard, schema: { tags, body: companySettingsUpdateSchema, response } },
    async (request) => ({ data: await settings.update(actorOf(request), request.body) }),
  );
}
