import { defineContract, readWrite, resourceListQuerySchema } from '@kampus/shared';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CompanyRow, UserRow } from '../../../test/factories.js';
import { call, createTestApp, hostOf, login, type TestApp } from '../../../test/helpers.js';
import type { Db } from '../../db/client.js';
import { companies, hashtags, users } from '../../db/schema/index.js';
import { asSystem } from '../../db/scope.js';
import { neutralise } from './export.js';
import { columnValues, defineResource, foldCase } from './resource.js';
import { registerResource } from './routes.js';

const probeSchema = z.object({ id: z.number(), name: z.string() });
const probeWriteSchema = z.object({ name: z.string().trim().min(1).max(50) });

/**
 * The smallest declaration there is, over the users table. Its hooks filter by nothing and audit nothing: the
 * framework must still keep every company apart and write the audit trail.
 */
function probeResource(test: TestApp) {
  const contract = defineContract({
    plural: 'probe-people',
    namespace: 'users',
    permissions: {
      list: 'show_hashtag',
      read: 'show_hashtag',
      create: 'create_hashtag',
      update: 'create_hashtag',
      delete: 'create_hashtag',
    },
    schemas: {
      item: probeSchema,
      create: probeWriteSchema,
      update: probeWriteSchema,
      listQuery: resourceListQuerySchema,
    },
    list: { sorts: ['name'], filters: [] },
    screens: {},
  });
  return defineResource(test.db, {
    contract,
    entity: 'probe',
    table: users,
    sortable: { name: users.name },
    defaultOrder: [desc(users.id)],
    search: [users.name],
    present: (tx, _companyId, ids) =>
      tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)),
    create: async (tx, actor, input) => {
      const [row] = await tx
        .insert(users)
        .values({ companyId: actor.companyId, name: input.name, surname: '-' })
        .returning({ id: users.id });
      return row!.id;
    },
    update: async (tx, _actor, before, input) => {
      await tx.update(users).set({ name: input.name }).where(eq(users.id, before.id));
    },
    export: {
      fileName: 'users.export_file',
      columns: [{ header: 'users.columns.name', value: (p) => p.name }],
    },
  });
}

describe('the resource framework', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let mine: UserRow;
  let theirs: UserRow;
  let adminToken: string;
  let learnerToken: string;
  let resource: ReturnType<typeof probeResource>;

  beforeAll(async () => {
    test = await createTestApp();
    resource = probeResource(test);
    // Before the first request: Fastify takes no routes once it is ready.
    registerResource(test.app, resource);
    company = await test.factories.createCompany();
    other = await test.factories.createCompany();
    mine = await test.factories.createUser(company, { name: 'Mine' });
    theirs = await test.factories.createUser(other, { name: 'Theirs' });
    adminToken = (await login(test.app, company, (await test.factories.createAdmin(company)).email!)).access_token;
    learnerToken = (await login(test.app, company, mine.email!)).access_token;
  });
  afterAll(() => test.close());

  const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    call(test.app, method, url, { host: hostOf(company), token, body });
  const auditOf = (id: number) => test.factories.auditOf('probe', id);

  it('puts the company into every list query, whatever the declaration says', () => {
    const query = new PgDialect({ casing: 'snake_case' }).sqlToQuery(
      resource.listWhere(company.id, resourceListQuerySchema.parse({ search: 'x' })),
    );
    expect(query.sql).toMatch(/^\("users"\."company_id" = \$1 and/);
    expect(query.params[0]).toBe(company.id);
    const bare = new PgDialect({ casing: 'snake_case' }).sqlToQuery(
      resource.listWhere(other.id, resourceListQuerySchema.parse({})),
    );
    expect(bare.sql).toContain('"users"."company_id" = $1');
    expect(bare.params).toEqual([other.id]);
  });

  it('registers every route with its declared permission', async () => {
    const probe = test.routes.filter((r) => r.url.startsWith('/api/admin/probe-people'));
    expect(
      probe
        .filter((r) => r.method !== 'HEAD')
        .map((r) => `${r.method} ${r.url} ${JSON.stringify(r.access)}`)
        .sort(),
    ).toEqual(
      [
        'DELETE /api/admin/probe-people/:id {"permission":"create_hashtag"}',
        'GET /api/admin/probe-people {"permission":"show_hashtag"}',
        'GET /api/admin/probe-people/:id {"permission":"show_hashtag"}',
        'POST /api/admin/probe-people/export {"permission":"show_hashtag"}',
        'POST /api/admin/probe-people {"permission":"create_hashtag"}',
        'POST /api/admin/probe-people/:id {"permission":"create_hashtag"}',
        'POST /api/admin/probe-people/bulk {"permission":"create_hashtag"}',
        'PUT /api/admin/probe-people/:id {"permission":"create_hashtag"}',
      ].sort(),
    );
    expect((await as(learnerToken, 'GET', '/api/admin/probe-people')).statusCode).toBe(403);
  });

  it("lists only the company's rows and answers 404 for another company's id on every action", async () => {
    const list = await as(adminToken, 'GET', '/api/admin/probe-people?per_page=100');
    const names = list.json().data.map((p: { name: string }) => p.name);
    expect(names).toContain('Mine');
    expect(names).not.toContain('Theirs');
    expect(list.json().meta.total).toBe(names.length);
    // The total rides on each row of a page (a window count); a page past the end has none and still tells it.
    const firstPage = await as(adminToken, 'GET', '/api/admin/probe-people?per_page=1');
    expect(firstPage.json().data).toHaveLength(1);
    expect(firstPage.json().meta.total).toBe(names.length);
    const pastTheEnd = await as(adminToken, 'GET', `/api/admin/probe-people?per_page=1&page=${names.length + 5}`);
    expect(pastTheEnd.json()).toMatchObject({ data: [], meta: { total: names.length } });
    for (const [method, body] of [
      ['GET'],
      ['PUT', { name: 'Hacked' }],
      ['POST', { name: 'Hacked' }],
      ['DELETE'],
    ] as const) {
      expect((await as(adminToken, method, `/api/admin/probe-people/${theirs.id}`, body)).statusCode).toBe(404);
    }
    expect(
      (await as(adminToken, 'POST', '/api/admin/probe-people/bulk', { action: 'delete', ids: [theirs.id] })).statusCode,
    ).toBe(404);
    const [row] = await asSystem(test.db, (tx) => tx.select().from(users).where(eq(users.id, theirs.id)));
    expect(row?.name).toBe('Theirs');
    expect(await auditOf(theirs.id)).toEqual([]);
  });

  it('audits create, update and delete without the declaration asking', async () => {
    const created = await as(adminToken, 'POST', '/api/admin/probe-people', { name: 'Probe' });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect((await as(adminToken, 'PUT', `/api/admin/probe-people/${id}`, { name: 'Probe 2' })).json()).toEqual({
      data: { id, name: 'Probe 2' },
    });
    expect((await as(adminToken, 'PUT', `/api/admin/probe-people/${id}`, { name: '' })).statusCode).toBe(422);
    expect((await as(adminToken, 'DELETE', `/api/admin/probe-people/${id}`)).statusCode).toBe(200);
    const trail = (await auditOf(id)).reverse();
    expect(trail.map((e) => [e.action, e.before, e.after])).toEqual([
      ['probe.created', null, { id, name: 'Probe' }],
      ['probe.updated', { id, name: 'Probe' }, { id, name: 'Probe 2' }],
      ['probe.deleted', { id, name: 'Probe 2' }, null],
    ]);
    expect(trail.every((e) => e.companyId === company.id && e.actorUserId !== null && e.requestId)).toBe(true);
  });

  it('describes the generated routes in the OpenAPI document', async () => {
    const response = await call(test.app, 'GET', '/api/docs/json');
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(['/api/admin/users', '/api/admin/users/{id}', '/api/admin/users/export']),
    );
    expect(paths['/api/admin/users'].get.tags).toEqual(['admin', 'users']);
  });

  it('refuses a bulk status change when the resource declares no status', async () => {
    const response = await as(adminToken, 'POST', '/api/admin/probe-people/bulk', {
      action: 'status',
      ids: [mine.id],
      status: 0,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('action');
  });

  it('folds Turkish, Azerbaijani and German capitals and neutralises formula cells', () => {
    expect(foldCase('ŞEYMA İLKER IRMAK ÇAĞRI ƏLİ ÄRGER')).toBe('şeyma ilker irmak çağri əli ärger');
    expect(foldCase('ırmak')).toBe('irmak');
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1', 'ok', 5, null].map(neutralise)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\t=1",
      "'\r=1",
      'ok',
      5,
      null,
    ]);
  });
});

describe('the column map of a declaration', () => {
  const contract = defineContract({
    plural: 'probe-tags',
    namespace: 'hashtags',
    permissions: readWrite('show_hashtag', 'create_hashtag'),
    schemas: {
      item: z.object({ id: z.number(), name: z.string(), status: z.number() }),
      create: z.object({ name: z.string() }),
      update: z.object({ name: z.string() }),
      listQuery: resourceListQuerySchema,
    },
    list: { sorts: ['name'], filters: [] },
    screens: {},
  });
  const declaration = {
    contract,
    entity: 'probe',
    table: hashtags,
    defaultOrder: [desc(hashtags.id)],
    search: [hashtags.name],
    export: { fileName: 'hashtags.export_file', columns: [] },
  };
  // Nothing reaches the database while a resource is defined.
  const noDatabase = {} as Db;

  it('writes the fields sent that have a column, by the column’s property, nulls included', () => {
    const columns = { name: hashtags.name, status: hashtags.status, created_at: hashtags.createdAt };
    expect(columnValues(columns, hashtags, { name: 'a', status: undefined, created_at: 'x', other: 1, id: 9 })).toEqual(
      { name: 'a' },
    );
    expect(columnValues(columns, hashtags, { status: null })).toEqual({ status: null });
    expect(() => columnValues({ name: users.name }, hashtags, { name: 'a' })).toThrow(/not a column/);
  });

  it('refuses a declaration that can neither present its items nor sort by a contract field', () => {
    expect(() => defineResource(noDatabase, { ...declaration, columns: { name: hashtags.name } })).toThrow(
      /present the items or give every field a column \(status\)/,
    );
    expect(() =>
      defineResource(noDatabase, { ...declaration, columns: { status: hashtags.status }, present: async () => [] }),
    ).toThrow(/no column to sort by name/);
    expect(() =>
      defineResource(noDatabase, { ...declaration, columns: { name: hashtags.name, status: hashtags.status } }),
    ).not.toThrow();
  });

  it('wants an export exactly when the contract offers one, and a presenter for shared rows', () => {
    const columns = { name: hashtags.name, status: hashtags.status };
    const { export: _export, ...withoutExport } = declaration;
    expect(() => defineResource(noDatabase, { ...withoutExport, columns })).toThrow(/declare the export/);
    const noExport = { ...contract, without: ['export'] as const };
    expect(() => defineResource(noDatabase, { ...declaration, contract: noExport, columns })).toThrow(
      /declare the export/,
    );
    expect(() => defineResource(noDatabase, { ...withoutExport, contract: noExport, columns })).not.toThrow();
    const shared = { rows: () => undefined, readOnly: 'roles.built_in_read_only' };
    expect(() => defineResource(noDatabase, { ...declaration, columns, shared })).toThrow(/presents its items/);
  });
});

/**
 * A platform-scoped declaration over the company registry whose rows are the acting company's sub-companies: the
 * framework must apply the scope's row filter in every query and audit each change in the company the scope names.
 */
function childCompaniesResource(test: TestApp) {
  const contract = defineContract({
    plural: 'probe-children',
    namespace: 'companies',
    permissions: readWrite('show_hashtag', 'create_hashtag'),
    schemas: {
      item: probeSchema,
      create: probeWriteSchema,
      update: probeWriteSchema,
      listQuery: resourceListQuerySchema,
    },
    list: { sorts: ['name'], filters: [] },
    screens: {},
  });
  let n = 0;
  return defineResource(test.db, {
    contract,
    entity: 'probe_child',
    table: companies,
    scope: {
      rows: (companyId) => eq(companies.parentId, companyId),
      // A deleted company's own trail is gone with it: its deletion is recorded in the acting company.
      auditCompany: (item, action) => (action === 'deleted' ? undefined : item.id),
    },
    columns: { name: companies.name },
    defaultOrder: [asc(companies.name)],
    search: [companies.name],
    create: async (tx, actor, input) => {
      const [row] = await tx
        .insert(companies)
        .values({ name: input.name, slug: `probe-child-${++n}`, parentId: actor.companyId })
        .returning({ id: companies.id });
      return row!.id;
    },
    export: {
      fileName: 'companies.export_file',
      columns: [{ header: 'companies.fields.name', value: (c) => c.name }],
    },
  });
}

describe('a platform-scoped resource', () => {
  let test: TestApp;
  let parent: CompanyRow;
  let child: CompanyRow;
  let stranger: CompanyRow;
  let adminToken: string;
  let resource: ReturnType<typeof childCompaniesResource>;

  beforeAll(async () => {
    test = await createTestApp();
    resource = childCompaniesResource(test);
    registerResource(test.app, resource);
    parent = await test.factories.createCompany({ name: 'Ana' });
    child = await test.factories.createCompany({ name: 'Çocuk', parentId: parent.id });
    stranger = await test.factories.createCompany({ name: 'Yabancı' });
    adminToken = (await login(test.app, parent, (await test.factories.createAdmin(parent)).email!)).access_token;
  });
  afterAll(() => test.close());

  const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    call(test.app, method, url, { host: hostOf(parent), token: adminToken, body });
  const nameOf = async (id: number) =>
    (await asSystem(test.db, (tx) => tx.select().from(companies).where(eq(companies.id, id))))[0]?.name;

  it('puts the scope’s row filter into every list query', () => {
    const query = new PgDialect({ casing: 'snake_case' }).sqlToQuery(
      resource.listWhere(parent.id, resourceListQuerySchema.parse({})),
    );
    expect(query.sql).toBe('"companies"."parent_id" = $1');
    expect(query.params).toEqual([parent.id]);
  });

  it('lists only the rows the scope gives, and answers 404 for any other on every action', async () => {
    const list = await as('GET', '/api/admin/probe-children');
    expect(list.json()).toEqual({ data: [{ id: child.id, name: 'Çocuk' }], meta: { page: 1, per_page: 20, total: 1 } });
    for (const [method, body] of [['GET'], ['PUT', { name: 'X' }], ['POST', { name: 'X' }], ['DELETE']] as const) {
      for (const id of [stranger.id, parent.id]) {
        expect((await as(method, `/api/admin/probe-children/${id}`, body)).statusCode, `${method} ${id}`).toBe(404);
      }
    }
    const bulk = await as('POST', '/api/admin/probe-children/bulk', { action: 'delete', ids: [child.id, stranger.id] });
    expect(bulk.statusCode).toBe(404);
    expect([await nameOf(child.id), await nameOf(stranger.id)]).toEqual(['Çocuk', 'Yabancı']);
  });

  it('creates, updates and deletes within the scope, audited in the company the scope names', async () => {
    const created = await as('POST', '/api/admin/probe-children', { name: 'Yeni' });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    expect((await as('PUT', `/api/admin/probe-children/${id}`, { name: 'Yeni 2' })).json().data).toEqual({
      id,
      name: 'Yeni 2',
    });
    const trail = (await test.factories.auditOf('probe_child', id)).reverse();
    expect(trail.map((e) => [e.action, e.companyId])).toEqual([
      ['probe_child.created', id],
      ['probe_child.updated', id],
    ]);
    expect((await as('DELETE', `/api/admin/probe-children/${id}`)).statusCode).toBe(200);
    expect(await nameOf(id)).toBeUndefined();
    const [deleted] = await test.factories.auditOf('probe_child', id);
    expect(deleted).toMatchObject({ action: 'probe_child.deleted', companyId: parent.id });
  });
});
