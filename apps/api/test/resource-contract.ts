import type { OptionalResourceAction, ResourceAccess } from '@kampus/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from './factories.js';
import { companyCaller, companyExporter, createTestApp, login, resourceRoutes, type TestApp } from './helpers.js';
import { tokenWithPermissions } from './permissions.js';

export interface ResourceContract {
  /** `/api/admin/{plural}`. */
  plural: string;
  /** The audit entity (`{entity}.created`, …). */
  entity: string;
  /**
   * The permission of reads and the one of changes (the same one when a single permission guards both), or
   * `super_admin` for a platform resource (the company registry): its admin is then a super admin, a company admin
   * holding every permission is refused, and what it may not see is an id outside the platform's rows (a deleted one).
   */
  permissions: { read: ResourceAccess; write: ResourceAccess };
  /**
   * A valid create body; `n` makes each one unique where the resource wants unique names. `company` is the one the
   * body is sent to (a body naming the company's own records, made in `prepare`).
   */
  create: (n: number, company: CompanyRow) => Record<string, unknown>;
  /** A valid update body. */
  update: Record<string, unknown>;
  /** A create body the shared schema refuses, and a field its error must name. */
  invalid: { body: Record<string, unknown>; field: string };
  /** Whether the resource has the bulk status action (the shared 0/1 status). Default true. */
  bulkStatus?: boolean;
  /** The generated actions its contract goes without (`rolesContract.without`): each must then not exist. */
  without?: readonly OptionalResourceAction[];
  /** What each of the two companies needs before `create` bodies are valid (an exam needs bank questions). */
  prepare?: (test: TestApp, company: CompanyRow) => Promise<void>;
}

/**
 * The generated part of a framework resource's tests: what every `/api/admin/{plural}` must answer — 401 without a
 * session, 403 without the permission (and for changes with the read permission only), 404 and no change for another
 * company's record (a platform resource: a record that is gone) on every action and in a bulk, 422 with the field's localized message and nothing created for bad
 * input, audited create / update / delete, bulk delete, and both export formats. A resource's own test file keeps
 * only what is its own (search, rules, uniqueness, presenters).
 */
export function describeResourceContract(contract: ResourceContract): void {
  const base = `/api/admin/${contract.plural}`;
  const { read, write } = contract.permissions;
  const platform = read === 'super_admin';
  const without = contract.without ?? [];

  describe(`the ${contract.plural} resource contract`, () => {
    let test: TestApp;
    let company: CompanyRow;
    let other: CompanyRow;
    let adminToken: string;
    let otherAdminToken: string;
    let learnerToken: string;
    let readerToken: string;
    let n = 0;

    beforeAll(async () => {
      test = await createTestApp();
      company = await test.factories.createCompany();
      other = await test.factories.createCompany();
      await contract.prepare?.(test, company);
      await contract.prepare?.(test, other);
      const admin = platform
        ? await test.factories.createSuperAdmin(company)
        : await test.factories.createAdmin(company);
      adminToken = (await login(test.app, company, admin.email ?? '')).access_token;
      otherAdminToken = (await login(test.app, other, (await test.factories.createAdmin(other)).email ?? ''))
        .access_token;
      learnerToken = (await login(test.app, company, (await test.factories.createUser(company)).email ?? ''))
        .access_token;
      readerToken =
        read === 'super_admin'
          ? (await login(test.app, company, (await test.factories.createAdmin(company)).email ?? '')).access_token
          : await tokenWithPermissions(test, company, [read]);
    });
    afterAll(() => test.close());
    const exportAs = companyExporter(() => ({ test, company }));

    const as = companyCaller(() => ({ app: test.app, company }));
    const asOther = companyCaller(() => ({ app: test.app, company: other }));

    /** A new record through the API, as the company's own admin. */
    async function created(caller = as, token = adminToken): Promise<{ id: number } & Record<string, unknown>> {
      const response = await caller(token, 'POST', base, {
        body: contract.create(++n, caller === asOther ? other : company),
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data;
    }
    const detail = (id: number, caller = as, token = adminToken) => caller(token, 'GET', `${base}/${id}`);
    const routes = (id: number) =>
      resourceRoutes(contract.plural, id, { create: contract.create(++n, company), update: contract.update }, without);
    const total = async () => (await as(adminToken, 'GET', base)).json().meta.total as number;

    it('answers 401 without a session and 403 without the permission, on every action, changing nothing', async () => {
      const item = await created();
      for (const [method, url, body] of routes(item.id).all) {
        expect((await as(undefined, method, url, { body })).statusCode, `${method} ${url}`).toBe(401);
        expect((await as(learnerToken, method, url, { body })).statusCode, `${method} ${url}`).toBe(403);
      }
      expect((await detail(item.id)).json().data).toEqual(item);
    });

    if (platform) {
      it('refuses a company admin every action, changing nothing', async () => {
        const item = await created();
        for (const [method, url, body] of routes(item.id).all) {
          expect((await as(readerToken, method, url, { body })).statusCode, `${method} ${url}`).toBe(403);
        }
        expect((await detail(item.id)).json().data).toEqual(item);
      });
    } else {
      it(`lets ${read} read${read === write ? ' and change' : ` and only ${write} change`}`, async () => {
        const item = await created();
        for (const [method, url] of routes(item.id).reads) {
          // A read answers 200, the export 202 with its job.
          expect((await as(readerToken, method, url)).statusCode, `${method} ${url}`).toBe(
            url.endsWith('/export') ? 202 : 200,
          );
        }
        if (read === write) return;
        for (const [method, url, body] of routes(item.id).writes) {
          expect((await as(readerToken, method, url, { body })).statusCode, `${method} ${url}`).toBe(403);
        }
        expect((await detail(item.id)).json().data).toEqual(item);
      });
    }

    it(`answers 404 for ${platform ? 'a record that is gone' : "another company's record"} on every action and in a bulk, and changes nothing`, async () => {
      const foreign = platform ? await created() : await created(asOther, otherAdminToken);
      if (platform) expect((await as(adminToken, 'DELETE', `${base}/${foreign.id}`)).statusCode).toBe(200);
      const mine = await created();
      for (const [method, url, body] of routes(foreign.id).all.filter(([, url]) => url.includes(`/${foreign.id}`))) {
        expect((await as(adminToken, method, url, { body })).statusCode, `${method} ${url}`).toBe(404);
      }
      if (!without.includes('bulk')) {
        const bulk = await as(adminToken, 'POST', `${base}/bulk`, {
          body: { action: 'delete', ids: [mine.id, foreign.id] },
        });
        expect(bulk.statusCode).toBe(404);
      }
      expect((await detail(mine.id)).statusCode).toBe(200);
      if (!platform) expect((await detail(foreign.id, asOther, otherAdminToken)).json().data).toEqual(foreign);
    });

    it('refuses bad input with 422 and the field’s message in the request language, creating nothing', async () => {
      const before = await total();
      for (const lang of ['tr', 'en']) {
        const response = await as(adminToken, 'POST', base, { body: contract.invalid.body, lang });
        expect(response.statusCode).toBe(422);
        expect(response.json().errors?.[contract.invalid.field]?.[0], lang).toEqual(expect.any(String));
      }
      expect(await total()).toBe(before);
    });

    it('audits what it creates, updates and deletes, with the acting admin', async () => {
      const item = await created();
      const actions = async () =>
        (await test.factories.auditOf(contract.entity, item.id)).map((row) => row.action).reverse();
      expect((await as(adminToken, 'PUT', `${base}/${item.id}`, { body: contract.update })).statusCode).toBe(200);
      const changes = [`${contract.entity}.created`, `${contract.entity}.updated`];
      expect(await actions()).toEqual(changes);
      expect((await as(adminToken, 'DELETE', `${base}/${item.id}`)).statusCode).toBeLessThan(300);
      expect((await detail(item.id)).statusCode).toBe(404);
      // A company's own trail goes with it; its deletion is recorded in the acting company's.
      expect(await actions()).toEqual([...(platform ? [] : changes), `${contract.entity}.deleted`]);
    });

    // An action the contract goes without has no route: its address falls to `POST …/{id}` and is refused there.
    it.runIf(without.length > 0)(`offers no ${without.join(' and no ')}`, async () => {
      const item = await created();
      const calls: [string, unknown][] = [];
      if (without.includes('bulk')) calls.push([`${base}/bulk`, { action: 'delete', ids: [item.id] }]);
      if (without.includes('export')) calls.push([`${base}/export`, undefined]);
      const registered = test.routes.map((route) => `${route.method} ${route.url}`);
      for (const [url, body] of calls) {
        expect(registered).not.toContain(`POST ${url}`);
        const response = await as(adminToken, 'POST', url, { body, query: { format: 'csv' } });
        expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, url).toBeLessThan(500);
      }
      expect((await detail(item.id)).json().data).toEqual(item);
    });

    it.runIf(!without.includes('bulk'))('deletes in bulk, and sets status in bulk where it has one', async () => {
      const [a, b] = [await created(), await created()];
      if (contract.bulkStatus !== false) {
        const status = await as(adminToken, 'POST', `${base}/bulk`, {
          body: { action: 'status', ids: [a.id], status: 0 },
        });
        expect(status.statusCode, status.body).toBe(200);
        expect((await detail(a.id)).json().data.status).toBe(0);
      }
      const removed = await as(adminToken, 'POST', `${base}/bulk`, { body: { action: 'delete', ids: [a.id, b.id] } });
      expect(removed.statusCode, removed.body).toBe(200);
      expect((await detail(a.id)).statusCode).toBe(404);
      expect((await detail(b.id)).statusCode).toBe(404);
    });

    it.runIf(!without.includes('export'))('exports the list as xlsx and csv', async () => {
      await created();
      const xlsx = await exportAs(adminToken, `${base}/export`, { query: { format: 'xlsx' } });
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.headers['content-type']).toContain('spreadsheetml');
      expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
      const csv = await exportAs(adminToken, `${base}/export`, { query: { format: 'csv' } });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.body.split('\n').filter((line) => line.trim()).length).toBeGreaterThanOrEqual(2);
    });
  });
}
