import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CompanyRow } from '../../../../test/factories.js';
import { companyCaller, createTestApp, login, type TestApp } from '../../../../test/helpers.js';
import { jobs } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';

describe('job progress and dead letters over HTTP', () => {
  let test: TestApp;
  let company: CompanyRow;
  let otherCompany: CompanyRow;
  let owner: { id: number; token: string };
  let colleague: string;
  let stranger: string;
  let admin: string;
  let superAdmin: { id: number; token: string };
  let failuresLeft = 0;
  const as = companyCaller(() => ({ app: test.app, company }));

  const stateOf = async (id: number) => {
    const [row] = await asSystem(test.db, (tx) => tx.select().from(jobs).where(eq(jobs.id, id)));
    return row?.state;
  };

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    otherCompany = await test.factories.createCompany();
    const signIn = async (make: Promise<{ id: number; email: string | null }>, at = company) => {
      const user = await make;
      return { id: user.id, token: (await login(test.app, at, user.email ?? '')).access_token };
    };
    owner = await signIn(test.factories.createUser(company));
    colleague = (await signIn(test.factories.createUser(company))).token;
    stranger = (await signIn(test.factories.createUser(otherCompany), otherCompany)).token;
    admin = (await signIn(test.factories.createAdmin(company))).token;
    superAdmin = await signIn(test.factories.createSuperAdmin(company));
    test.platform.jobs.register({
      name: 'test.count',
      schema: z.object({ items: z.number() }),
      handle: async ({ items }, job) => {
        if (failuresLeft > 0) {
          failuresLeft--;
          throw new Error('the mail server refused');
        }
        await job.progress(items, items);
        return { counted: items };
      },
    });
  });
  afterAll(() => test.close());

  const enqueueOwned = (options: { maxAttempts?: number } = {}) =>
    test.platform.jobs.enqueue(
      test.db,
      'test.count',
      { items: 4 },
      { owner: { companyId: company.id, userId: owner.id }, ...options },
    );

  it('answers the owner the state, progress and result of their job', async () => {
    const id = await enqueueOwned();
    await test.settle();
    const response = await as(owner.token, 'GET', `/api/jobs/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id,
      name: 'test.count',
      state: 'done',
      progress: { done: 4, total: 4 },
      result: { counted: 4 },
      attempts: 1,
    });
    expect(response.json().data.finished_at).toEqual(expect.any(String));
  });

  it('answers 401 without a session, 404 to anyone but the owner, 422 for an id that is no id', async () => {
    const id = await enqueueOwned();
    await test.settle();
    expect((await as(undefined, 'GET', `/api/jobs/${id}`)).statusCode).toBe(401);
    expect((await as(colleague, 'GET', `/api/jobs/${id}`)).statusCode).toBe(404);
    expect((await as(admin, 'GET', `/api/jobs/${id}`)).statusCode).toBe(404);
    const otherHost = companyCaller(() => ({ app: test.app, company: otherCompany }));
    expect((await otherHost(stranger, 'GET', `/api/jobs/${id}`)).statusCode).toBe(404);
    const unowned = await test.platform.jobs.enqueue(test.db, 'test.count', { items: 1 });
    expect((await as(owner.token, 'GET', `/api/jobs/${unowned}`)).statusCode).toBe(404);
    const bad = await as(owner.token, 'GET', '/api/jobs/abc', { lang: 'en' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.id).toBeDefined();
    expect((await as(owner.token, 'GET', '/api/jobs/99999999999')).statusCode).toBe(422);
    await test.settle();
  });

  it('lists jobs to super admins only, newest first and filtered by state', async () => {
    failuresLeft = 1;
    const failed = await enqueueOwned({ maxAttempts: 1 });
    await test.settle();
    expect(await stateOf(failed)).toBe('failed');
    expect((await as(undefined, 'GET', '/api/admin/jobs')).statusCode).toBe(401);
    expect((await as(admin, 'GET', '/api/admin/jobs')).statusCode).toBe(403);
    expect((await as(owner.token, 'GET', '/api/admin/jobs')).statusCode).toBe(403);
    const all = await as(superAdmin.token, 'GET', '/api/admin/jobs', { query: { per_page: '2' } });
    expect(all.statusCode).toBe(200);
    expect(all.json().meta).toMatchObject({ page: 1, per_page: 2 });
    expect(all.json().meta.total).toBeGreaterThanOrEqual(4);
    expect(all.json().data[0].id).toBe(failed);
    const dead = await as(superAdmin.token, 'GET', '/api/admin/jobs', { query: { state: 'failed' } });
    expect(dead.json().data).toEqual([
      expect.objectContaining({
        id: failed,
        name: 'test.count',
        state: 'failed',
        attempts: 1,
        max_attempts: 1,
        last_error: 'the mail server refused',
        company: { id: company.id, name: company.name },
      }),
    ]);
    // A bad filter is no filter, as on every admin list.
    const lenient = await as(superAdmin.token, 'GET', '/api/admin/jobs', { query: { state: 'lost', page: 'x' } });
    expect(lenient.statusCode).toBe(200);
    expect(lenient.json().meta.total).toBe(all.json().meta.total);
  });

  it('lets a super admin run a dead letter again, audited; refuses anything but a failed job', async () => {
    failuresLeft = 1;
    const failed = await enqueueOwned({ maxAttempts: 1 });
    await test.settle();
    expect((await as(undefined, 'POST', `/api/admin/jobs/${failed}/retry`)).statusCode).toBe(401);
    expect((await as(admin, 'POST', `/api/admin/jobs/${failed}/retry`)).statusCode).toBe(403);
    expect((await as(superAdmin.token, 'POST', '/api/admin/jobs/abc/retry')).statusCode).toBe(422);
    expect((await as(superAdmin.token, 'POST', '/api/admin/jobs/2147483000/retry')).statusCode).toBe(404);
    expect(await stateOf(failed)).toBe('failed');

    const retried = await as(superAdmin.token, 'POST', `/api/admin/jobs/${failed}/retry`, { lang: 'en' });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().message).toBe('The job is queued again.');
    await test.settle();
    expect(await stateOf(failed)).toBe('done');
    const [audit] = await test.factories.auditOf('job', failed);
    expect(audit).toMatchObject({ action: 'job.retried', actorUserId: superAdmin.id, companyId: company.id });

    const again = await as(superAdmin.token, 'POST', `/api/admin/jobs/${failed}/retry`, { lang: 'en' });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('Only a failed job can be run again.');
    expect(await test.factories.auditOf('job', failed)).toHaveLength(1);
  });
});
