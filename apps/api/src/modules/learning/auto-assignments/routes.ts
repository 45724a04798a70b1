import {
  autoAssignmentApplyResultSchema,
  autoAssignmentConditionOptionsSchema,
  autoAssignmentPreviewResultSchema,
  autoAssignmentPreviewSchema,
  autoAssignmentsContract,
  idParamSchema,
} from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Platform } from '../../../platform/deps.js';
import { actorOf } from '../../../platform/http/context.js';
import { registerResource } from '../../../platform/resource/routes.js';
import { type AutoAssignmentsService, NIGHTLY_JOB } from './service.js';

/**
 * `/api/admin/auto-assignments` (the generated resource routes), the dry run (`POST …/preview`: how many people the
 * conditions would assign now), the confirmed backfill (`POST …/{id}/apply`) and the condition options; and the
 * nightly backstop schedule (02:30 UTC, once across all nodes).
 */
export function registerAutoAssignmentRoutes(
  app: FastifyInstance,
  rules: AutoAssignmentsService,
  platform: Platform,
): void {
  registerResource(app, rules.resource);
  const { permissions } = autoAssignmentsContract;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/admin/auto-assignments';
  const tags = ['admin', 'auto-assignments'];

  r.get(
    `${base}/condition-options`,
    {
      config: { access: { permission: permissions.read } },
      schema: { tags, response: { 200: autoAssignmentConditionOptionsSchema } },
    },
    async (request) => ({ data: await rules.conditionOptions(actorOf(request), request.t) }),
  );

  r.post(
    `${base}/preview`,
    {
      config: { access: { permission: permissions.read } },
      schema: { tags, body: autoAssignmentPreviewSchema, response: { 200: autoAssignmentPreviewResultSchema } },
    },
    async (request) => ({ data: await rules.preview(actorOf(request), request.body) }),
  );

  r.post(
    `${base}/:id/apply`,
    {
      config: { access: { permission: permissions.update } },
      schema: {
        tags,
        params: idParamSchema,
        response: { 200: autoAssignmentApplyResultSchema, 202: autoAssignmentApplyResultSchema },
      },
    },
    async (request, reply) => {
      const result = await rules.apply(actorOf(request), request.params.id, request.t);
      return reply.code(result.data.job_id === null ? 200 : 202).send(result);
    },
  );

  platform.jobs.schedule(NIGHTLY_JOB, '30 2 * * *');
}
