import {
  type GiftRequestExportQuery,
  giftRequestCreateSchema,
  giftRequestExportQuerySchema,
  giftRequestListQuerySchema,
  giftRequestListSchema,
  giftRequestRejectSchema,
  giftRequestResponseSchema,
  giftRequestShipSchema,
  giftStoreSchema,
  idParamSchema,
  jobStartedResponseSchema,
  myGiftRequestsSchema,
} from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/http/context.js';
import { registerResource } from '../../../platform/resource/routes.js';
import type { GiftsService } from './service.js';

/** The requests' export job is `export.gifts.requests` (platform/exports.ts adds the prefix). */
export const REQUESTS_EXPORT_JOB = 'gifts.requests';

/**
 * `api/admin/gifts` (generated: show_gift reads, create_gift writes), the learner's store `api/gifts` (any signed-in
 * person of a company with the `gift` module) and `api/admin/gift-requests` (read_gift).
 */
export function registerGiftRoutes(app: FastifyInstance, gifts: GiftsService): void {
  registerResource(app, gifts.products);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const learner = { access: 'authenticated' } as const;
  const admin = { access: { permission: 'read_gift' } } as const;
  const learnerTags = ['learner', 'gifts'];
  const tags = ['admin', 'gifts'];
  const base = '/api/admin/gift-requests';
  const emptyBody = z.object({}).optional();

  r.get(
    '/api/gifts',
    { config: learner, schema: { tags: learnerTags, response: { 200: giftStoreSchema } } },
    (request) => gifts.requests.store(actorOf(request)),
  );
  r.get(
    '/api/gifts/requests',
    { config: learner, schema: { tags: learnerTags, response: { 200: myGiftRequestsSchema } } },
    (request) => gifts.requests.mine(actorOf(request)),
  );
  r.post(
    '/api/gifts/:id/request',
    {
      config: learner,
      schema: {
        tags: learnerTags,
        params: idParamSchema,
        body: giftRequestCreateSchema,
        response: { 201: giftRequestResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await gifts.requests.request(actorOf(request), request.params.id, request.body);
      return reply.code(201).send({ data, message: request.t('gifts.messages.requested') });
    },
  );
  r.post(
    '/api/gifts/requests/:id/cancel',
    {
      config: learner,
      schema: {
        tags: learnerTags,
        params: idParamSchema,
        body: emptyBody,
        response: { 200: giftRequestResponseSchema },
      },
    },
    async (request) => ({
      data: await gifts.requests.cancel(actorOf(request), request.params.id),
      message: request.t('gifts.messages.cancelled'),
    }),
  );

  r.get(
    base,
    {
      config: admin,
      schema: { tags, querystring: giftRequestListQuerySchema, response: { 200: giftRequestListSchema } },
    },
    (request) => gifts.requests.list(actorOf(request), request.query),
  );
  app.exportJobs.define({
    name: REQUESTS_EXPORT_JOB,
    schema: giftRequestExportQuerySchema,
    plan: (tx, owner, params, t) => gifts.requests.exportPlan(tx, owner, params as GiftRequestExportQuery, t),
  });
  r.post(
    `${base}/export`,
    {
      config: admin,
      schema: { tags, querystring: giftRequestExportQuerySchema, response: { 202: jobStartedResponseSchema } },
    },
    async (request, reply) => {
      const jobId = await app.exportJobs.start(actorOf(request), REQUESTS_EXPORT_JOB, request.query);
      return reply.code(202).send({ data: { job_id: jobId } });
    },
  );
  for (const [path, message] of [
    ['approve', 'gifts.messages.approved'],
    ['deliver', 'gifts.messages.delivered'],
  ] as const) {
    r.post(
      `${base}/:id/${path}`,
      {
        config: admin,
        schema: { tags, params: idParamSchema, body: emptyBody, response: { 200: giftRequestResponseSchema } },
      },
      async (request) => ({
        data: await gifts.requests[path](actorOf(request), request.params.id),
        message: request.t(message),
      }),
    );
  }
  r.post(
    `${base}/:id/reject`,
    {
      config: admin,
      schema: {
        tags,
        params: idParamSchema,
        body: giftRequestRejectSchema,
        response: { 200: giftRequestResponseSchema },
      },
    },
    async (request) => ({
      data: await gifts.requests.reject(actorOf(request), request.params.id, request.body.reason),
      message: request.t('gifts.messages.rejected'),
    }),
  );
  r.post(
    `${base}/:id/ship`,
    {
      config: admin,
      schema: {
        tags,
        params: idParamSchema,
        body: giftRequestShipSchema,
        response: { 200: giftRequestResponseSchema },
      },
    },
    async (request) => ({
      data: await gifts.requests.ship(actorOf(request), request.params.id, request.body.tracking_note),
      message: request.t('gifts.messages.shipped'),
    }),
  );
}
