import {
  authorizationTokenQuerySchema,
  authValidationSchema,
  changeCompanySchema,
  createPasswordSchema,
  emailVerificationSchema,
  forgotPasswordSchema,
  impersonateParamsSchema,
  messageSchema,
  refreshRequestSchema,
  registerInvitationSchema,
  registerSchema,
  resetPasswordSchema,
  sessionSchema,
  smsChallengeSchema,
  tokenRequestSchema,
} from '@kampus/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, companyOf } from '../../../platform/http/context.js';
import type { AuthService, RequestMeta } from './service.js';

export function requestMeta(request: FastifyRequest): RequestMeta {
  return { host: companyOf(request), lang: request.lang, ip: request.ip, requestId: request.id };
}

const tags = ['auth'];

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ok = (request: FastifyRequest, key: string) => ({ message: request.t(key) });

  r.post(
    '/api/token',
    {
      config: { access: 'public' },
      schema: { tags, body: tokenRequestSchema, response: { 200: z.union([sessionSchema, smsChallengeSchema]) } },
    },
    (request) => auth.login(request.body, requestMeta(request)),
  );

  r.post(
    '/api/auth-validation',
    { config: { access: 'public' }, schema: { tags, body: authValidationSchema, response: { 200: sessionSchema } } },
    (request) => auth.validateSmsCode(request.body, requestMeta(request)),
  );

  r.post(
    '/api/token/refresh',
    { config: { access: 'public' }, schema: { tags, body: refreshRequestSchema, response: { 200: sessionSchema } } },
    (request) => auth.refresh(request.body.refresh_token, requestMeta(request)),
  );

  r.post(
    '/api/logout',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: messageSchema } } },
    async (request) => {
      const session = actorOf(request);
      await auth.logout(session.hostCompanyId, session.sessionId);
      return ok(request, 'auth.logged_out');
    },
  );

  r.post(
    '/api/forgot-password',
    { config: { access: 'public' }, schema: { tags, body: forgotPasswordSchema, response: { 200: messageSchema } } },
    async (request) => {
      await auth.requestPasswordReset(request.body.username, requestMeta(request));
      return ok(request, 'auth.password_reset_requested');
    },
  );

  r.post(
    '/api/reset-password',
    { config: { access: 'public' }, schema: { tags, body: resetPasswordSchema, response: { 200: messageSchema } } },
    async (request) => {
      await auth.resetPassword(request.body, requestMeta(request));
      return ok(request, 'auth.password_reset_done');
    },
  );

  r.post(
    '/api/create-password',
    { config: { access: 'public' }, schema: { tags, body: createPasswordSchema, response: { 200: messageSchema } } },
    async (request) => {
      await auth.createPassword(request.body, requestMeta(request));
      return ok(request, 'auth.password_created');
    },
  );

  r.post(
    '/api/register',
    { config: { access: 'public' }, schema: { tags, body: registerSchema, response: { 201: messageSchema } } },
    async (request, reply) => {
      const { pendingApproval } = await auth.register(request.body, requestMeta(request));
      return reply.code(201).send(ok(request, pendingApproval ? 'auth.registered_pending' : 'auth.registered'));
    },
  );

  r.post(
    '/api/register-invitation',
    {
      config: { access: 'public' },
      schema: { tags, body: registerInvitationSchema, response: { 201: sessionSchema } },
    },
    async (request, reply) => reply.code(201).send(await auth.registerByInvitation(request.body, requestMeta(request))),
  );

  r.post(
    '/api/email-verification',
    { config: { access: 'public' }, schema: { tags, body: emailVerificationSchema, response: { 200: messageSchema } } },
    async (request) => {
      await auth.verifyEmail(request.body.token, requestMeta(request));
      return ok(request, 'auth.email_verified');
    },
  );

  r.get(
    '/api/clients/authorization-token',
    {
      config: { access: 'public' },
      schema: { tags, querystring: authorizationTokenQuerySchema, response: { 200: sessionSchema } },
    },
    (request) => auth.exchangeLoginToken(request.query.token, requestMeta(request)),
  );

  r.post(
    '/api/change-company',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        body: changeCompanySchema,
        response: { 200: z.union([z.object({ redirect_url: z.string() }), sessionSchema]) },
      },
    },
    (request) => {
      return auth.changeCompany(actorOf(request), request.body.company_id, requestMeta(request));
    },
  );

  r.post(
    '/api/impersonate/:user_id',
    {
      config: { access: 'super_admin' },
      schema: { tags, params: impersonateParamsSchema, response: { 200: sessionSchema } },
    },
    (request) => {
      return auth.impersonate(actorOf(request), request.params.user_id, requestMeta(request));
    },
  );

  r.delete(
    '/api/impersonate/leaving',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: messageSchema } } },
    async (request) => {
      await auth.leaveImpersonation(actorOf(request), requestMeta(request));
      return ok(request, 'auth.impersonation_left');
    },
  );
}
