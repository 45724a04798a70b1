import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import {
  errorBodySchema,
  itemResponseSchema,
  storageUsageSchema,
  uploadQuerySchema,
  uploadResponseSchema,
} from '@kampus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/deps.js';
import { actorOf, companyOf } from '../../platform/http/context.js';
import { FILES_PATH, receiveUploads, rejectionBody, UploadRejected } from '../../platform/uploads.js';
import type { FilesService } from './service.js';

const tags = ['files'];
const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * POST api/uploads (multipart, field files[]) and GET of the addresses it answers. Multipart parsing and file
 * sending are registered in this scope only, so no other route accepts multipart bodies.
 */
export async function registerFileRoutes(app: FastifyInstance, files: FilesService): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: false });
    // Range requests (video seeking), ETag and Last-Modified come from send; the folder is chosen per request.
    await scope.register(fastifyStatic, { serve: false });
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/uploads',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          querystring: uploadQuerySchema,
          response: { 201: uploadResponseSchema, 400: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema },
        },
      },
      async (request, reply) => {
        // Files belong to the host's company: the session was issued on this host (auth checks it).
        const auth = actorOf(request);
        const uploader = { companyId: auth.hostCompanyId, userId: auth.userId };
        await files.assertWithinRate(uploader);
        try {
          const received = await receiveUploads(request, files.kind(request.query.kind));
          return reply.code(201).send({ data: await files.store(uploader, received) });
        } catch (error) {
          if (error instanceof UploadRejected) return reply.code(422).send(rejectionBody(error, request.t));
          throw error;
        }
      },
    );

    r.get(
      `${FILES_PATH}:name`,
      {
        // Served to <img> and <video> tags, which send no token; only on the owning company's host.
        config: { access: 'public' },
        schema: { tags, params: z.object({ name: z.string().max(64) }) },
      },
      async (request, reply) => {
        const directory = await files.locate(companyOf(request).id, request.params.name);
        return reply
          .header('x-content-type-options', 'nosniff')
          .sendFile(request.params.name, directory, { maxAge: ONE_YEAR_MS, immutable: true, acceptRanges: true });
      },
    );
  });

  // The company's storage beside its settings: same permission as the settings screen.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/settings/storage',
    {
      config: { access: { permission: 'read_companysetting' } },
      schema: { tags: ['admin', 'settings'], response: { 200: itemResponseSchema(storageUsageSchema) } },
    },
    async (request) => ({ data: await files.usage(actorOf(request).companyId) }),
  );
}

export const FILE_CLEAN_UP_JOB = 'files.clean-up';

/**
 * The clean-up of unattached uploads is a scheduled job (UPLOAD_CLEANUP_CRON, empty: never): one node sweeps at each
 * due time, and a sweep interrupted by a shutdown runs again from the queue.
 */
export function scheduleFileCleanUp(platform: Pick<Platform, 'jobs' | 'config'>, files: FilesService): void {
  platform.jobs.register({
    name: FILE_CLEAN_UP_JOB,
    schema: z.object({}),
    handle: async () => ({ removed: await files.cleanUp() }),
  });
  if (platform.config.UPLOAD_CLEANUP_CRON)
    platform.jobs.schedule(FILE_CLEAN_UP_JOB, platform.config.UPLOAD_CLEANUP_CRON);
}
