import {
  EXPORT_FORMATS,
  idParamSchema,
  itemResponseSchema,
  jobStartedResponseSchema,
  learnerSurveySchema,
  mySurveysSchema,
  type Permission,
  type SurveyKind,
  surveyAnswerBodySchema,
  surveyResultsQuerySchema,
  surveyResultsSchema,
  surveyTakeQuerySchema,
} from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/http/context.js';
import { registerResource } from '../../../platform/resource/routes.js';
import type { SurveysService } from './service.js';

const KINDS: { kind: SurveyKind; base: string; read: Permission }[] = [
  { kind: 'survey', base: '/api/admin/surveys', read: 'show_survey' },
  { kind: 'evaluation', base: '/api/admin/evaluation-surveys', read: 'read_evaluationsurvey' },
];

/**
 * `api/admin/surveys` and `api/admin/evaluation-surveys` (generated resource routes) with their results and answers
 * export, and the learner's `api/my/surveys` calls (404 for a survey not open to the person).
 */
export function registerSurveyRoutes(app: FastifyInstance, service: SurveysService): void {
  registerResource(app, service.surveys);
  registerResource(app, service.evaluationSurveys);
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const { kind, base, read } of KINDS) {
    const tags = ['admin', kind === 'survey' ? 'surveys' : 'evaluation-surveys'];
    const config = { access: { permission: read } } as const;
    r.get(
      `${base}/:id/results`,
      {
        config,
        schema: {
          tags,
          params: idParamSchema,
          querystring: surveyResultsQuerySchema,
          response: { 200: itemResponseSchema(surveyResultsSchema) },
        },
      },
      async (request) => ({
        data: await service.results.results(actorOf(request), kind, request.params.id, request.query),
      }),
    );
    r.post(
      `${base}/:id/answers/export`,
      {
        config,
        schema: {
          tags,
          params: idParamSchema,
          querystring: surveyResultsQuerySchema.pick({ education_id: true }).extend({
            format: z.enum(EXPORT_FORMATS).default('xlsx'),
          }),
          response: { 202: jobStartedResponseSchema },
        },
      },
      async (request, reply) => {
        const { format, education_id } = request.query;
        const jobId = await service.results.exportAnswers(
          actorOf(request),
          kind,
          request.params.id,
          education_id,
          format,
        );
        return reply.code(202).send({ data: { job_id: jobId } });
      },
    );
  }

  const learner = { access: 'authenticated' } as const;
  const tags = ['surveys'];
  r.get(
    '/api/my/surveys',
    { config: learner, schema: { tags, response: { 200: mySurveysSchema } } },
    async (request) => ({ data: await service.learner.list(actorOf(request)) }),
  );
  r.get(
    '/api/my/surveys/:id',
    {
      config: learner,
      schema: {
        tags,
        params: idParamSchema,
        querystring: surveyTakeQuerySchema,
        response: { 200: itemResponseSchema(learnerSurveySchema) },
      },
    },
    async (request) => ({
      data: await service.learner.read(actorOf(request), request.params.id, request.query.education_id ?? null),
    }),
  );
  r.put(
    '/api/my/surveys/:id/draft',
    {
      config: learner,
      schema: {
        tags,
        params: idParamSchema,
        body: surveyAnswerBodySchema,
        response: { 200: itemResponseSchema(z.object({ saved_at: z.string() })) },
      },
    },
    async (request) => ({ data: await service.learner.saveDraft(actorOf(request), request.params.id, request.body) }),
  );
  r.post(
    '/api/my/surveys/:id/submit',
    {
      config: learner,
      schema: {
        tags,
        params: idParamSchema,
        body: surveyAnswerBodySchema,
        response: { 200: z.object({ data: z.object({ submitted_at: z.string() }), message: z.string() }) },
      },
    },
    async (request) => {
      const data = await service.learner.submit(actorOf(request), request.params.id, request.body);
      return { data, message: request.t('surveys.submitted') };
    },
  );
}
