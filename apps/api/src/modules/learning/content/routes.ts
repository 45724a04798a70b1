import {
  contentOverviewSchema,
  contentReportQuerySchema,
  contentReportSchema,
  contentsContract,
  EXPORT_FORMATS,
  enrolmentCreateSchema,
  enrolmentListSchema,
  enrolmentResultSchema,
  ID_MAX,
  idParamSchema,
  jobStartedResponseSchema,
  listQuerySchema,
  markerAnswerResultSchema,
  markerAnswerSchema,
  markerSchema,
  markersWriteSchema,
  messageSchema,
  myContentListSchema,
  playerResponseSchema,
  progressReportSchema,
  progressResponseSchema,
  scormCommitSchema,
} from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../../platform/deps.js';
import { actorOf } from '../../../platform/http/context.js';
import { registerResource } from '../../../platform/resource/routes.js';
import { registerScormRoutes } from './scorm.js';
import type { ContentService } from './service.js';

const id = z.coerce.number().int().positive().max(ID_MAX);
const contentAndMarker = z.object({ id, markerId: id });
const contentAndEnrolment = z.object({ id, enrolmentId: id });

/**
 * `/api/admin/contents` (the generated resource routes) and its screens' calls, the company overview, and the
 * learner's calls under `/api/contents/{id}` and `/api/my/contents`. A learner's call answers 404 for a content they
 * are not enrolled in (or one made passive), so nobody learns what exists.
 */
export function registerContentRoutes(app: FastifyInstance, content: ContentService, platform: Platform): void {
  registerResource(app, content.resource);
  registerScormRoutes(app, platform);
  const { permissions } = contentsContract;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/admin/contents';
  const tags = ['admin', 'contents'];
  const read = { access: { permission: permissions.read } } as const;
  const write = { access: { permission: permissions.update } } as const;
  const report = { access: { permission: 'read_contentdetailreport' } } as const;

  r.get(
    `${base}/:id/preview`,
    { config: read, schema: { tags, params: idParamSchema, response: { 200: playerResponseSchema } } },
    async (request) => ({ data: await content.playback.preview(actorOf(request), request.params.id) }),
  );

  r.get(
    `${base}/:id/markers`,
    {
      config: read,
      schema: { tags, params: idParamSchema, response: { 200: z.object({ data: z.array(markerSchema) }) } },
    },
    async (request) => ({ data: await content.admin.markers(actorOf(request), request.params.id) }),
  );

  r.put(
    `${base}/:id/markers`,
    {
      config: write,
      schema: {
        tags,
        params: idParamSchema,
        body: markersWriteSchema,
        response: { 200: z.object({ data: z.array(markerSchema) }) },
      },
    },
    async (request) => ({
      data: await content.admin.replaceMarkers(actorOf(request), request.params.id, request.body),
    }),
  );

  r.get(
    `${base}/:id/enrolments`,
    {
      config: read,
      schema: { tags, params: idParamSchema, querystring: listQuerySchema, response: { 200: enrolmentListSchema } },
    },
    async (request) => content.admin.enrolments(actorOf(request), request.params.id, request.query),
  );

  r.post(
    `${base}/:id/enrolments`,
    {
      config: write,
      schema: { tags, params: idParamSchema, body: enrolmentCreateSchema, response: { 200: enrolmentResultSchema } },
    },
    async (request) => content.admin.enrol(actorOf(request), request.params.id, request.body, request.t),
  );

  r.delete(
    `${base}/:id/enrolments/:enrolmentId`,
    { config: write, schema: { tags, params: contentAndEnrolment, response: { 200: messageSchema } } },
    async (request) => {
      await content.admin.removeEnrolment(actorOf(request), request.params.id, request.params.enrolmentId);
      return { message: request.t('content.enrolment_removed') };
    },
  );

  r.get(
    `${base}/:id/report`,
    {
      config: report,
      schema: {
        tags,
        params: idParamSchema,
        querystring: contentReportQuerySchema,
        response: { 200: contentReportSchema },
      },
    },
    async (request) => content.admin.report(actorOf(request), request.params.id, request.query),
  );

  r.post(
    `${base}/:id/report/export`,
    {
      config: report,
      schema: {
        tags,
        params: idParamSchema,
        querystring: contentReportQuerySchema.extend({ format: z.enum(EXPORT_FORMATS).default('xlsx') }),
        response: { 202: jobStartedResponseSchema },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const jobId = await content.admin.exportReport(actorOf(request), request.params.id, query, format);
      return reply.code(202).send({ data: { job_id: jobId } });
    },
  );

  r.get(
    '/api/admin/content-overview',
    { config: read, schema: { tags, response: { 200: contentOverviewSchema } } },
    async (request) => ({ data: await content.admin.overview(actorOf(request)) }),
  );

  // The learner's side.
  const learner = { access: 'authenticated' } as const;
  const learnerTags = ['contents'];

  r.get(
    '/api/my/contents',
    { config: learner, schema: { tags: learnerTags, response: { 200: myContentListSchema } } },
    async (request) => ({ data: await content.playback.mine(actorOf(request)) }),
  );

  r.get(
    '/api/contents/:id/player',
    { config: learner, schema: { tags: learnerTags, params: idParamSchema, response: { 200: playerResponseSchema } } },
    async (request) => ({ data: await content.playback.forLearner(actorOf(request), request.params.id) }),
  );

  r.post(
    '/api/contents/:id/progress',
    {
      config: learner,
      schema: {
        tags: learnerTags,
        params: idParamSchema,
        body: progressReportSchema,
        response: { 200: progressResponseSchema },
      },
    },
    async (request) => ({ data: await content.playback.report(actorOf(request), request.params.id, request.body) }),
  );

  r.put(
    '/api/contents/:id/scorm',
    {
      config: learner,
      schema: {
        tags: learnerTags,
        params: idParamSchema,
        body: scormCommitSchema,
        response: { 200: progressResponseSchema },
      },
    },
    async (request) => ({
      data: await content.playback.commitScorm(actorOf(request), request.params.id, request.body),
    }),
  );

  r.post(
    '/api/contents/:id/markers/:markerId/answer',
    {
      config: learner,
      schema: {
        tags: learnerTags,
        params: contentAndMarker,
        body: markerAnswerSchema,
        response: { 200: markerAnswerResultSchema },
      },
    },
    async (request) => ({
      data: await content.playback.answerMarker(
        actorOf(request),
        request.params.id,
        request.params.markerId,
        request.body,
      ),
    }),
  );
}
