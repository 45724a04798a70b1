import {
  answerCheckResponseSchema,
  answerSavedResponseSchema,
  answerSaveSchema,
  attemptEventResponseSchema,
  attemptEventSchema,
  attemptParamSchema,
  attemptPositionParamSchema,
  attemptResultResponseSchema,
  attemptStartSchema,
  drawCountBodySchema,
  drawCountResponseSchema,
  EXPORT_FORMATS,
  examAttemptExportQuerySchema,
  examAttemptListQuerySchema,
  examAttemptListSchema,
  examStatsSchema,
  gradeBodySchema,
  gradeParamsSchema,
  gradeResultSchema,
  gradingQueueSchema,
  idParamSchema,
  jobStartedResponseSchema,
  messageSchema,
  myAttemptResponseSchema,
  myTestListSchema,
  prePostQuerySchema,
  prePostReportSchema,
} from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/http/context.js';
import { registerResource } from '../../../platform/resource/routes.js';
import type { ExamsService } from './service.js';

/**
 * `api/admin/exams` (generated resource routes) with the draw rule count, the results (attempts, their export,
 * statistics), the grading queue and grading, and the pre/post report. The attempt and learner routes are
 * registered beside them.
 */
export function registerExamRoutes(app: FastifyInstance, exams: ExamsService): void {
  registerResource(app, exams.admin.resource);
  registerAttemptRoutes(app, exams);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/admin/exams';
  const tags = ['admin', 'exams'];
  const read = { access: { permission: 'show_exam' } } as const;
  const write = { access: { permission: 'create_exam' } } as const;
  const { results } = exams;

  r.post(
    `${base}/draw-count`,
    { config: write, schema: { tags, body: drawCountBodySchema, response: { 200: drawCountResponseSchema } } },
    async (request) => ({
      data: { available: await exams.admin.drawCount(actorOf(request), request.body.rule, request.body.language) },
    }),
  );

  r.get(
    `${base}/:id/attempts`,
    {
      config: read,
      schema: {
        tags,
        params: idParamSchema,
        querystring: examAttemptListQuerySchema,
        response: { 200: examAttemptListSchema },
      },
    },
    async (request) => results.attempts(actorOf(request), request.params.id, request.query),
  );

  r.post(
    `${base}/:id/attempts/export`,
    {
      config: read,
      schema: {
        tags,
        params: idParamSchema,
        querystring: examAttemptExportQuerySchema.extend({
          format: z.enum(EXPORT_FORMATS).default('xlsx'),
          sort: z.string().max(40).optional().catch(undefined),
        }),
        response: { 202: jobStartedResponseSchema },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const jobId = await results.exportAttempts(actorOf(request), request.params.id, query, format);
      return reply.code(202).send({ data: { job_id: jobId } });
    },
  );

  r.get(
    `${base}/:id/stats`,
    { config: read, schema: { tags, params: idParamSchema, response: { 200: examStatsSchema } } },
    async (request) => ({ data: await results.stats(actorOf(request), request.params.id) }),
  );

  r.get(
    `${base}/:id/grading`,
    { config: write, schema: { tags, params: idParamSchema, response: { 200: gradingQueueSchema } } },
    async (request) => ({ data: await results.gradingQueue(actorOf(request), request.params.id) }),
  );

  r.post(
    `${base}/:id/attempts/:attempt/answers/:position/grade`,
    {
      config: write,
      schema: { tags, params: gradeParamsSchema, body: gradeBodySchema, response: { 200: gradeResultSchema } },
    },
    async (request) => {
      const { id, attempt, position } = request.params;
      return { data: await results.grade(actorOf(request), id, attempt, position, request.body) };
    },
  );

  r.get(
    '/api/admin/reports/pre-post',
    {
      config: { access: { permission: 'read_prepostreport' } },
      schema: { tags: ['admin', 'reports'], querystring: prePostQuerySchema, response: { 200: prePostReportSchema } },
    },
    async (request) => ({ data: await results.prePost(actorOf(request), request.query.education_id) }),
  );
}

/**
 * The learner's exam calls (any signed-in person; an exam not open to them, or an attempt not theirs, is 404):
 * `GET api/my/tests`, start or resume, the attempt, answer saves, events, submit, result and a demo exam's check.
 */
export function registerAttemptRoutes(app: FastifyInstance, exams: ExamsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'authenticated' } as const;
  const tags = ['learner', 'exams'];
  const attempt = '/api/my/attempts/:attempt';

  r.get('/api/my/tests', { config, schema: { tags, response: { 200: myTestListSchema } } }, async (request) => ({
    data: await exams.learner.tests(actorOf(request)),
  }));

  r.post(
    '/api/my/exams/:id/attempts',
    {
      config,
      schema: {
        tags,
        params: idParamSchema,
        body: attemptStartSchema,
        response: { 200: myAttemptResponseSchema, 201: myAttemptResponseSchema },
      },
    },
    async (request, reply) => {
      const { attempt: data, started } = await exams.attempts.start(
        actorOf(request),
        request.params.id,
        request.body.holder,
      );
      return reply.code(started ? 201 : 200).send({ data });
    },
  );

  r.get(
    attempt,
    { config, schema: { tags, params: attemptParamSchema, response: { 200: myAttemptResponseSchema } } },
    async (request) => ({ data: await exams.attempts.get(actorOf(request), request.params.attempt) }),
  );

  r.post(
    `${attempt}/take-over`,
    {
      config,
      schema: {
        tags,
        params: attemptParamSchema,
        body: attemptStartSchema,
        response: { 200: myAttemptResponseSchema },
      },
    },
    async (request) => ({
      data: await exams.attempts.takeOver(actorOf(request), request.params.attempt, request.body.holder),
    }),
  );

  r.put(
    `${attempt}/answers/:position`,
    {
      config,
      schema: {
        tags,
        params: attemptPositionParamSchema,
        body: answerSaveSchema,
        response: { 200: answerSavedResponseSchema },
      },
    },
    async (request) => ({
      data: await exams.attempts.save(actorOf(request), request.params.attempt, request.params.position, request.body),
    }),
  );

  r.post(
    `${attempt}/answers/:position/check`,
    {
      config,
      schema: {
        tags,
        params: attemptPositionParamSchema,
        body: answerSaveSchema,
        response: { 200: answerCheckResponseSchema },
      },
    },
    async (request) => ({
      data: await exams.attempts.check(actorOf(request), request.params.attempt, request.params.position, request.body),
    }),
  );

  r.post(
    `${attempt}/events`,
    {
      config,
      schema: {
        tags,
        params: attemptParamSchema,
        body: attemptEventSchema,
        response: { 200: attemptEventResponseSchema },
      },
    },
    async (request) => ({
      data: await exams.attempts.event(actorOf(request), request.params.attempt, request.body),
    }),
  );

  r.post(
    `${attempt}/submit`,
    {
      config,
      schema: {
        tags,
        params: attemptParamSchema,
        response: { 200: messageSchema.extend({ data: z.object({ attempt_id: z.number() }) }) },
      },
    },
    async (request) => ({
      data: await exams.attempts.submit(actorOf(request), request.params.attempt),
      message: request.t('test.submitted'),
    }),
  );

  r.get(
    `${attempt}/result`,
    { config, schema: { tags, params: attemptParamSchema, response: { 200: attemptResultResponseSchema } } },
    async (request) => ({ data: await exams.attempts.result(actorOf(request), request.params.attempt) }),
  );
}
