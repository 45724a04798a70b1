import { DrizzleQueryError } from 'drizzle-orm/errors';

/** Network failures of a socket to the database server (node's error codes). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
/**
 * SQLSTATEs meaning the server went or is not taking connections: 57P01 admin_shutdown (pg_terminate_backend, a
 * restart), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, recovering), 53300 too_many_connections.
 * Class 08 (connection exception) is matched by its prefix.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** What node-postgres and pg-pool say when a connection ends, breaks, or cannot be had in time. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'is not queryable',
  'timeout exceeded when trying to connect',
  'Connection ended unexpectedly',
];

/** The chain of causes of an error, the error first (drizzle wraps the driver's error in DrizzleQueryError.cause). */
function* causes(error: unknown): Generator<unknown> {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && !seen.has(current)) {
    seen.add(current);
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

function isConnectionFailure(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08/.test(code))) {
    return true;
  }
  if (error instanceof AggregateError && error.errors.some(isConnectionFailure)) return true;
  return typeof message === 'string' && CONNECTION_MESSAGES.some((text) => message.includes(text));
}

/**
 * Whether an error means the database could not be reached or the connection broke, rather than the query being
 * wrong: such a request gets a 503 and may be tried again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const cause of causes(error)) if (isConnectionFailure(cause)) return true;
  return false;
}

/** A driver error's SQLSTATE, found anywhere in the cause chain. */
export function sqlStateOf(error: unknown): string | undefined {
  for (const cause of causes(error)) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** The unique index a write ran into (SQLSTATE 23505), found anywhere in the cause chain; else undefined. */
export function uniqueViolationOf(error: unknown): string | undefined {
  for (const cause of causes(error)) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505' && typeof constraint === 'string') return constraint;
  }
  return undefined;
}

/**
 * Fields of a driver error safe to log. Not `detail` nor `where` (they quote row values and bound parameters, e.g.
 * "Key (email)=(…) already exists"), and not the message of data exceptions (class 22 quotes the offending input) or
 * of raised exceptions (P0: written by whoever raised it).
 */
function driverFields(error: unknown): Record<string, unknown> {
  const source = error as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const key of ['code', 'severity', 'constraint', 'table', 'column', 'dataType', 'schema', 'routine']) {
    if (source[key] !== undefined) fields[key] = source[key];
  }
  const code = typeof source.code === 'string' ? source.code : '';
  if (typeof source.message === 'string' && !/^(22|P0)/.test(code)) fields.message = source.message;
  return fields;
}

/** A stack without its first line, which repeats the message (for a failed query: the parameters). */
function framesOf(error: Error): string {
  return (error.stack ?? '')
    .split('\n')
    .filter((line) => line.startsWith('    at '))
    .join('\n');
}

/** Own fields of an error worth logging: primitives only, and never bound parameters. */
function ownFields(error: Error): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (key === 'params' || key === 'parameters' || key === 'cause' || key === 'errors') continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return fields;
}

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/**
 * The logger's serializer for errors. A failed query is logged with its statement and SQLSTATE, never its
 * parameters (drizzle puts them in the message: password hashes, personal data); causes are serialized the same way.
 */
export function serializeError(error: Error): SerializedError {
  return serializeWithCauses(error, 0);
}

function serializeWithCauses(error: Error, depth: number): SerializedError {
  const next = error.cause;
  const cause = depth < 5 && next instanceof Error ? { cause: serializeWithCauses(next, depth + 1) } : {};
  if (error instanceof DrizzleQueryError) {
    const message = `Failed query: ${error.query}`;
    return {
      type: 'DrizzleQueryError',
      message,
      stack: `DrizzleQueryError: ${message}\n${framesOf(error)}`,
      statement: error.query,
      sqlState: sqlStateOf(error),
      ...cause,
    };
  }
  if (typeof (error as { code?: unknown }).code === 'string' && 'severity' in error) {
    // A PostgreSQL error (node-postgres' DatabaseError, PGlite's): only the fields that carry no values.
    const fields = driverFields(error);
    return {
      type: error.constructor.name,
      ...fields,
      message: typeof fields.message === 'string' ? fields.message : `SQLSTATE ${String(fields.code)}`,
      stack: framesOf(error),
    };
  }
  return {
    ...ownFields(error),
    type: error.constructor.name,
    message: error.message,
    stack: error.stack ?? '',
    ...cause,
  };
}
