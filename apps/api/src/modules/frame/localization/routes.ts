import { LOCALES, localizationSchema, translations } from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

const body = { languages: LOCALES.map((code) => ({ code })), translations };

/** GET /api/localization: the languages and every translation, straight from @kampus/shared's locale files. */
export function registerLocalizationRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/localization',
    {
      config: { access: 'public', host: 'none' },
      schema: { tags: ['localization'], response: { 200: localizationSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return body;
    },
  );
}
