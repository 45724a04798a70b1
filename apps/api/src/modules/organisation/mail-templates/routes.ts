import {
  itemResponseSchema,
  mailPreviewSchema,
  mailTemplateInputSchema,
  mailTemplateListSchema,
  mailTemplateParamsSchema,
  mailTemplateSchema,
  messageSchema,
} from '@kampus/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/http/context.js';
import { MailTemplateInvalid, type MailTemplatesService, templateKeyOf } from './service.js';

const tags = ['admin', 'mail-templates'];
// Spec §6 names no permission for mail templates; they are company settings like the others.
const guard = { access: { permission: 'read_companysetting' } } as const;
const base = '/api/admin/mail-templates/:event/:language';

/** A refused template as the one error shape: each field's problems, localized with the names they concern. */
function sendProblems(request: FastifyRequest, reply: FastifyReply, error: MailTemplateInvalid) {
  const errors: Record<string, string[]> = {};
  for (const problem of error.problems) {
    const list = errors[problem.field] ?? [];
    list.push(request.t(problem.key, problem.params));
    errors[problem.field] = list;
  }
  const unknown = error.problems.find((p) => p.key.endsWith('unknown_variables'));
  const message = unknown ? request.t(unknown.key, unknown.params) : request.t('errors.validation_failed');
  return reply.code(422).send({ message, errors });
}

/** Runs a template action, answering a refused template with its localized 422. */
async function orProblems<T>(request: FastifyRequest, reply: FastifyReply, action: () => Promise<T>) {
  try {
    return await action();
  } catch (error) {
    if (error instanceof MailTemplateInvalid) return sendProblems(request, reply, error);
    throw error;
  }
}

/** `/api/admin/mail-templates`: list, read, save, reset, preview and send-me-a-test of each mail's text. */
export function registerMailTemplateRoutes(app: FastifyInstance, templates: MailTemplatesService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = mailTemplateParamsSchema;
  const itemResponse = itemResponseSchema(mailTemplateSchema);

  r.get(
    '/api/admin/mail-templates',
    { config: guard, schema: { tags, response: { 200: mailTemplateListSchema } } },
    async (request) => ({ data: await templates.list(actorOf(request)) }),
  );

  r.get(base, { config: guard, schema: { tags, params, response: { 200: itemResponse } } }, async (request) => {
    const { event, language } = templateKeyOf(request.params);
    return { data: await templates.read(actorOf(request), event, language, request.t) };
  });

  r.put(
    base,
    { config: guard, schema: { tags, params, body: mailTemplateInputSchema, response: { 200: itemResponse } } },
    async (request, reply) => {
      const { event, language } = templateKeyOf(request.params);
      return orProblems(request, reply, async () => ({
        data: await templates.save(actorOf(request), event, language, request.body, request.t),
      }));
    },
  );

  r.delete(base, { config: guard, schema: { tags, params, response: { 200: messageSchema } } }, async (request) => {
    const { event, language } = templateKeyOf(request.params);
    await templates.reset(actorOf(request), event, language);
    return { message: request.t('mail_templates.reset_done') };
  });

  r.post(
    `${base}/preview`,
    {
      config: guard,
      schema: { tags, params, body: mailTemplateInputSchema, response: { 200: itemResponseSchema(mailPreviewSchema) } },
    },
    async (request, reply) => {
      const { event, language } = templateKeyOf(request.params);
      return orProblems(request, reply, async () => ({
        data: await templates.preview(actorOf(request), event, language, request.body),
      }));
    },
  );

  r.post(
    `${base}/test`,
    { config: guard, schema: { tags, params, body: mailTemplateInputSchema, response: { 200: messageSchema } } },
    async (request, reply) => {
      const { event, language } = templateKeyOf(request.params);
      return orProblems(request, reply, async () => {
        const email = await templates.sendTest(actorOf(request), event, language, request.body, request.t);
        return { message: request.t('mail_templates.test_sent', { email }) };
      });
    },
  );
}
