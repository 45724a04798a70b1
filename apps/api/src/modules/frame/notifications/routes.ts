import {
  idParamSchema,
  mandatoryCompletionsSchema,
  messageSchema,
  noticeUpdateSchema,
  notificationCreateSchema,
  notificationListQuerySchema,
  notificationSchema,
  notificationWriteSchema,
  paginatedSchema,
} from '@kampus/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/http/context.js';
import type { NotificationsService } from './service.js';

const tags = ['notifications'];
/** Sending notifications is an administrator's task: it needs the permission to see users. */
const manage = { access: { permission: 'show_user' } } as const;

export function registerNotificationRoutes(app: FastifyInstance, notifications: NotificationsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ok = (request: FastifyRequest) => ({ message: request.t('notifications.saved') });

  r.get(
    '/api/notifications',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        querystring: notificationListQuerySchema,
        response: { 200: z.union([z.object({ count: z.number() }), paginatedSchema(notificationSchema)]) },
      },
    },
    async (request) => {
      const { onlyCount, limit, ...query } = request.query;
      if (onlyCount) return { count: await notifications.unreadCount(actorOf(request)) };
      return notifications.list(actorOf(request), limit ? { ...query, page: 1, per_page: limit } : query);
    },
  );

  r.post(
    '/api/notifications',
    {
      config: manage,
      schema: {
        tags,
        body: notificationCreateSchema,
        response: { 201: z.object({ id: z.number(), recipients: z.number() }) },
      },
    },
    async (request, reply) => reply.code(201).send(await notifications.create(actorOf(request), request.body)),
  );

  r.get(
    '/api/dashboard/mandatory-completions',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: mandatoryCompletionsSchema } } },
    async (request) => ({ data: await notifications.mandatory(actorOf(request)) }),
  );

  r.post(
    '/api/notice-update',
    {
      config: { access: 'authenticated' },
      schema: { tags, body: noticeUpdateSchema, response: { 200: messageSchema } },
    },
    async (request) => {
      await notifications.markNoticesRead(actorOf(request), request.body.notification_id);
      return ok(request);
    },
  );

  r.post(
    '/api/notifications/read-all',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: messageSchema } } },
    async (request) => {
      await notifications.markAllRead(actorOf(request));
      return ok(request);
    },
  );

  r.post(
    '/api/notifications/:id/read',
    { config: { access: 'authenticated' }, schema: { tags, params: idParamSchema, response: { 200: messageSchema } } },
    async (request) => {
      await notifications.markRead(actorOf(request), request.params.id);
      return ok(request);
    },
  );

  r.post(
    '/api/notifications/:id',
    {
      config: manage,
      schema: { tags, params: idParamSchema, body: notificationWriteSchema, response: { 200: messageSchema } },
    },
    async (request) => {
      await notifications.update(actorOf(request), request.params.id, request.body);
      return ok(request);
    },
  );

  r.delete(
    '/api/notifications/:id',
    { config: manage, schema: { tags, params: idParamSchema, response: { 200: messageSchema } } },
    async (request) => {
      await notifications.remove(actorOf(request), request.params.id);
      return ok(request);
    },
  );
}
