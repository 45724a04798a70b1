import {
  assigneeListQuerySchema,
  assigneeListSchema,
  assignmentPeopleAddedSchema,
  assignmentPeopleAddSchema,
  assignmentPublishResultSchema,
  assignmentResponseSchema,
  assignmentsContract,
  EXPORT_FORMATS,
  ID_MAX,
  jobStartedResponseSchema,
  learnerAssignmentDetailResponseSchema,
  learnerAssignmentListSchema,
  messageSchema,
  myAssignmentsQuerySchema,
} from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/http/context.js';
import { registerResource } from '../../../platform/resource/routes.js';
import type { AssignmentsService } from './service.js';

const idParams = z.object({ id: z.coerce.number().int().positive().max(ID_MAX) });
const personParams = idParams.extend({ userId: z.coerce.number().int().positive().max(ID_MAX) });
const exportBody = z.object({ format: z.enum(EXPORT_FORMATS).default('xlsx') }).default({ format: 'xlsx' });

/** `/api/admin/assignments` (the generated resource routes and its actions) and the learner's `/api/my/assignments`. */
export function registerAssignmentRoutes(app: FastifyInstance, assignments: AssignmentsService): void {
  registerResource(app, assignments.resource);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { access: { permission: assignmentsContract.permissions.read } };
  const write = { access: { permission: assignmentsContract.permissions.update } };
  const tags = ['admin', 'assignments'];

  r.post(
    '/api/admin/assignments/:id/publish',
    { config: write, schema: { tags, params: idParams, response: { 202: assignmentPublishResultSchema } } },
    async (request, reply) => {
      const result = await assignments.publish(actorOf(request), request.params.id, request.t);
      return reply.code(202).send(result);
    },
  );

  r.post(
    '/api/admin/assignments/:id/cancel',
    { config: write, schema: { tags, params: idParams, response: { 200: assignmentResponseSchema } } },
    async (request) => assignments.cancel(actorOf(request), request.params.id, request.t),
  );

  r.get(
    '/api/admin/assignments/:id/people',
    {
      config: read,
      schema: { tags, params: idParams, querystring: assigneeListQuerySchema, response: { 200: assigneeListSchema } },
    },
    async (request) => assignments.people(actorOf(request), request.params.id, request.query),
  );

  r.post(
    '/api/admin/assignments/:id/people',
    {
      config: write,
      schema: {
        tags,
        params: idParams,
        body: assignmentPeopleAddSchema,
        response: { 201: assignmentPeopleAddedSchema },
      },
    },
    async (request, reply) => {
      const result = await assignments.addPeople(actorOf(request), request.params.id, request.body.user_ids, request.t);
      return reply.code(201).send(result);
    },
  );

  r.post(
    '/api/admin/assignments/:id/people/export',
    {
      config: read,
      schema: {
        tags,
        params: idParams,
        querystring: assigneeListQuerySchema,
        body: exportBody,
        response: { 202: jobStartedResponseSchema },
      },
    },
    async (request, reply) => {
      const jobId = await assignments.exportPeople(
        actorOf(request),
        request.params.id,
        request.query,
        request.body.format,
      );
      return reply.code(202).send({ data: { job_id: jobId } });
    },
  );

  r.post(
    '/api/admin/assignments/:id/people/:userId/remind',
    { config: write, schema: { tags, params: personParams, response: { 200: messageSchema } } },
    async (request) => assignments.remindPerson(actorOf(request), request.params.id, request.params.userId, request.t),
  );

  r.delete(
    '/api/admin/assignments/:id/people/:userId',
    { config: write, schema: { tags, params: personParams, response: { 200: messageSchema } } },
    async (request) => assignments.removePerson(actorOf(request), request.params.id, request.params.userId, request.t),
  );

  r.get(
    '/api/admin/assignments/:id/preview',
    { config: read, schema: { tags, params: idParams, response: { 200: learnerAssignmentDetailResponseSchema } } },
    async (request) => ({ data: await assignments.learner.preview(actorOf(request), request.params.id) }),
  );

  const learner = { access: 'authenticated' } as const;
  r.get(
    '/api/my/assignments',
    {
      config: learner,
      schema: {
        tags: ['assignments'],
        querystring: myAssignmentsQuerySchema,
        response: { 200: learnerAssignmentListSchema },
      },
    },
    async (request) => assignments.learner.mine(actorOf(request), request.query),
  );

  r.get(
    '/api/my/assignments/:id',
    {
      config: learner,
      schema: { tags: ['assignments'], params: idParams, response: { 200: learnerAssignmentDetailResponseSchema } },
    },
    async (request) => ({ data: await assignments.learner.detail(actorOf(request), request.params.id) }),
  );
}
