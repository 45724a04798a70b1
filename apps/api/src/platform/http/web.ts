import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
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
    return reply
      .code(200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(
        // Replacer functions: a name with `$&` or `$\`` must be inserted literally, not read as a pattern.
        page!
          .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
          .replace('<html lang="tr">', () => `<html lang="${request.lang}">`),
      );
  };

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest =
      request.method === 'GET' && !request.url.startsWith('/api') && !request.url.startsWith('/assets/');
    if (page && isPageRequest) return sendPage(request, reply);
    return reply.code(404).send({ message: request.t('errors.route_not_found') });
  });
}

/** Where the web build lives: apps/web/dist, beside apps/api (src/paths.ts). */
export function defaultWebDist(): string {
  return apiPath('../web/dist');
}
