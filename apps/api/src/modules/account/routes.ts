import { changeLanguageSchema, messageSchema, profileSchema, updateUserSchema } from '@kampus/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/http/context.js';
import type { AccountService, Me } from './service.js';

const tags = ['account'];
const meOf = (request: FastifyRequest): Me => {
  const auth = authOf(request);
  return {
    userId: auth.userId,
    homeCompanyId: auth.homeCompanyId,
    hostCompanyId: auth.hostCompanyId,
    sessionId: auth.sessionId,
    ip: request.ip,
    requestId: request.id,
  };
};

export function registerAccountRoutes(app: FastifyInstance, account: AccountService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/user',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: profileSchema } } },
    (request) => account.getProfile(meOf(request)),
  );

  r.put(
    '/api/user',
    { config: { access: 'authenticated' }, schema: { tags, body: updateUserSchema, response: { 200: profileSchema } } },
    (request) => account.updateProfile(meOf(request), request.body),
  );

  r.post(
    '/api/user/change-language',
    {
      config: { access: 'authenticated' },
      schema: { tags, body: changeLanguageSchema, response: { 200: messageSchema } },
    },
    async (request) => {
      await account.changeLanguage(meOf(request), request.body.code);
      return { message: request.t('auth.language_changed') };
    },
  );
}
