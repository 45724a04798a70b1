import { faqPublicQuerySchema, faqPublicResponseSchema } from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/http/context.js';
import { registerResource } from '../../../platform/resource/routes.js';
import type { FaqService } from './service.js';

/** `/api/admin/faq-categories`, `/api/admin/faqs` (generated) and the learner's `GET /api/faq`. */
export function registerFaqRoutes(app: FastifyInstance, faq: FaqService): void {
  registerResource(app, faq.categories);
  registerResource(app, faq.questions);

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/faq',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['faq'], querystring: faqPublicQuerySchema, response: { 200: faqPublicResponseSchema } },
    },
    async (request) => ({
      data: await faq.forLearner({ companyId: actorOf(request).companyId, lang: request.lang }, request.query),
    }),
  );
}
