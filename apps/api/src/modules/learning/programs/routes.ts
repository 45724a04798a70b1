import {
  educationEnrolResultSchema,
  idParamSchema,
  learnerProgramDetailResponseSchema,
  learnerProgramListSchema,
  myProgramsQuerySchema,
  programEnrolSchema,
  programsContract,
} from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/http/context.js';
import { registerResource } from '../../../platform/resource/routes.js';
import type { ProgramsService } from './service.js';

/**
 * `/api/admin/programs` (the generated resource routes) and its enrolments, and the learner's calls under
 * `/api/programs/{id}` and `/api/my/programs`. A learner's call answers 404 for a program they may not see.
 */
export function registerProgramRoutes(app: FastifyInstance, programs: ProgramsService): void {
  registerResource(app, programs.resource);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/admin/programs/:id/enrolments',
    {
      config: { access: { permission: programsContract.permissions.update } },
      schema: {
        tags: ['admin', 'programs'],
        params: idParamSchema,
        body: programEnrolSchema,
        response: { 200: educationEnrolResultSchema },
      },
    },
    async (request) => programs.enrol(actorOf(request), request.params.id, request.body, request.t),
  );

  const learner = { access: 'authenticated' } as const;
  const tags = ['programs'];

  r.get(
    '/api/my/programs',
    {
      config: learner,
      schema: { tags, querystring: myProgramsQuerySchema, response: { 200: learnerProgramListSchema } },
    },
    async (request) => programs.learner.mine(actorOf(request), request.query),
  );

  r.get(
    '/api/programs/:id',
    {
      config: learner,
      schema: { tags, params: idParamSchema, response: { 200: learnerProgramDetailResponseSchema } },
    },
    async (request) => ({ data: await programs.learner.detail(actorOf(request), request.params.id) }),
  );

  r.post(
    '/api/programs/:id/enrol',
    {
      config: learner,
      schema: { tags, params: idParamSchema, response: { 200: learnerProgramDetailResponseSchema } },
    },
    async (request) => ({ data: await programs.learner.enrol(actorOf(request), request.params.id) }),
  );
}
