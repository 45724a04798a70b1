import {
  competenciesContract,
  competencyHistoryListSchema,
  competencyHistoryQuerySchema,
  competencyLevelExportQuerySchema,
  competencyLevelListQuerySchema,
  competencyLevelListSchema,
  competencyLevelSchema,
  competencyLevelSetSchema,
  competencyMatrixExportQuerySchema,
  competencyMatrixOptionsSchema,
  competencyMatrixQuerySchema,
  competencyMatrixSchema,
  competencyRuleApplyResultSchema,
  competencyRulePreviewSchema,
  competencyRulesContract,
  competencyTargetSetSchema,
  idParamSchema,
  itemResponseSchema,
  myCompetenciesSchema,
} from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/http/context.js';
import { registerResource } from '../../../platform/resource/routes.js';
import type { CompetenciesService } from './service.js';

const jobStarted = itemResponseSchema(z.object({ job_id: z.number() }));

/**
 * Competencies: the framework's resources (`api/admin/competency-categories`, `api/admin/competencies`), people's
 * levels (`api/admin/competency-levels`: list, set, history, export), the rules (`api/admin/competency-rules` with
 * `…/{id}/apply-preview` and `…/{id}/apply`), the matrix (`api/admin/competency-matrix`: options, targets, export)
 * and the person's own levels (`api/competencies/me`). Everything but the rules is guarded by `read_competency`,
 * the one permission of the competencies screens.
 */
export function registerCompetencyRoutes(app: FastifyInstance, service: CompetenciesService): void {
  registerResource(app, service.categories);
  registerResource(app, service.competencies);
  registerResource(app, service.rules.resource);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = { access: { permission: competenciesContract.permissions.read } };
  const tags = ['admin', 'competencies'];

  const levels = '/api/admin/competency-levels';
  r.get(
    levels,
    {
      config: access,
      schema: { tags, querystring: competencyLevelListQuerySchema, response: { 200: competencyLevelListSchema } },
    },
    async (request) => service.levels.list(actorOf(request), request.query),
  );
  r.put(
    levels,
    {
      config: access,
      schema: {
        tags,
        body: competencyLevelSetSchema,
        response: { 200: z.object({ data: competencyLevelSchema.nullable() }) },
      },
    },
    async (request) => ({ data: await service.levels.set(actorOf(request), request.body) }),
  );
  r.get(
    `${levels}/history`,
    {
      config: access,
      schema: { tags, querystring: competencyHistoryQuerySchema, response: { 200: competencyHistoryListSchema } },
    },
    async (request) => service.levels.history(actorOf(request), request.query),
  );
  r.post(
    `${levels}/export`,
    { config: access, schema: { tags, querystring: competencyLevelExportQuerySchema, response: { 202: jobStarted } } },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const jobId = await service.levels.export(actorOf(request), query, format);
      return reply.code(202).send({ data: { job_id: jobId } });
    },
  );

  const rules = '/api/admin/competency-rules';
  const rulePermissions = competencyRulesContract.permissions;
  r.get(
    `${rules}/:id/apply-preview`,
    {
      config: { access: { permission: rulePermissions.read } },
      schema: { tags, params: idParamSchema, response: { 200: competencyRulePreviewSchema } },
    },
    async (request) => ({ data: await service.rules.preview(actorOf(request), request.params.id) }),
  );
  r.post(
    `${rules}/:id/apply`,
    {
      config: { access: { permission: rulePermissions.update } },
      schema: { tags, params: idParamSchema, response: { 200: competencyRuleApplyResultSchema } },
    },
    async (request) => service.rules.apply(actorOf(request), request.params.id, request.t),
  );

  const matrix = '/api/admin/competency-matrix';
  r.get(
    matrix,
    {
      config: access,
      schema: { tags, querystring: competencyMatrixQuerySchema, response: { 200: competencyMatrixSchema } },
    },
    async (request) => service.matrix.matrix(actorOf(request), request.query),
  );
  r.get(
    `${matrix}/options`,
    { config: access, schema: { tags, response: { 200: competencyMatrixOptionsSchema } } },
    async (request) => ({ data: await service.matrix.options(actorOf(request)) }),
  );
  r.put(
    `${matrix}/targets`,
    {
      config: access,
      schema: {
        tags,
        body: competencyTargetSetSchema,
        response: { 200: z.object({ data: competencyTargetSetSchema }) },
      },
    },
    async (request) => ({ data: await service.matrix.setTarget(actorOf(request), request.body) }),
  );
  r.post(
    `${matrix}/export`,
    { config: access, schema: { tags, querystring: competencyMatrixExportQuerySchema, response: { 202: jobStarted } } },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const jobId = await service.matrix.export(actorOf(request), query, format);
      return reply.code(202).send({ data: { job_id: jobId } });
    },
  );

  r.get(
    '/api/competencies/me',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['competencies'], response: { 200: myCompetenciesSchema } },
    },
    async (request) => ({ data: await service.levels.mine(actorOf(request)) }),
  );
}
