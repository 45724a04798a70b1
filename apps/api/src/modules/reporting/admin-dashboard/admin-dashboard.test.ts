import type { AdminDashboard } from '@kampus/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import { call, createTestApp, hostOf, login, type TestApp } from '../../../../test/helpers.js';
import { auditLogs, USER_STATUS } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';

const DAY = 86_400_000;

describe('admin dashboard', () => {
  let test: TestApp;
  let company: CompanyRow;
  let child: CompanyRow;
  let other: CompanyRow;
  let platform: CompanyRow;
  let admin: UserRow;
  let learner: UserRow;
  /** Every person of `company`, in the order they were created. */
  const people: UserRow[] = [];

  const dashboard = (company: CompanyRow, token?: string, headers?: Record<string, string>) =>
    call(test.app, 'GET', '/api/admin/dashboard', { host: hostOf(company), token, headers });
  const figuresOf = (body: { data: AdminDashboard }) =>
    Object.fromEntries(body.data.groups.flatMap((g) => g.figures.map((f) => [`${g.key}.${f.key}`, f.value])));

  beforeAll(async () => {
    test = await createTestApp();
    const f = test.factories;
    company = await f.createCompany({ name: 'Figür Holding', isGroupAlias: true, canSwitchCompany: true });
    child = await f.createCompany({ name: 'Figür Perakende', parentId: company.id });
    other = await f.createCompany({ name: 'Komşu A.Ş.' });
    platform = await f.createCompany({ name: 'Platform' });

    admin = await f.createAdmin(company);
    learner = await f.createUser(company);
    people.push(admin, learner);
    for (let i = 0; i < 6; i++) people.push(await f.createUser(company));
    people.push(await f.createUser(company, { status: USER_STATUS.passive }));
    people.push(await f.createUser(company, { status: USER_STATUS.passive }));
    people.push(await f.createUser(company, { status: USER_STATUS.pendingApproval }));
    await f.createUser(child);
    await f.createUser(child, { status: USER_STATUS.passive });
    for (let i = 0; i < 3; i++) await f.createUser(other);
  });
  afterAll(() => test.close());

  it('answers 401 without a session and 403 to a learner', async () => {
    expect((await dashboard(company)).statusCode).toBe(401);
    const learnerToken = (await login(test.app, company, learner.email!)).access_token;
    const refused = await dashboard(company, learnerToken, { 'x-content-language': 'en' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'You are not allowed to do this.' });
  });

  it("counts the company's people and sign-ins of the last 30 days, never another company's", async () => {
    // A sign-in 31 days ago is outside the window; another company's sign-ins are not this company's.
    await test.factories.createAuditEntry(company, {
      actorUserId: people[3]!.id,
      action: 'user.signed_in',
      entityType: 'user',
      entityId: people[3]!.id,
      createdAt: new Date(Date.now() - 31 * DAY),
    });
    await login(test.app, other, (await test.factories.createAdmin(other)).email!);
    await login(test.app, company, people[2]!.email!);
    await login(test.app, company, admin.email!);
    const token = (await login(test.app, company, admin.email!)).access_token;
    const signInsBefore = await asSystem(test.db, (tx) =>
      tx.select().from(auditLogs).where(eq(auditLogs.action, 'user.signed_in')),
    );

    const response = await dashboard(company, token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.company).toEqual({ id: company.id, name: 'Figür Holding' });
    expect(body.data.groups.map((g: { key: string }) => g.key)).toEqual(['people', 'sign_ins']);
    // Learner signed in once in the first test, people[2] once, the admin twice.
    expect(figuresOf(body)).toEqual({
      'people.active_users': 8,
      'people.passive_users': 2,
      'people.pending_users': 1,
      'sign_ins.sign_in_people': 3,
      'sign_ins.sign_ins_total': 4,
    });
    expect(signInsBefore.filter((row) => row.companyId === company.id)).toHaveLength(5);
  });

  it('lists the 8 newest people of the company, newest first, with no impersonation for an admin', async () => {
    const token = (await login(test.app, company, admin.email!)).access_token;
    const { newest_users } = (await dashboard(company, token)).json().data as AdminDashboard;
    const expected = people.slice(-8).reverse();
    expect(newest_users?.map((u) => u.id)).toEqual(expected.map((u) => u.id));
    expect(newest_users?.[0]).toEqual({
      id: expected[0]!.id,
      name: expected[0]!.name,
      surname: expected[0]!.surname,
      email: expected[0]!.email,
      created_at: expected[0]!.createdAt.toISOString(),
      status: USER_STATUS.pendingApproval,
      can_impersonate: false,
    });
    expect(newest_users?.every((u) => !u.can_impersonate)).toBe(true);
  });

  it("shows a super admin signed in on the host that company's figures, offering only allowed impersonations", async () => {
    const superAdmin = await test.factories.createSuperAdmin(platform);
    const token = (await login(test.app, company, superAdmin.email!)).access_token;
    const response = await dashboard(company, token);
    expect(response.statusCode).toBe(200);
    const data = response.json().data as AdminDashboard;
    expect(data.company.id).toBe(company.id);
    expect(figuresOf({ data })['people.active_users']).toBe(8);
    const offered = Object.fromEntries(data.newest_users!.map((u) => [u.id, u.can_impersonate]));
    // Passive and pending people cannot be viewed as; active people of the host can.
    expect(offered).toEqual(Object.fromEntries(people.slice(-8).map((u) => [u.id, u.status === USER_STATUS.active])));

    // The offer matches what POST api/impersonate allows.
    const offeredId = data.newest_users!.find((u) => u.can_impersonate)!.id;
    const viewed = await call(test.app, 'POST', `/api/impersonate/${offeredId}`, { host: hostOf(company), token });
    expect(viewed.statusCode).toBe(200);
    const withheldId = data.newest_users!.find((u) => !u.can_impersonate)!.id;
    const refused = await call(test.app, 'POST', `/api/impersonate/${withheldId}`, { host: hostOf(company), token });
    expect(refused.statusCode).toBe(403);
  });

  it('never offers to view another super admin', async () => {
    const colleague = await test.factories.createSuperAdmin(company);
    const token = (await login(test.app, company, (await test.factories.createSuperAdmin(platform)).email!))
      .access_token;
    const data = (await dashboard(company, token)).json().data as AdminDashboard;
    expect(data.newest_users?.[0]).toMatchObject({ id: colleague.id, can_impersonate: false });
    const refused = await call(test.app, 'POST', `/api/impersonate/${colleague.id}`, { host: hostOf(company), token });
    expect(refused.statusCode).toBe(403);
  });

  it('acts in a sub-company through X-Company-Id, and refuses a company outside the group', async () => {
    const token = (await login(test.app, company, admin.email!)).access_token;
    const inChild = await dashboard(company, token, { 'x-company-id': String(child.id) });
    expect(inChild.statusCode).toBe(200);
    expect(inChild.json().data.company).toEqual({ id: child.id, name: 'Figür Perakende' });
    expect(figuresOf(inChild.json())).toMatchObject({ 'people.active_users': 1, 'people.passive_users': 1 });
    // In a sub-company the host's impersonation rule (users of the host only) withholds every offer.
    const superToken = (await login(test.app, company, (await test.factories.createSuperAdmin(platform)).email!))
      .access_token;
    const superInChild = await dashboard(company, superToken, { 'x-company-id': String(child.id) });
    expect(superInChild.json().data.newest_users.every((u: { can_impersonate: boolean }) => !u.can_impersonate)).toBe(
      true,
    );

    const outside = await dashboard(company, token, { 'x-company-id': String(other.id) });
    expect(outside.statusCode).toBe(403);
    expect(JSON.stringify(outside.json())).not.toContain('Komşu');
    expect((await dashboard(company, token, { 'x-company-id': 'abc' })).statusCode).toBe(403);
    // A session of another company's host is not valid here at all.
    const otherToken = (await login(test.app, other, (await test.factories.createAdmin(other)).email!)).access_token;
    expect((await dashboard(company, otherToken)).statusCode).toBe(401);
  });

  it('lets any admin permission in, and shows only the groups that permission allows', async () => {
    const faqEditor = await test.factories.createUser(company);
    await test.factories.createRole(company, {
      name: 'FAQ editor',
      permissions: ['read_faq'],
      members: [faqEditor.id],
    });
    const token = (await login(test.app, company, faqEditor.email!)).access_token;
    const response = await dashboard(company, token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ groups: [], newest_users: null });
  });

  it('lets a later module add its own group of figures', async () => {
    test.services.adminDashboard.registerFigures({
      key: 'learning',
      permission: 'read_report',
      figures: async () => [{ key: 'completed_trainings', value: 7 }],
    });
    expect(() =>
      test.services.adminDashboard.registerFigures({ key: 'people', permission: 'show_user', figures: async () => [] }),
    ).toThrow(/taken/);
    const token = (await login(test.app, company, admin.email!)).access_token;
    const body = (await dashboard(company, token)).json();
    expect(body.data.groups.at(-1)).toEqual({ key: 'learning', figures: [{ key: 'completed_trainings', value: 7 }] });
  });
});
