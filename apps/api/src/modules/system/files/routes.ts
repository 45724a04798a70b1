import multipart from '@fastify/multipart';
import {
  errorBodySchema,
  ID_MAX,
  itemResponseSchema,
  storageUsageSchema,
  uploadQuerySchema,
  uploadResponseSchema,
} from '@kampus/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import parseRange from 'range-parser';
import { z } from 'zod';
import type { Platform } from '../../../platform/deps.js';
import { actorOf, companyOf } from '../../../platform/http/context.js';
import { forbidden, notFound } from '../../../platform/http/errors.js';
import { type ByteRange, isStoredName } from '../../../platform/storage.js';
import { FILES_PATH, receiveUploads, rejectionBody, UploadRejected } from '../../../platform/uploads.js';
import { FILE_OWNER_PARAM, type FilesService, type ServedFile } from './service.js';

const tags = ['files'];
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/** A stored name never gets new content, so the name itself is a strong validator. */
const etagOf = (name: string) => `"${name.slice(0, name.indexOf('.'))}"`;

/**
 * The range a request asks for: null for the whole file (no Range, several ranges, a Range that is not bytes, or an
 * If-Range that no longer matches), 'unsatisfiable' for one that starts past the end.
 */
function requestedRange(request: FastifyRequest, size: number, etag: string): ByteRange | null | 'unsatisfiable' {
  const header = request.headers.range;
  if (!header) return null;
  const ifRange = request.headers['if-range'];
  if (ifRange && ifRange !== etag) return null;
  const ranges = parseRange(size, header, { combine: true });
  if (ranges === -1) return 'unsatisfiable';
  // -2 is a malformed header, which HTTP says to ignore; several ranges would need multipart/byteranges.
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return null;
  const [range] = ranges;
  return range ? { start: range.start, end: range.end } : null;
}

/** Cache rules: a public file forever (its name never gets new content); a private one until its address expires. */
function cacheControlOf(file: ServedFile, expires: string | undefined): string {
  if (file.visibility === 'public') return `public, max-age=${ONE_YEAR_SECONDS}, immutable`;
  const left = Math.max(0, Number(expires) - Math.floor(Date.now() / 1000));
  return `private, max-age=${left}`;
}

/**
 * Streams a stored file from the storage with its recorded type: 200, 206 for one range, 416 for a range past the
 * end, 304 for a matching If-None-Match.
 */
async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  files: FilesService,
  stored: { companyId: number; name: string; expires: string | undefined },
  file: ServedFile,
) {
  const { companyId, name } = stored;
  const etag = etagOf(name);
  reply
    .header('x-content-type-options', 'nosniff')
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('last-modified', file.createdAt.toUTCString())
    .header('cache-control', cacheControlOf(file, stored.expires));
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  const range = requestedRange(request, file.size, etag);
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${file.size}`).send();
  }
  const opened = await files.open(companyId, name, range ?? undefined);
  if (!opened) throw notFound();
  reply.header('content-type', file.mime);
  if (!range) return reply.header('content-length', opened.size).send(opened.body);
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${opened.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(opened.body);
}

/**
 * POST api/uploads (multipart, field files[]) and GET of the addresses it answers. Multipart parsing and file
 * sending are registered in this scope only, so no other route accepts multipart bodies.
 */
export async function registerFileRoutes(app: FastifyInstance, files: FilesService): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: false });
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
          const kind = request.query.kind;
          const received = await receiveUploads(request, files.kind(kind), await files.uploadTarget(uploader));
          return reply.code(201).send({ data: await files.store(uploader, received, kind) });
        } catch (error) {
          if (error instanceof UploadRejected) return reply.code(422).send(rejectionBody(error, request.t));
          throw error;
        }
      },
    );

    r.get(
      `${FILES_PATH}:name`,
      {
        // Public files are shown by <img> tags, which send no token; private ones need a signed address. Either way
        // only on the owning company's host.
        config: { access: 'public' },
        schema: {
          tags,
          params: z.object({ name: z.string().max(64) }),
          querystring: z.object({
            expires: z.string().max(20).optional(),
            signature: z.string().max(100).optional(),
            /** The owner when it is another company of the host's group (a signed private file only). */
            [FILE_OWNER_PARAM]: z.string().max(12).optional(),
          }),
        },
      },
      async (request, reply) => {
        const host = companyOf(request);
        const { name } = request.params;
        const named = request.query[FILE_OWNER_PARAM];
        const owner = named !== undefined && /^[1-9]\d{0,9}$/.test(named) ? Number(named) : null;
        const companyId =
          named === undefined
            ? host.id
            : owner !== null && owner <= ID_MAX
              ? await files.ownerServedOn(host, owner)
              : null;
        const file = companyId !== null && isStoredName(name) ? await files.describe(companyId, name) : null;
        if (!file || companyId === null) throw notFound();
        // Another company's file is served here only by a signed address of its own (never a public file by name).
        if (companyId !== host.id && file.visibility !== 'private') throw notFound();
        if (file.visibility === 'private' && !files.verifySignature(companyId, name, request.query)) {
          throw forbidden('upload.link_invalid');
        }
        return sendStoredFile(request, reply, files, { companyId, name, expires: request.query.expires }, file);
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
