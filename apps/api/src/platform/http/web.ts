import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@kampus/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiPath } from '../../paths.js';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * Serves the built web app on the API's port: hashed assets cached for a year, and for every other GET outside /api
 * the single page, titled with the host company's name (spec §1) so the title is right before any script runs.
 * Unknown /api paths keep their JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | null): Promise<void> {
  const indexFile = distDir ? path.join(distDir, 'index.html') : null;
  const page = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;

  if (page && distDir) {
    await app.register(fastifyStatic, {
      root: path.join(distDir, 'assets'),
      index: false,
      wildcard: false,
      prefix: '/assets/',
      decorateReply: false,
      // The build writes .br and .gz beside each script and sheet: sent as they are to a browser accepting them.
      preCompressed: true,
      setHeaders: (res) => res.header('cache-control', 'public, max-age=31536000, immutable'),
    });
  }

  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    const title = escapeHtml(request.company?.name ?? 'Kampus');
    const language = pageLanguage(request);
    return reply
      .code(200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(
        // Replacer functions: a name with `$&` or `$\`` must be inserted literally, not read as a pattern.
        page!
          .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>${bootPreloads(request, language)}`)
          .replace('<html lang="tr">', () => `<html lang="${language}">`),
      );
  };

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest =
      request.method === 'GET' && !request.url.startsWith('/api') && !request.url.startsWith('/assets/');
    if (page && isPageRequest) return sendPage(request, reply);
    return reply.code(404).send({ message: request.t('errors.route_not_found') });
  });
}

/**
 * The language a page starts in: the one the request names (X-Content-Language), else the one the app started in
 * last time on this browser (its `kampus_language` cookie, written by the web app's boot), else the company's default.
 */
function pageLanguage(request: FastifyRequest): Locale {
  if (request.headers['x-content-language']) return request.lang;
  const remembered = request.headers.cookie?.match(/(?:^|;\s*)kampus_language=([a-z]{2})(?:;|$)/)?.[1];
  if (isLocale(remembered)) return remembered;
  return isLocale(request.company?.defaultLanguage) ? request.company.defaultLanguage : DEFAULT_LOCALE;
}

/**
 * The two answers the app waits for before its first render (apps/web/src/app/boot.ts), asked for by the browser
 * while it still downloads the scripts rather than after running them: the company of the host and the texts of the
 * language the page starts in, which is the language the app asks for first.
 */
function bootPreloads(request: FastifyRequest, language: Locale): string {
  if (!request.company) return '';
  const preload = (href: string) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${href}">`;
  return preload('/api/company/self') + preload(`/api/localization?language=${language}`);
}

/** Where the web build lives: apps/web/dist, beside apps/api (src/paths.ts). */
export function defaultWebDist(): string {
  return apiPath('../web/dist');
}
