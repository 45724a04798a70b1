import {
  idParamSchema,
  messageSchema,
  myTrainingRequestResponseSchema,
  myTrainingRequestSchema,
  trainingRequestApproveSchema,
  trainingRequestCreateSchema,
  trainingRequestListQuerySchema,
  trainingRequestListSchema,
  trainingRequestPendingCountsSchema,
  trainingRequestRejectSchema,
} from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/http/context.js';
import type { TrainingRequestsService } from './service.js';

/**
 * The learner's request on an education (any signed-in person; an education they may not see is 404) and
 * `/api/admin/training-requests`: read_assignment to see the requests, create_assignment to decide them (an approval
 * creates an assignment, so it takes the permission that creates one).
 */
export function registerTrainingRequestRoutes(app: FastifyInstance, requests: TrainingRequestsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const learner = { access: 'authenticated' } as const;
  const read = { access: { permission: 'read_assignment' } } as const;
  const decide = { access: { permission: 'create_assignment' } } as const;
  const learnerTags = ['learner', 'training-requests'];
  const tags = ['admin', 'training-requests'];
  const base = '/api/admin/training-requests';

  r.get(
    '/api/educations/:id/training-request',
    {
      config: learner,
      schema: { tags: learnerTags, params: idParamSchema, response: { 200: myTrainingRequestResponseSchema } },
    },
    async (request) => ({ data: await requests.mine(actorOf(request), request.params.id) }),
  );

  r.post(
    '/api/educations/:id/training-request',
    {
      config: learner,
      schema: {
        tags: learnerTags,
        params: idParamSchema,
        body: trainingRequestCreateSchema,
        response: { 201: z.object({ data: myTrainingRequestSchema, message: z.string() }) },
      },
    },
    async (request, reply) => {
      const data = await requests.request(actorOf(request), request.params.id, request.body);
      return reply.code(201).send({ data, message: request.t('trainingRequest.sent') });
    },
  );

  r.get(
    base,
    {
      config: read,
      schema: { tags, querystring: trainingRequestListQuerySchema, response: { 200: trainingRequestListSchema } },
    },
    async (request) => requests.list(actorOf(request), request.query),
  );

  r.get(
    `${base}/pending-counts`,
    { config: read, schema: { tags, response: { 200: trainingRequestPendingCountsSchema } } },
    async (request) => ({ data: await requests.pendingCounts(actorOf(request)) }),
  );

  r.post(
    `${base}/:id/approve`,
    {
      config: decide,
      schema: {
        tags,
        params: idParamSchema,
        body: trainingRequestApproveSchema,
        response: { 200: z.object({ data: z.object({ assignment_id: z.number() }), message: z.string() }) },
      },
    },
    async (request) => ({
      data: await requests.approve(actorOf(request), request.params.id, request.body),
      message: request.t('trainingRequest.approved'),
    }),
  );

  r.post(
    `${base}/:id/reject`,
    {
      config: decide,
      schema: { tags, params: idParamSchema, body: trainingRequestRejectSchema, response: { 200: messageSchema } },
    },
    async (request) => {
      await requests.reject(actorOf(request), request.params.id, request.body.reason);
      return { message: request.t('trainingRequest.rejected') };
    },
  );
}
