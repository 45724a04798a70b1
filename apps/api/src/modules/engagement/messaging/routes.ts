import { userMessagesCountSchema, userMessagesSchema } from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/http/context.js';
import type { MessagingService } from './service.js';

const tags = ['messaging'];

/** The header's messages dropdown (spec §2.6, §7); the /messages chat page brings its own routes. */
export function registerMessagingRoutes(app: FastifyInstance, messaging: MessagingService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/user-messages',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: userMessagesSchema } } },
    async (request) => ({ data: await messaging.list(actorOf(request)) }),
  );

  r.get(
    '/api/user-messages-count',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: userMessagesCountSchema } } },
    async (request) => ({ data: await messaging.unreadCount(actorOf(request)) }),
  );
}
