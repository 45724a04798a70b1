import {
  catalogueListSchema,
  catalogueQuerySchema,
  EXPORT_FORMATS,
  educationCardListSchema,
  educationDetailResponseSchema,
  educationEnrolResultSchema,
  educationEnrolSchema,
  educationPlayerSchema,
  educationReportOptionsQuerySchema,
  educationReportOptionsSchema,
  educationReportQuerySchema,
  educationReportSchema,
  idParamSchema,
  jobStartedResponseSchema,
  learnerCategoryListSchema,
  learnerHomeResponseSchema,
  myEducationsQuerySchema,
} from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/http/context.js';
import { registerResource } from '../../../platform/resource/routes.js';
import type { EducationsService } from './service.js';

/**
 * `/api/admin/educations` and `/api/admin/education-categories` (generated resource routes), one education's report
 * and enrolment, and the learner's calls. A learner's call answers 404 for an education they may not see (passive,
 * or assigned only and not theirs), so nobody learns what exists.
 */
export function registerEducationRoutes(app: FastifyInstance, educations: EducationsService): void {
  registerResource(app, educations.categories);
  registerResource(app, educations.resource);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/admin/educations';
  const tags = ['admin', 'educations'];
  const report = { access: { permission: 'read_training' } } as const;
  const write = { access: { permission: 'create_training' } } as const;

  r.get(
    `${base}/report-options`,
    {
      config: report,
      schema: { tags, querystring: educationReportOptionsQuerySchema, response: { 200: educationReportOptionsSchema } },
    },
    async (request) => ({ data: await educations.report.options(actorOf(request), request.query.search) }),
  );

  r.get(
    `${base}/:id/report`,
    {
      config: report,
      schema: {
        tags,
        params: idParamSchema,
        querystring: educationReportQuerySchema,
        response: { 200: educationReportSchema },
      },
    },
    async (request) => educations.report.report(actorOf(request), request.params.id, request.query),
  );

  r.post(
    `${base}/:id/report/export`,
    {
      config: report,
      schema: {
        tags,
        params: idParamSchema,
        querystring: educationReportQuerySchema.extend({ format: z.enum(EXPORT_FORMATS).default('xlsx') }),
        response: { 202: jobStartedResponseSchema },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const jobId = await educations.report.exportReport(actorOf(request), request.params.id, query, format);
      return reply.code(202).send({ data: { job_id: jobId } });
    },
  );

  r.post(
    `${base}/:id/enrolments`,
    {
      config: write,
      schema: {
        tags,
        params: idParamSchema,
        body: educationEnrolSchema,
        response: { 200: educationEnrolResultSchema },
      },
    },
    async (request) => {
      const data = await educations.report.enrol(actorOf(request), request.params.id, request.body);
      return { data, message: request.t('education.enrolled', data) };
    },
  );

  // The learner's side.
  const learner = { access: 'authenticated' } as const;
  const learnerTags = ['educations'];

  r.get(
    '/api/my/home',
    { config: learner, schema: { tags: learnerTags, response: { 200: learnerHomeResponseSchema } } },
    async (request) => ({ data: await educations.learner.home(actorOf(request)) }),
  );

  r.get(
    '/api/my/educations',
    {
      config: learner,
      schema: { tags: learnerTags, querystring: myEducationsQuerySchema, response: { 200: educationCardListSchema } },
    },
    async (request) => educations.learner.mine(actorOf(request), request.query),
  );

  r.get(
    '/api/educations/:id',
    {
      config: learner,
      schema: { tags: learnerTags, params: idParamSchema, response: { 200: educationDetailResponseSchema } },
    },
    async (request) => ({ data: await educations.learner.detail(actorOf(request), request.params.id) }),
  );

  r.post(
    '/api/educations/:id/enrol',
    {
      config: learner,
      schema: { tags: learnerTags, params: idParamSchema, response: { 200: educationDetailResponseSchema } },
    },
    async (request) => ({ data: await educations.learner.enrolSelf(actorOf(request), request.params.id) }),
  );

  r.get(
    '/api/educations/:id/player',
    { config: learner, schema: { tags: learnerTags, params: idParamSchema, response: { 200: educationPlayerSchema } } },
    async (request) => ({ data: await educations.learner.player(actorOf(request), request.params.id) }),
  );

  r.get(
    '/api/education-categories',
    { config: learner, schema: { tags: learnerTags, response: { 200: learnerCategoryListSchema } } },
    async (request) => ({ data: await educations.learner.categories(actorOf(request)) }),
  );

  r.get(
    '/api/catalogue',
    {
      config: learner,
      schema: { tags: learnerTags, querystring: catalogueQuerySchema, response: { 200: catalogueListSchema } },
    },
    async (request) => educations.learner.catalogue(actorOf(request), request.query),
  );
}
