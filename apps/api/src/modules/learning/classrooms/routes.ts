import multipart from '@fastify/multipart';
import {
  attendanceResultSchema,
  attendanceSheetSchema,
  classroomRegistrationListSchema,
  classroomSessionCreateSchema,
  classroomSessionListSchema,
  classroomSessionSchema,
  classroomSessionUpdateSchema,
  errorBodySchema,
  idParamSchema,
  itemResponseSchema,
  learnerClassroomResponseSchema,
  registrationParamsSchema,
  sessionParamsSchema,
} from '@kampus/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/http/context.js';
import { badRequest } from '../../../platform/http/errors.js';
import { ImportFileRejected } from '../../../platform/imports/import-reader.js';
import { contentDisposition } from '../../../platform/resource/export.js';
import { registerResource } from '../../../platform/resource/routes.js';
import type { ClassroomsService } from './service.js';

/** An attendance sheet is a few hundred rows: 2 MB is far more than one needs. */
const ATTENDANCE_FILE_MAX_BYTES = 2 * 1024 * 1024;
const ATTENDANCE_FILE_FIELD = 'file';

async function receiveSheet(request: FastifyRequest) {
  if (!request.isMultipart()) throw new ImportFileRejected('users_import.file_required');
  let file: { name: string; mime: string; data: Buffer } | null = null;
  try {
    for await (const part of request.files({ limits: { fileSize: ATTENDANCE_FILE_MAX_BYTES, files: 1, fields: 2 } })) {
      const data = await part.toBuffer();
      if (part.fieldname !== ATTENDANCE_FILE_FIELD) continue;
      if (part.file.truncated) throw new ImportFileRejected('users_import.file_too_large', { megabytes: 2 });
      file = { name: part.filename, mime: part.mimetype, data };
    }
  } catch (error) {
    if (error instanceof ImportFileRejected) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ImportFileRejected('users_import.file_too_large', { megabytes: 2 });
    if (code === 'FST_FILES_LIMIT') throw new ImportFileRejected('users_import.one_file');
    throw badRequest();
  }
  if (!file) throw new ImportFileRejected('users_import.file_required');
  return file;
}

/**
 * `/api/admin/classrooms` (generated resource routes) with its sessions, registrations and attendance; the learner's
 * `api/my/classrooms/{id}` with register / cancel; and a session's .ics file.
 */
export function registerClassroomRoutes(app: FastifyInstance, classrooms: ClassroomsService): void {
  registerResource(app, classrooms.resource);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/admin/classrooms/:id/sessions';
  const tags = ['admin', 'classrooms'];
  const read = { access: { permission: 'show_training' } } as const;
  const write = { access: { permission: 'create_training' } } as const;
  const { sessions } = classrooms;
  const sessionResponse = itemResponseSchema(classroomSessionSchema);

  r.get(
    base,
    { config: read, schema: { tags, params: idParamSchema, response: { 200: classroomSessionListSchema } } },
    async (request) => ({ data: await sessions.listSessions(actorOf(request), request.params.id) }),
  );

  r.post(
    base,
    {
      config: write,
      schema: { tags, params: idParamSchema, body: classroomSessionCreateSchema, response: { 201: sessionResponse } },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await sessions.createSession(actorOf(request), request.params.id, request.body) }),
  );

  for (const method of ['put', 'post'] as const) {
    r[method](
      `${base}/:session`,
      {
        config: write,
        schema: {
          tags,
          params: sessionParamsSchema,
          body: classroomSessionUpdateSchema,
          response: { 200: sessionResponse },
        },
      },
      async (request) => ({
        data: await sessions.updateSession(actorOf(request), request.params.id, request.params.session, request.body),
      }),
    );
  }

  r.post(
    `${base}/:session/cancel`,
    { config: write, schema: { tags, params: sessionParamsSchema, response: { 200: sessionResponse } } },
    async (request) => ({
      data: await sessions.cancelSession(actorOf(request), request.params.id, request.params.session),
    }),
  );

  r.get(
    `${base}/:session/registrations`,
    {
      config: read,
      schema: { tags, params: sessionParamsSchema, response: { 200: classroomRegistrationListSchema } },
    },
    async (request) => sessions.registrations(actorOf(request), request.params.id, request.params.session),
  );

  r.post(
    `${base}/:session/registrations/:registration/cancel`,
    {
      config: write,
      schema: {
        tags,
        params: registrationParamsSchema,
        response: { 200: classroomRegistrationListSchema.pick({ data: true }) },
      },
    },
    async (request) => {
      const { id, session, registration } = request.params;
      return { data: await sessions.cancelByAdmin(actorOf(request), id, session, registration) };
    },
  );

  r.put(
    `${base}/:session/attendance`,
    {
      config: write,
      schema: {
        tags,
        params: sessionParamsSchema,
        body: attendanceSheetSchema,
        response: { 200: attendanceResultSchema },
      },
    },
    async (request) => {
      const data = await sessions.saveAttendance(
        actorOf(request),
        request.params.id,
        request.params.session,
        request.body,
      );
      return { data, message: request.t('classroomAdmin.attendance.saved', { count: data.updated }) };
    },
  );

  r.get(
    `${base}/:session/attendance/template`,
    { config: read, schema: { tags, params: sessionParamsSchema } },
    async (request, reply) => {
      const file = await sessions.attendanceTemplate(
        actorOf(request),
        request.params.id,
        request.params.session,
        request.t,
      );
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  // Multipart is parsed in this scope only, so no other classroom route accepts a multipart body.
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: ATTENDANCE_FILE_MAX_BYTES } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      `${base}/:session/attendance/import`,
      {
        config: write,
        bodyLimit: ATTENDANCE_FILE_MAX_BYTES + 64 * 1024,
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          params: sessionParamsSchema,
          response: { 200: attendanceResultSchema, 400: errorBodySchema, 422: errorBodySchema },
        },
      },
      async (request, reply) => {
        try {
          const file = await receiveSheet(request);
          const { id, session } = request.params;
          const data = await sessions.importAttendance(actorOf(request), id, session, file, request.t);
          return { data, message: request.t('classroomAdmin.attendance.saved', { count: data.updated }) };
        } catch (error) {
          if (!(error instanceof ImportFileRejected)) throw error;
          return reply.code(422).send({
            message: request.t('errors.validation_failed'),
            errors: { file: [request.t(error.key, error.params)] },
          });
        }
      },
    );
  });

  // The learner's side.
  const learner = { access: 'authenticated' } as const;
  const learnerTags = ['classrooms'];
  const mineParams = sessionParamsSchema;

  r.get(
    '/api/my/classrooms/:id',
    {
      config: learner,
      schema: { tags: learnerTags, params: idParamSchema, response: { 200: learnerClassroomResponseSchema } },
    },
    async (request) => ({ data: await sessions.learnerClassroom(actorOf(request), request.params.id) }),
  );

  r.post(
    '/api/my/classrooms/:id/sessions/:session/register',
    {
      config: learner,
      schema: { tags: learnerTags, params: mineParams, response: { 200: learnerClassroomResponseSchema } },
    },
    async (request) => ({
      data: await sessions.register(actorOf(request), request.params.id, request.params.session),
    }),
  );

  r.post(
    '/api/my/classrooms/:id/sessions/:session/cancel',
    {
      config: learner,
      schema: { tags: learnerTags, params: mineParams, response: { 200: learnerClassroomResponseSchema } },
    },
    async (request) => ({
      data: await sessions.cancelMine(actorOf(request), request.params.id, request.params.session),
    }),
  );

  r.get(
    '/api/classroom-sessions/:id/ics',
    { config: learner, schema: { tags: learnerTags, params: idParamSchema, produces: ['text/calendar'] } },
    async (request, reply) => {
      const file = await sessions.calendarFile(actorOf(request), request.params.id, request.hostname);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
}
