import { LOCALES, localizationQuerySchema, localizationSchema, translations } from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type PrecompressedJson, precompressJson, sendPrecompressed } from '../../../platform/http/precompressed.js';

const languages = LOCALES.map((code) => ({ code }));

/**
 * The answers never change while the process runs: each is serialized and compressed the first time it is asked
 * for. One language's texts are what the web app loads at start and when the user switches (issue 11).
 */
const answers = new Map<string, PrecompressedJson>();
function answerFor(language: string | undefined): PrecompressedJson {
  const key = language ?? 'all';
  let answer = answers.get(key);
  if (!answer) {
    const chosen = language ? { [language]: translations[language as keyof typeof translations] } : translations;
    answer = precompressJson(localizationSchema.parse({ languages, translations: chosen }));
    answers.set(key, answer);
  }
  return answer;
}

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
      return sendPrecompressed(request, reply, answerFor(request.query.language));
    },
  );
}
