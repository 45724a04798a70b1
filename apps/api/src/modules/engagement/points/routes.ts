import {
  leaderboardQuerySchema,
  leaderboardSchema,
  leaderboardSettingsSchema,
  leaderboardSettingsUpdateSchema,
  resetPointsResultSchema,
  resetPointsSchema,
} from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/http/context.js';
import { registerResource } from '../../../platform/resource/routes.js';
import type { PointsService } from './service.js';

/**
 * Points: the rules (`api/admin/points`, read_point), the leader table's settings
 * (`api/admin/leaderboard-settings`) and season reset (`POST api/company/reset-points`), both read_leaderboardrule,
 * and the learners' table (`GET api/leaderboard`).
 */
export function registerPointsRoutes(app: FastifyInstance, service: PointsService): void {
  registerResource(app, service.rules);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: { permission: 'read_leaderboardrule' as const } };
  const tags = ['admin', 'leaderboard'];

  r.get(
    '/api/admin/leaderboard-settings',
    { config: admin, schema: { tags, response: { 200: leaderboardSettingsSchema } } },
    async (request) => ({ data: await service.leaderboard.settings(actorOf(request)) }),
  );
  r.put(
    '/api/admin/leaderboard-settings',
    {
      config: admin,
      schema: { tags, body: leaderboardSettingsUpdateSchema, response: { 200: leaderboardSettingsSchema } },
    },
    async (request) => ({ data: await service.leaderboard.updateSettings(actorOf(request), request.body) }),
  );
  r.post(
    '/api/company/reset-points',
    { config: admin, schema: { tags, body: resetPointsSchema, response: { 200: resetPointsResultSchema } } },
    async (request) => service.leaderboard.resetPoints(actorOf(request), request.body),
  );
  r.get(
    '/api/leaderboard',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['leaderboard'], querystring: leaderboardQuerySchema, response: { 200: leaderboardSchema } },
    },
    async (request) => service.leaderboard.board(actorOf(request), request.query),
  );
}
