import multipart from '@fastify/multipart';
import {
  adminUserSchema,
  errorBodySchema,
  idParamSchema,
  itemResponseSchema,
  labelledCustomFieldSchema,
  listResponseSchema,
  messageSchema,
  registrationRejectSchema,
  registrationRequestListQuerySchema,
  registrationRequestSchema,
  USER_IMPORT_FIELD,
  USER_IMPORT_MAX_BYTES,
  userImportQuerySchema,
  userImportResultSchema,
  userImportTemplateQuerySchema,
} from '@kampus/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/http/context.js';
import { badRequest } from '../../../platform/http/errors.js';
import type { Translate } from '../../../platform/i18n.js';
import { ImportFileRejected } from '../../../platform/imports/import-file.js';
import { contentDisposition } from '../../../platform/resource/export.js';
import { registerResource } from '../../../platform/resource/routes.js';
import type { UsersService } from './service.js';

/** The one file of an import request; a missing, repeated or oversized file is refused before anything is read. */
async function receiveImportFile(request: FastifyRequest) {
  if (!request.isMultipart()) throw new ImportFileRejected('users_import.file_required');
  let file: { name: string; mime: string; data: Buffer } | null = null;
  try {
    for await (const part of request.files({ limits: { fileSize: USER_IMPORT_MAX_BYTES, files: 1, fields: 5 } })) {
      const data = await part.toBuffer();
      if (part.fieldname !== USER_IMPORT_FIELD) continue;
      if (part.file.truncated) throw new ImportFileRejected('users_import.file_too_large', { megabytes: 10 });
      file = { name: part.filename, mime: part.mimetype, data };
    }
  } catch (error) {
    if (error instanceof ImportFileRejected) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ImportFileRejected('users_import.file_too_large', { megabytes: 10 });
    if (code === 'FST_FILES_LIMIT') throw new ImportFileRejected('users_import.one_file');
    // Anything else the multipart parser throws is the body's fault (no boundary, an oversized one, a part never
    // closed, a body cut short, too many fields): a bad request, never a server error.
    throw badRequest();
  }
  if (!file) throw new ImportFileRejected('users_import.file_required');
  return file;
}

const fileRejection = (error: ImportFileRejected, t: Translate) => ({
  message: t('errors.validation_failed'),
  errors: { file: [t(error.key, error.params)] },
});

/**
 * `/api/admin/users` (the generated resource routes) with its custom actions: reactivate, the import and its
 * template; and `/api/admin/registration-requests`. Spec §6 names one permission for the user area: show_user.
 */
export function registerUserRoutes(app: FastifyInstance, users: UsersService): void {
  const permission = users.resource.declaration.contract.permissions.update;
  const guard = { access: { permission } } as const;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/users/import-template',
    { config: guard, schema: { tags: ['admin', 'users'], querystring: userImportTemplateQuerySchema } },
    async (request, reply) => {
      const file = await users.import.template(actorOf(request), request.query.format, request.t);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  r.get(
    '/api/admin/users/custom-fields',
    {
      config: guard,
      schema: { tags: ['admin', 'users'], response: { 200: z.object({ data: z.array(labelledCustomFieldSchema) }) } },
    },
    async (request) => ({ data: await users.customFields(actorOf(request), request.lang) }),
  );

  // Multipart is parsed in this scope only, so no other users route accepts a multipart body.
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: USER_IMPORT_MAX_BYTES } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/admin/users/import',
      {
        config: guard,
        bodyLimit: USER_IMPORT_MAX_BYTES + 64 * 1024,
        schema: {
          tags: ['admin', 'users'],
          consumes: ['multipart/form-data'],
          querystring: userImportQuerySchema,
          response: { 200: userImportResultSchema, 400: errorBodySchema, 422: errorBodySchema },
        },
      },
      async (request, reply) => {
        try {
          const file = await receiveImportFile(request);
          return await users.import.run(actorOf(request), file, request.query, request.t);
        } catch (error) {
          if (error instanceof ImportFileRejected) return reply.code(422).send(fileRejection(error, request.t));
          throw error;
        }
      },
    );
  });

  registerResource(app, users.resource);

  r.post(
    '/api/admin/users/:id/reactivate',
    {
      config: guard,
      schema: {
        tags: ['admin', 'users'],
        params: idParamSchema,
        response: { 200: itemResponseSchema(adminUserSchema) },
      },
    },
    async (request) => ({ data: await users.reactivate(actorOf(request), request.params.id) }),
  );

  const requests = users.registrationRequests;
  const requestTags = ['admin', 'registration-requests'];
  r.get(
    '/api/admin/registration-requests',
    {
      config: guard,
      schema: {
        tags: requestTags,
        querystring: registrationRequestListQuerySchema,
        response: { 200: listResponseSchema(registrationRequestSchema) },
      },
    },
    async (request) => requests.list(actorOf(request), request.query),
  );

  r.post(
    '/api/admin/registration-requests/:id/approve',
    { config: guard, schema: { tags: requestTags, params: idParamSchema, response: { 200: messageSchema } } },
    async (request) => {
      await requests.approve(actorOf(request), request.params.id);
      return { message: request.t('registration_requests.approved') };
    },
  );

  r.post(
    '/api/admin/registration-requests/:id/reject',
    {
      config: guard,
      schema: {
        tags: requestTags,
        params: idParamSchema,
        body: registrationRejectSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await requests.reject(actorOf(request), request.params.id, request.body.reason);
      return { message: request.t('registration_requests.rejected') };
    },
  );
}
