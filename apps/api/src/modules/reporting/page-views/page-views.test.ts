import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import { call, createTestApp, hostOf, login, type TestApp } from '../../../../test/helpers.js';
import { pageViews } from '../../../db/schema/index.js';
import { asSystem, inTenant } from '../../../db/scope.js';

describe('POST api/page-views', () => {
  let test: TestApp;
  let company: CompanyRow;
  let child: CompanyRow;
  let user: UserRow;
  let token: string;

  /** bearer null sends no session at all. */
  const track = (body: unknown, bearer: string | null = token, headers: Record<string, string> = {}) =>
    call(test.app, 'POST', '/api/page-views', { host: hostOf(company), token: bearer ?? undefined, body, headers });
  const rowsOf = (companyId: number) =>
    asSystem(test.db, (tx) =>
      tx.select().from(pageViews).where(eq(pageViews.companyId, companyId)).orderBy(asc(pageViews.id)),
    );

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany({ isGroupAlias: true, canSwitchCompany: true });
    child = await test.factories.createCompany({ parentId: company.id });
    user = await test.factories.createUser(company);
    token = (await login(test.app, company, user.email!)).access_token;
  });
  afterAll(() => test.close());

  it('needs a session', async () => {
    expect((await track({ path: '/dashboard' }, null)).statusCode).toBe(401);
    expect(await rowsOf(company.id)).toHaveLength(0);
  });

  it('refuses a bad path with localized field errors and stores nothing', async () => {
    const relative = await track({ path: 'dashboard', route_name: '' });
    expect(relative.statusCode).toBe(422);
    expect(relative.json().errors).toEqual({
      path: ['Bu alanın biçimi geçersiz.'],
      route_name: ['Bu alan zorunludur.'],
    });
    expect((await track({})).json().errors).toEqual({ path: ['Bu alan zorunludur.'] });
    expect((await track({ path: `/${'x'.repeat(2000)}` })).statusCode).toBe(422);
    expect((await track({ path: '/dashboard', route_name: 'x'.repeat(201) })).statusCode).toBe(422);
    expect(await rowsOf(company.id)).toHaveLength(0);
  });

  it('records each navigation of the person in the company they act in', async () => {
    const first = await track({ path: '/dashboard', route_name: 'dashboard' });
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe('');
    expect((await track({ path: '/notification?page=2' })).statusCode).toBe(204);
    const rows = await rowsOf(company.id);
    expect(rows.map((r) => [r.userId, r.path, r.routeName])).toEqual([
      [user.id, '/dashboard', 'dashboard'],
      [user.id, '/notification?page=2', null],
    ]);
    expect(rows[0]?.createdAt).toBeInstanceOf(Date);

    const switched = await track({ path: '/my-assignment', route_name: 'user.my-assignment' }, token, {
      'x-company-id': String(child.id),
    });
    expect(switched.statusCode).toBe(204);
    expect((await rowsOf(child.id)).map((r) => r.path)).toEqual(['/my-assignment']);
  });

  it('keeps the rows of one company out of every other', async () => {
    const other = await test.factories.createCompany();
    const outsider = await test.factories.createUser(other);
    const outsiderToken = (await login(test.app, other, outsider.email!)).access_token;
    const crossing = await call(test.app, 'POST', '/api/page-views', {
      host: hostOf(company),
      token: outsiderToken,
      body: { path: '/dashboard' },
    });
    expect(crossing.statusCode).toBe(401);
    const seenFromOther = await inTenant(test.db, other.id, (tx) => tx.select().from(pageViews));
    expect(seenFromOther).toEqual([]);
  });
});
