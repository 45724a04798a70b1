import { LOCALES, localizationQuerySchema, localizationSchema, translations } from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

const languages = LOCALES.map((code) => ({ code }));
const everyLanguage = { languages, translations };
/** One language's texts: what the web app loads at start and when the user switches (issue 11). */
const oneLanguage = Object.fromEntries(
  LOCALES.map((code) => [code, { languages, translations: { [code]: translations[code] } }]),
);

/**
 * GET /api/localization: the languages and every translation, straight from @kampus/shared's locale files;
 * `?language=xx` answers that language's translations only (every locale holds every key, so one is enough).
 */
export function registerLocalizationRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/localization',
    {
      config: { access: 'public', host: 'none' },
      schema: { tags: ['localization'], querystring: localizationQuerySchema, response: { 200: localizationSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      const { language } = request.query;
      return language ? oneLanguage[language] : everyLanguage;
    },
  );
}
