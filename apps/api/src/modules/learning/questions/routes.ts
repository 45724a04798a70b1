import multipart from '@fastify/multipart';
import {
  errorBodySchema,
  QUESTION_IMPORT_FIELD,
  QUESTION_IMPORT_IMAGES_FIELD,
  QUESTION_IMPORT_MAX_BYTES,
  type QuestionImportImage,
  questionImportImagesSchema,
  questionImportQuerySchema,
  questionImportResultSchema,
} from '@kampus/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/http/context.js';
import { badRequest, HttpError, invalidFields } from '../../../platform/http/errors.js';
import type { Translate } from '../../../platform/i18n.js';
import { ImportFileRejected } from '../../../platform/imports/import-file.js';
import { contentDisposition } from '../../../platform/resource/export.js';
import { registerResource } from '../../../platform/resource/routes.js';
import type { QuestionsService } from './service.js';

const MEGABYTES = QUESTION_IMPORT_MAX_BYTES / 1024 / 1024;

/** The images field's JSON, or why it is refused (422 under `images`). */
function readImages(value: unknown): QuestionImportImage[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(value));
  } catch {
    throw invalidFields({ [QUESTION_IMPORT_IMAGES_FIELD]: 'questionImport.errors.images_invalid' });
  }
  const images = questionImportImagesSchema.safeParse(parsed);
  if (!images.success) throw invalidFields({ [QUESTION_IMPORT_IMAGES_FIELD]: 'questionImport.errors.images_invalid' });
  return images.data;
}

/**
 * The one file of an import request and the images its rows may name; a missing, repeated or oversized file is
 * refused before anything is read.
 */
async function receiveFile(request: FastifyRequest) {
  if (!request.isMultipart()) throw new ImportFileRejected('questionImport.file.file_required');
  let file: { name: string; mime: string; data: Buffer } | null = null;
  let images: QuestionImportImage[] = [];
  try {
    for await (const part of request.parts({
      limits: { fileSize: QUESTION_IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 256 * 1024 },
    })) {
      if (part.type === 'field') {
        if (part.fieldname === QUESTION_IMPORT_IMAGES_FIELD) images = readImages(part.value);
        continue;
      }
      const data = await part.toBuffer();
      if (part.fieldname !== QUESTION_IMPORT_FIELD) continue;
      if (part.file.truncated)
        throw new ImportFileRejected('questionImport.file.file_too_large', { megabytes: MEGABYTES });
      file = { name: part.filename, mime: part.mimetype, data };
    }
  } catch (error) {
    if (error instanceof ImportFileRejected || error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new ImportFileRejected('questionImport.file.file_too_large', { megabytes: MEGABYTES });
    }
    if (code === 'FST_FILES_LIMIT') throw new ImportFileRejected('questionImport.file.one_file');
    throw badRequest();
  }
  if (!file) throw new ImportFileRejected('questionImport.file.file_required');
  return { file, images };
}

/** The reader's reasons in the question import's own words ("questions", not "people"). */
const fileRejection = (error: ImportFileRejected, t: Translate) => ({
  message: t('errors.validation_failed'),
  errors: { file: [t(error.key.replace(/^users_import\./, 'questionImport.file.'), error.params)] },
});

/** `/api/admin/questions` (the generated resource routes) with the import and its template (create_exam). */
export function registerQuestionRoutes(app: FastifyInstance, questions: QuestionsService): void {
  const guard = { access: { permission: questions.resource.declaration.contract.permissions.create } } as const;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/questions/import-template',
    { config: guard, schema: { tags: ['admin', 'questions'] } },
    async (request, reply) => {
      const file = await questions.import.template(request.t);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  // Multipart is parsed in this scope only, so no other questions route accepts a multipart body.
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: QUESTION_IMPORT_MAX_BYTES } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/admin/questions/import',
      {
        config: guard,
        bodyLimit: QUESTION_IMPORT_MAX_BYTES + 64 * 1024,
        schema: {
          tags: ['admin', 'questions'],
          consumes: ['multipart/form-data'],
          querystring: questionImportQuerySchema,
          response: { 200: questionImportResultSchema, 400: errorBodySchema, 422: errorBodySchema },
        },
      },
      async (request, reply) => {
        try {
          const { file, images } = await receiveFile(request);
          return await questions.import.run(actorOf(request), file, request.query, request.t, images);
        } catch (error) {
          if (error instanceof ImportFileRejected) return reply.code(422).send(fileRejection(error, request.t));
          throw error;
        }
      },
    );
  });

  registerResource(app, questions.resource);
}
