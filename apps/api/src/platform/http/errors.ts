import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../../db/errors.js';
import { hasTranslation, type Translate } from '../i18n.js';

type FieldErrors = Record<string, string[]>;

/** An expected failure: its status, a message key (translated per request) and optional field errors. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly params: Record<string, unknown> = {},
    readonly fieldErrors?: Record<string, string[]>,
    readonly headers: Record<string, string> = {},
    /** Values of the field messages that take some ("only {{count}} questions match"), by field. */
    readonly fieldParams: Record<string, Record<string, unknown>> = {},
  ) {
    super(key);
  }
}

export const badRequest = (key = 'errors.bad_request') => new HttpError(400, key);
export const unauthenticated = (key = 'errors.unauthenticated') => new HttpError(401, key);
export const forbidden = (key = 'errors.forbidden') => new HttpError(403, key);
export const notFound = (key = 'errors.not_found') => new HttpError(404, key);
export const conflict = (key = 'errors.conflict') => new HttpError(409, key);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, 'errors.too_many_requests', { seconds: retryAfterSeconds }, undefined, {
    'retry-after': String(retryAfterSeconds),
  });
/** A 422 on named fields, for rules the schema alone cannot check (uniqueness, a wrong current password). */
export const invalidFields = (fields: Record<string, string>) =>
  new HttpError(
    422,
    'errors.validation_failed',
    {},
    Object.fromEntries(Object.entries(fields).map(([field, key]) => [field, [key]])),
  );
/** A 422 on named fields whose messages take values, e.g. `{count: {key, params: {count: 7}}}`. */
export const invalidFieldsWith = (fields: Record<string, { key: string; params: Record<string, unknown> }>) =>
  new HttpError(
    422,
    'errors.validation_failed',
    {},
    Object.fromEntries(Object.entries(fields).map(([field, { key }]) => [field, [key]])),
    {},
    Object.fromEntries(Object.entries(fields).map(([field, { params }]) => [field, params])),
  );

const STATUS_KEYS: Record<number, string> = {
  400: 'errors.bad_request',
  401: 'errors.unauthenticated',
  403: 'errors.forbidden',
  404: 'errors.route_not_found',
  413: 'errors.payload_too_large',
  415: 'errors.unsupported_media_type',
  429: 'errors.too_many_requests',
};

/** Maps a zod issue to a localized message: the schema's own message key when it has one, else by issue kind. */
function issueMessage(issue: ZodFastifySchemaValidationError, t: Translate): string {
  const params = issue.params as Record<string, unknown>;
  const values = { minimum: params.minimum, maximum: params.maximum };
  if (issue.message && hasTranslation(issue.message)) return t(issue.message, values);
  switch (issue.keyword) {
    case 'invalid_type':
      return t(/received undefined/.test(issue.message ?? '') ? 'validation.required' : 'validation.invalid_type');
    case 'too_small':
    case 'too_big': {
      if (issue.keyword === 'too_small' && params.origin === 'string' && params.minimum === 1) {
        return t('validation.required');
      }
      const origin = ['string', 'number', 'array'].includes(String(params.origin)) ? params.origin : 'number';
      return t(`validation.${issue.keyword}_${origin}`, values);
    }
    case 'invalid_format':
      return t(
        params.format === 'email'
          ? 'validation.email'
          : params.format === 'url'
            ? 'validation.url'
            : 'validation.invalid_format',
      );
    case 'invalid_value':
    case 'invalid_union':
      return t('validation.invalid_value');
    default:
      return t('validation.invalid');
  }
}

export function fieldErrorsOf(issues: ZodFastifySchemaValidationError[], t: Translate): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    const list = errors[field] ?? [];
    list.push(issueMessage(issue, t));
    errors[field] = list;
  }
  return errors;
}

/** How long a client should wait before trying again while the database is away. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** One error shape for every failure: `{message, errors?}`; never a stack, SQL or secret. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const t = request.t;
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .code(422)
        .send({ message: t('errors.validation_failed'), errors: fieldErrorsOf(error.validation, t) });
    }
    if (error instanceof HttpError) {
      const translatedFields = error.fieldErrors
        ? Object.fromEntries(
            Object.entries(error.fieldErrors).map(([f, keys]) => [f, keys.map((k) => t(k, error.fieldParams[f]))]),
          )
        : undefined;
      return reply
        .code(error.status)
        .headers(error.headers)
        .send({ message: t(error.key, error.params), ...(translatedFields ? { errors: translatedFields } : {}) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: t(STATUS_KEYS[status] ?? 'errors.bad_request', { seconds: 60 }) });
    }
    if (isDatabaseUnavailable(error)) {
      // Not a bug: the database is away (restart, fail-over) or a connection broke; the client may try again.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ message: t('errors.service_unavailable') });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: t('errors.internal') });
  });
}
