import { adminDashboardResponseSchema } from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/http/context.js';
import type { AdminDashboardService } from './service.js';

export function registerAdminDashboardRoutes(app: FastifyInstance, dashboard: AdminDashboardService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The admin panel's entry: any session holding an admin permission; each group then checks its own.
  r.get(
    '/api/admin/dashboard',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], response: { 200: adminDashboardResponseSchema } },
    },
    async (request) => {
      const auth = actorOf(request);
      return {
        data: await dashboard.read({
          userId: auth.userId,
          companyId: auth.companyId,
          hostCompanyId: auth.hostCompanyId,
          isSuperAdmin: auth.isSuperAdmin,
          impersonatorId: auth.impersonatorId,
          permissions: auth.permissions,
        }),
      };
    },
  );
}
