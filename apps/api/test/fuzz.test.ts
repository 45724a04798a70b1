import path from 'node:path';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from './factories.js';
import { bodyFor, encodeComponent, type JsonSchema, RawBody, textFor } from './fuzz-inputs.js';
import { createTestApp, hostOf, login, type TestApp } from './helpers.js';

/**
 * Schema-driven fuzzing of every operation of the OpenAPI document (so routes added later are fuzzed too): invalid
 * and edge-case path parameters, queries and bodies (fuzz-inputs.ts) sent as an anonymous caller, a company admin
 * and a super admin. No answer may be a 5xx, leave the one error shape, or carry a stack, SQL, a password hash, the
 * JWT secret or a server path. Seeded: FUZZ_SEED reproduces a run, FUZZ_RUNS scales it.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 9_090_909);
const RUNS_SCALE = Number(process.env.FUZZ_RUNS ?? 1);
const RUNS: Record<Caller, number> = { anonymous: 5, companyAdmin: 10, superAdmin: 10 };
/** Fuzz requests come from their own address, so the sign-in limiter they trip never blocks the run's own sign-ins. */
const FUZZ_IP = '203.0.113.7';

type Caller = 'anonymous' | 'companyAdmin' | 'superAdmin';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema?: JsonSchema;
}
interface Operation {
  method: Method;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
}
interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
  >;
}
interface FuzzCase {
  pathValues: string[];
  query: [string, string][];
  body: unknown;
  headers: Record<string, string>;
}
interface Failure {
  caller: Caller;
  method: Method;
  url: string;
  body: string;
  status: number;
  response: string;
  problems: string[];
}

function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase() as Method,
      path: route,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content?.['application/json']?.schema,
    })),
  );
}

/** A stable number per operation and caller, so one operation's cases do not change when another is added. */
function seedFor(operation: Operation, caller: Caller): number {
  let hash = SEED | 0;
  for (const char of `${caller} ${operation.method} ${operation.path}`)
    hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash | 0;
}

function caseArbitrary(operation: Operation): fc.Arbitrary<FuzzCase> {
  const pathParameters = operation.parameters.filter((p) => p.in === 'path');
  const queryParameters = operation.parameters.filter((p) => p.in === 'query');
  const queryValue = (p: Parameter) =>
    fc.option(
      textFor(p.schema).map((v) => [p.name, v] as [string, string]),
      { nil: null, freq: 2 },
    );
  const extraQuery = fc.array(
    fc.tuple(fc.constantFrom('__proto__', 'constructor', 'page', 'id', 'a\u0000', 'x[y]'), textFor(undefined)),
    { maxLength: 2 },
  );
  return fc.record({
    pathValues: fc.tuple(...pathParameters.map((p) => textFor(p.schema))),
    query: fc
      .tuple(fc.tuple(...queryParameters.map(queryValue)), extraQuery)
      .map(([known, extra]) => [...known.filter((entry) => entry !== null), ...extra]),
    body: operation.method === 'GET' ? fc.constant(undefined) : bodyFor(operation.body),
    // Now and then a sub-company header (mostly refused, 403), so most requests still reach validation.
    headers: fc
      .tuple(
        fc.oneof(
          { weight: 7, arbitrary: fc.constant(undefined) },
          {
            weight: 1,
            arbitrary: fc.constantFrom('1', '2', '999999', '0', '-1', 'abc', '1e3', '99999999999999999999999'),
          },
        ),
        fc.constantFrom('tr', 'en', 'az', 'de', 'xx', ''),
      )
      .map(([companyId, language]) => ({
        'x-content-language': language,
        ...(companyId === undefined ? {} : { 'x-company-id': companyId }),
      })),
  });
}

function urlOf(operation: Operation, fuzzCase: FuzzCase): string {
  const pathParameters = operation.parameters.filter((p) => p.in === 'path');
  let url = operation.path;
  pathParameters.forEach((p, i) => {
    url = url.replace(`{${p.name}}`, encodeComponent(fuzzCase.pathValues[i] ?? ''));
  });
  const query = fuzzCase.query.map(([key, value]) => `${encodeComponent(key)}=${encodeComponent(value)}`).join('&');
  return query ? `${url}?${query}` : url;
}

function payloadOf(body: unknown): { payload?: string; contentType?: string } {
  if (body === undefined) return {};
  if (body instanceof RawBody) return { payload: body.raw, contentType: body.contentType };
  return { payload: JSON.stringify(body), contentType: 'application/json' };
}

const clip = (text: string, length = 400) =>
  text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;

describe('schema-driven fuzzing of every operation', () => {
  let test: TestApp;
  let operations: Operation[];
  let leaks: [string, RegExp | string][];

  beforeAll(async () => {
    // FUZZ_LOG=1 shows the server's error log (the cause of a 500) beside the failing requests.
    test = await createTestApp(process.env.FUZZ_LOG ? { LOG_LEVEL: 'error' } : {});
    await test.app.ready();
    operations = operationsOf(test.app.swagger() as unknown as OpenApiDocument);
    leaks = [
      ['a stack trace', /\bat [^\n"]*(?:file:\/\/|node:internal|\.[cm]?[jt]s:\d+:\d+)/],
      [
        'SQL or a database error',
        /Failed query|syntax error at or near|violates [a-z-]+ constraint|invalid input syntax|invalid byte sequence|duplicate key value|relation "[^"]+"|column "[^"]+"|\bselect "/i,
      ],
      ['a password hash', '$argon2'],
      ['the JWT secret', test.config.JWT_SECRET],
      ['the data directory', test.config.DATA_DIR],
      ['a source path', path.resolve(import.meta.dirname, '../../..')],
      ['a dependency path', 'node_modules'],
    ];
  });
  afterAll(() => test?.close());

  it('reads every registered API route in the OpenAPI document, so none escapes the fuzzer', () => {
    const documented = new Set(operations.map((op) => `${op.method} ${op.path}`));
    const registered = test.routes
      .filter((route) => route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}')}`);
    // A wildcard (`*`, the SCORM package's paths) is the parameter `{*}` in the document, as @fastify/swagger names it.
    expect(registered.filter((route) => !documented.has(route))).toEqual([]);
    expect(operations.length).toBeGreaterThan(100);
  });

  // Ten thousand requests: about 2 minutes alone, 4 on a machine busy with the browser tests beside the API tests
  // (npm test runs them side by side); the limit only catches a hang.
  it('answers every generated request without a 5xx or a leak', async () => {
    const world = await createWorld(test);
    const failures: Failure[] = [];
    let requests = 0;
    const statuses = new Map<number, number>();

    for (const operation of operations) {
      for (const caller of ['anonymous', 'companyAdmin', 'superAdmin'] as const) {
        const runs = Math.max(1, Math.round(RUNS[caller] * RUNS_SCALE));
        const cases = fc.sample(caseArbitrary(operation), { seed: seedFor(operation, caller), numRuns: runs });
        for (const [index, fuzzCase] of cases.entries()) {
          await world.ensureSessions();
          const url = urlOf(operation, fuzzCase);
          const { payload, contentType } = payloadOf(fuzzCase.body);
          const onMarketingHost = caller === 'anonymous' && index % 3 === 2;
          const response = await test.app.inject({
            method: operation.method,
            url,
            remoteAddress: FUZZ_IP,
            headers: {
              host: onMarketingHost ? 'localhost' : hostOf(world.company),
              ...fuzzCase.headers,
              ...(contentType ? { 'content-type': contentType } : {}),
              ...(caller === 'anonymous' ? {} : { authorization: `Bearer ${world.tokens[caller]}` }),
            },
            ...(payload !== undefined ? { payload } : {}),
          });
          requests++;
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          if (response.statusCode < 300 && operation.method !== 'GET') world.markChanged();
          const problems = problemsOf(response, leaks);
          if (problems.length > 0) {
            failures.push({
              caller,
              method: operation.method,
              url: clip(url, 300),
              body: clip(payload ?? ''),
              status: response.statusCode,
              response: clip(response.body),
              problems,
            });
          }
        }
      }
    }

    if (failures.length > 0) {
      console.error(
        `Fuzz failures (seed ${SEED}; reproduce with FUZZ_SEED=${SEED} npx vitest run --project api apps/api/test/fuzz.test.ts):\n` +
          failures.map((f) => JSON.stringify(f)).join('\n'),
      );
    }
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
    console.info(
      `fuzz: ${requests} requests over ${operations.length} operations, seed ${SEED}: ${byStatus.join(' ')}`,
    );
    expect(({} as Record<string, unknown>).polluted, 'Object.prototype was polluted').toBeUndefined();
    expect(failures.map((f) => `${f.caller} ${f.method} ${f.url} → ${f.status}: ${f.problems.join(', ')}`)).toEqual([]);
  }, 600_000);
});

/** What is wrong with one answer: a server error, an error outside the one shape, or a leak. */
function problemsOf(response: LightMyRequestResponse, leaks: [string, RegExp | string][]): string[] {
  const problems: string[] = [];
  if (response.statusCode >= 500) problems.push(`server error ${response.statusCode}`);
  if (response.statusCode >= 400 && !hasErrorShape(response)) problems.push('not the {message, errors?} error shape');
  for (const [name, pattern] of leaks) {
    const found = typeof pattern === 'string' ? response.body.includes(pattern) : pattern.test(response.body);
    if (found) problems.push(`leaks ${name}`);
  }
  return problems;
}

function hasErrorShape(response: LightMyRequestResponse): boolean {
  try {
    const body = response.json() as Record<string, unknown>;
    return typeof body.message === 'string' && Object.keys(body).every((key) => key === 'message' || key === 'errors');
  } catch {
    return false;
  }
}

/**
 * The fuzz callers' company and sessions. A fuzzed request may end them (logout, a deleted or passive user or
 * company, a changed role), so after any successful write the sessions are checked and, when one no longer works,
 * a fresh company with fresh admins is built: every request keeps reaching validation and the service.
 */
async function createWorld(test: TestApp) {
  let changed = true;
  const world = {
    company: undefined as unknown as CompanyRow,
    tokens: {} as Record<Exclude<Caller, 'anonymous'>, string>,
    markChanged: () => {
      changed = true;
    },
    async ensureSessions(): Promise<void> {
      if (!changed) return;
      changed = false;
      if (world.company && (await sessionsWork())) return;
      await rebuild();
    },
  };

  async function sessionsWork(): Promise<boolean> {
    for (const token of Object.values(world.tokens)) {
      const response = await test.app.inject({
        method: 'GET',
        url: '/api/user',
        headers: { host: hostOf(world.company), authorization: `Bearer ${token}` },
      });
      if (response.statusCode !== 200) return false;
    }
    return true;
  }

  async function rebuild(): Promise<void> {
    const company = await test.factories.createCompany();
    const superAdmin = await test.factories.createSuperAdmin(company);
    const companyAdmin = await test.factories.createAdmin(company);
    await test.factories.createUser(company);
    await test.factories.createUserGroup(company);
    world.company = company;
    world.tokens = {
      superAdmin: (await login(test.app, company, superAdmin.email!)).access_token,
      companyAdmin: (await login(test.app, company, companyAdmin.email!)).access_token,
    };
  }

  await world.ensureSessions();
  return world;
}
