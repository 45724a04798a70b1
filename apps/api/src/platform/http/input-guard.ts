import { findUnsafeText, UNSAFE_TEXT_MESSAGE, type ValuePath } from '@kampus/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { localeFromHeader, translator } from '../i18n.js';
import { HttpError } from './errors.js';

/** The parts of a request a caller writes: path parameters, query and parsed body. */
const CALLER_INPUT = ['params', 'query', 'body'] as const;

/** The same field name a schema error gets (errors.ts fieldErrorsOf): dotted path, `_` for the whole value. */
const fieldName = (path: ValuePath) => path.join('.') || '_';

function unsafeFieldsOf(request: FastifyRequest): Record<string, string[]> | null {
  const fields: Record<string, string[]> = {};
  for (const part of CALLER_INPUT) {
    for (const path of findUnsafeText(request[part])) fields[fieldName(path)] = [UNSAFE_TEXT_MESSAGE];
  }
  return Object.keys(fields).length > 0 ? fields : null;
}

/**
 * Refuses, on every route (present and future), a NUL character or a lone surrogate anywhere in the path, query or
 * JSON body — values or keys — with 422 before the route's schema or service sees it: PostgreSQL refuses both in
 * text and jsonb, which would otherwise surface as a 500. Registered after the access pipeline, so a caller without
 * the right session still learns nothing about the input.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const fields = unsafeFieldsOf(request);
    if (fields) throw new HttpError(422, 'errors.validation_failed', {}, fields);
  });
}

/**
 * Fastify's own answer to a URL it cannot decode (`%ED%A0%80`: a lone surrogate, or a broken escape) or an
 * over-long path parameter, in the one error shape and the request's language. It runs before any hook, so the
 * language comes from the header here.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const t = translator(localeFromHeader(request.headers['x-content-language']));
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  reply.code(status).send({ message: t('errors.bad_request') });
}
