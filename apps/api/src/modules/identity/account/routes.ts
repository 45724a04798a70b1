import { changeLanguageSchema, messageSchema, profileSchema, updateUserSchema } from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/http/context.js';
import type { AccountService } from './service.js';

const tags = ['account'];

export function registerAccountRoutes(app: FastifyInstance, account: AccountService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/user',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: profileSchema } } },
    (request) => account.getProfile(actorOf(request)),
  );

  r.put(
    '/api/user',
    { config: { access: 'authenticated' }, schema: { tags, body: updateUserSchema, response: { 200: profileSchema } } },
    (request) => account.updateProfile(actorOf(request), request.body),
  );

  r.post(
    '/api/user/change-language',
    {
      config: { access: 'authenticated' },
      schema: { tags, body: changeLanguageSchema, response: { 200: messageSchema } },
    },
    async (request) => {
      await account.changeLanguage(actorOf(request), request.body.code);
      return { message: request.t('auth.language_changed') };
    },
  );
}
