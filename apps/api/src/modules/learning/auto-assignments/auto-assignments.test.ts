import { randomBytes, randomUUID } from 'node:crypto';
import { ROLE } from '@kampus/shared';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import { call, companyCaller, createTestApp, hostOf, login, type TestApp } from '../../../../test/helpers.js';
import { tokenWithPermissions } from '../../../../test/permissions.js';
import { assignmentUsers, autoAssignmentRules, contentEnrolments } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('automatic assignments: rules, preview, backfill and matching', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let adminToken: string;
  let learnerToken: string;
  let readerToken: string;
  let otherAdminToken: string;
  let contentId: number;
  let otherContentId: number;
  const as = companyCaller(() => ({ app: test.app, company }));
  const asOther = companyCaller(() => ({ app: test.app, company: other }));
  /** A department nobody else has, so each test counts only its own people. */
  const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

  async function link(call: typeof as, token: string, title: string) {
    const response = await call(token, 'POST', '/api/admin/contents', {
      body: { type: 'link', title, language: 'tr', external_url: `https://example.com/${randomUUID()}` },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as number;
  }

  const ruleBody = (conditions: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    name: unique('Oryantasyon'),
    conditions,
    items: [{ type: 'content', ref_id: contentId }],
    mandatory: true,
    due_days: 14,
    ...extra,
  });

  async function createRule(conditions: Record<string, unknown>, extra: Record<string, unknown> = {}) {
    const response = await as(adminToken, 'POST', '/api/admin/auto-assignments', { body: ruleBody(conditions, extra) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: number; assignment_id: number; status: number; activated_at: string | null };
  }

  async function preview(conditions: Record<string, unknown>, ruleId?: number) {
    const response = await as(adminToken, 'POST', '/api/admin/auto-assignments/preview', {
      body: { conditions, rule_id: ruleId },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { count: number; people: { id: number }[] };
  }

  async function apply(id: number) {
    const response = await as(adminToken, 'POST', `/api/admin/auto-assignments/${id}/apply`);
    await test.settle();
    return response;
  }

  const assigned = (assignmentId: number) =>
    asSystem(test.db, (tx) =>
      tx
        .select({ userId: assignmentUsers.userId, dueDate: assignmentUsers.dueDate })
        .from(assignmentUsers)
        .where(eq(assignmentUsers.assignmentId, assignmentId))
        .orderBy(assignmentUsers.userId),
    );
  const assignedIds = async (assignmentId: number) => (await assigned(assignmentId)).map((row) => row.userId);
  const today = async (plusDays: number) =>
    asSystem(test.db, async (tx) => {
      const result = await tx.execute(sql`select (current_date + ${plusDays}::integer)::text as day`);
      return (result as unknown as { rows: { day: string }[] }).rows[0]?.day;
    });

  const people = (count: number, values: Partial<UserRow> = {}) =>
    Promise.all(Array.from({ length: count }, () => test.factories.createUser(company, values)));

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany({
      settings: { user_custom_fields: [{ key: 'cost_center', label: { tr: 'Masraf merkezi', en: 'Cost centre' } }] },
    });
    other = await test.factories.createCompany();
    const admin = await test.factories.createAdmin(company);
    const learner = await test.factories.createUser(company);
    adminToken = (await login(test.app, company, admin.email ?? '')).access_token;
    learnerToken = (await login(test.app, company, learner.email ?? '')).access_token;
    readerToken = await tokenWithPermissions(test, company, ['read_assignment']);
    const otherAdmin = await test.factories.createAdmin(other);
    otherAdminToken = (await login(test.app, other, otherAdmin.email ?? '')).access_token;
    contentId = await link(as, adminToken, 'Hoş geldin rehberi');
    otherContentId = await link(asOther, otherAdminToken, 'Başka şirketin içeriği');
  });
  afterAll(() => test.close());

  it('previews the people a department rule would assign, then assigns them on confirmation, each due in N days', async () => {
    const department = unique('Satış');
    const sales = await people(3, { department });
    await people(1, { department: unique('Finans') });
    await people(1, { department, status: 0 });

    const dryRun = await preview({ departments: [department.toUpperCase()] });
    expect(dryRun.count).toBe(3);
    expect(dryRun.people.map((p) => p.id).sort()).toEqual(sales.map((u) => u.id).sort());

    const rule = await createRule({ departments: [department] });
    expect(rule.status).toBe(1);
    expect(rule.activated_at).not.toBeNull();
    // Saving alone assigns nobody: the backfill waits for the admin's confirmation.
    expect(await assignedIds(rule.assignment_id)).toEqual([]);
    expect((await preview({ departments: [department] }, rule.id)).count).toBe(3);

    const applied = await apply(rule.id);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toEqual({ job_id: null, assigned: 3 });
    const rows = await assigned(rule.assignment_id);
    expect(rows.map((r) => r.userId)).toEqual(sales.map((u) => u.id).sort((a, b) => a - b));
    expect(new Set(rows.map((r) => r.dueDate))).toEqual(new Set([await today(14)]));
    // Enrolled into the items through the assignments module, due on the person's own date.
    const enrolments = await asSystem(test.db, (tx) =>
      tx
        .select()
        .from(contentEnrolments)
        .where(and(eq(contentEnrolments.contentId, contentId), eq(contentEnrolments.assignmentId, rule.assignment_id))),
    );
    expect(enrolments).toHaveLength(3);
    // Nobody left to assign: the preview of the saved rule counts only the people not yet assigned.
    expect((await preview({ departments: [department] }, rule.id)).count).toBe(0);

    const listed = await as(adminToken, 'GET', '/api/admin/auto-assignments', { query: { sort: '-matched' } });
    expect(listed.statusCode).toBe(200);
    const row = listed.json().data.find((r: { id: number }) => r.id === rule.id);
    expect(row).toMatchObject({
      matched: 3,
      mandatory: true,
      due_days: 14,
      items: [{ type: 'content', ref_id: contentId }],
    });
  });

  it('never assigns a person twice: a second backfill, an update and the nightly run add nobody', async () => {
    const department = unique('Lojistik');
    await people(2, { department });
    const rule = await createRule({ departments: [department] });
    expect((await apply(rule.id)).json().data.assigned).toBe(2);
    expect((await apply(rule.id)).json().data.assigned).toBe(0);
    await test.services.autoAssignments.runMatch({ companyId: company.id, ruleId: null, actorUserId: null });
    expect(await assignedIds(rule.assignment_id)).toHaveLength(2);
    // A person removed from the assignment (a cancelled row) is not given it again either.
    const [first] = await assigned(rule.assignment_id);
    await asSystem(test.db, (tx) =>
      tx
        .update(assignmentUsers)
        .set({ cancelledAt: new Date() })
        .where(
          and(eq(assignmentUsers.assignmentId, rule.assignment_id), eq(assignmentUsers.userId, first?.userId ?? 0)),
        ),
    );
    expect((await apply(rule.id)).json().data.assigned).toBe(0);
  });

  it('matches each kind of condition, and all of them together', async () => {
    const department = unique('Kalite');
    const [inGroup, titled, located, hired, fielded] = await people(5, { department });
    const group = await test.factories.createUserGroup(company, { members: [inGroup?.id ?? 0] });
    await asSystem(test.db, async (tx) => {
      await tx.execute(sql`update users set title = 'Kıdemli Uzman' where id = ${titled?.id}`);
      await tx.execute(sql`update users set location = 'İzmir' where id = ${located?.id}`);
      await tx.execute(sql`update users set hire_date = current_date - 3 where id = ${hired?.id}`);
      await tx.execute(
        sql`update users set hire_date = current_date - 400 where id <> ${hired?.id} and department = ${department}`,
      );
      await tx.execute(
        sql`update users set custom_fields = '{"cost_center":"CC-42"}'::jsonb where id = ${fielded?.id}`,
      );
    });
    const ids = async (conditions: Record<string, unknown>) =>
      (await preview({ departments: [department], ...conditions })).people.map((p) => p.id);

    expect(await ids({ group_ids: [group.id] })).toEqual([inGroup?.id]);
    expect(await ids({ titles: ['KIDEMLİ UZMAN'] })).toEqual([titled?.id]);
    expect(await ids({ locations: ['izmir'] })).toEqual([located?.id]);
    expect(await ids({ hired_within_days: 30 })).toEqual([hired?.id]);
    expect(await ids({ custom_fields: [{ key: 'cost_center', values: ['cc-42'] }] })).toEqual([fielded?.id]);
    expect((await ids({})).length).toBe(5);
    // Every condition must hold: a group and a title no one has together match nobody.
    expect(await ids({ group_ids: [group.id], titles: ['Kıdemli Uzman'] })).toEqual([]);
    // New users: nobody yet for a rule about to be saved.
    expect(await ids({ new_users: true })).toEqual([]);
  });

  it('a new user matching an active rule receives the assignment on create, update, import and joining a group', async () => {
    const department = unique('Yazılım');
    const rule = await createRule({ departments: [department] });

    const created = await as(adminToken, 'POST', '/api/admin/users', {
      body: {
        name: 'Deniz',
        surname: 'Yeni',
        email: `${randomUUID()}@example.test`,
        role_ids: [ROLE.user],
        department,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    await test.settle();
    const newcomer = created.json().data.id as number;
    expect(await assignedIds(rule.assignment_id)).toEqual([newcomer]);
    expect((await assigned(rule.assignment_id))[0]?.dueDate).toBe(await today(14));

    const mover = await test.factories.createUser(company, { department: 'Muhasebe' });
    const updated = await as(adminToken, 'PUT', `/api/admin/users/${mover.id}`, { body: { department } });
    expect(updated.statusCode, updated.body).toBe(200);
    await test.settle();
    expect(await assignedIds(rule.assignment_id)).toContain(mover.id);

    const email = `${randomUUID()}@example.test`;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Users');
    sheet.addRow(['First name', 'Last name', 'Email', 'Department']);
    sheet.addRow(['İthal', 'Kişi', email, department]);
    const boundary = `----kampus${randomBytes(8).toString('hex')}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="people.xlsx"\r\nContent-Type: ${XLSX}\r\n\r\n`;
    const imported = await call(test.app, 'POST', '/api/admin/users/import', {
      host: hostOf(company),
      token: adminToken,
      body: Buffer.concat([
        Buffer.from(head),
        Buffer.from(await workbook.xlsx.writeBuffer()),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-content-language': 'en' },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().created).toBe(1);
    await test.settle();
    const importedId = await asSystem(test.db, async (tx) => {
      const result = await tx.execute(sql`select id from users where lower(email) = ${email}`);
      return Number((result as unknown as { rows: { id: number }[] }).rows[0]?.id);
    });
    expect(await assignedIds(rule.assignment_id)).toContain(importedId);

    const group = await test.factories.createUserGroup(company);
    const groupRule = await createRule({ group_ids: [group.id] });
    const joiner = await test.factories.createUser(company);
    const joined = await as(adminToken, 'POST', `/api/admin/user-groups/${group.id}/members`, {
      body: { user_ids: [joiner.id] },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    await test.settle();
    expect(await assignedIds(groupRule.assignment_id)).toEqual([joiner.id]);
  });

  it('"new users" are the people created after the rule was activated; a passive rule assigns nobody', async () => {
    const department = unique('Depo');
    await people(2, { department });
    const rule = await createRule({ departments: [department], new_users: true });
    expect((await apply(rule.id)).json().data.assigned).toBe(0);
    const hire = await as(adminToken, 'POST', '/api/admin/users', {
      body: {
        name: 'Ece',
        surname: 'Başlar',
        email: `${randomUUID()}@example.test`,
        role_ids: [ROLE.user],
        department,
      },
    });
    await test.settle();
    expect(await assignedIds(rule.assignment_id)).toEqual([hire.json().data.id]);

    const paused = await createRule({ departments: [department] }, { status: 0 });
    expect(paused.activated_at).toBeNull();
    await people(1, { department });
    await test.services.autoAssignments.runMatch({ companyId: company.id, ruleId: null, actorUserId: null });
    expect(await assignedIds(paused.assignment_id)).toEqual([]);
    const refused = await as(adminToken, 'POST', `/api/admin/auto-assignments/${paused.id}/apply`, { lang: 'en' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.status).toBeDefined();

    const activated = await as(adminToken, 'PUT', `/api/admin/auto-assignments/${paused.id}`, { body: { status: 1 } });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json().data.activated_at).not.toBeNull();
    expect((await apply(paused.id)).json().data.assigned).toBe(4);
  });

  it('the nightly backstop assigns people no event told of, once, however often and on however many nodes it runs', async () => {
    const department = unique('Gece');
    const rule = await createRule({ departments: [department] });
    // Written straight to the table: no event, so only the nightly run can find them.
    const quiet = await people(2, { department });
    expect(await assignedIds(rule.assignment_id)).toEqual([]);
    await test.services.autoAssignments.nightly();
    await test.services.autoAssignments.nightly();
    await test.settle();
    expect(await assignedIds(rule.assignment_id)).toEqual(quiet.map((u) => u.id).sort((a, b) => a - b));
    await Promise.all([
      test.services.autoAssignments.runMatch({ companyId: company.id, ruleId: rule.id, actorUserId: null }),
      test.services.autoAssignments.runMatch({ companyId: company.id, ruleId: rule.id, actorUserId: null }),
    ]);
    expect(await assignedIds(rule.assignment_id)).toHaveLength(2);
  });

  it('backfills a large match in a job whose progress the page follows', async () => {
    const department = unique('Kalabalık');
    await asSystem(test.db, (tx) =>
      tx.execute(sql`insert into users (company_id, name, surname, department)
        select ${company.id}, 'Kişi', 'No ' || n, ${department} from generate_series(1, 230) n`),
    );
    const rule = await createRule({ departments: [department] });
    const response = await as(adminToken, 'POST', `/api/admin/auto-assignments/${rule.id}/apply`);
    expect(response.statusCode, response.body).toBe(202);
    const jobId = response.json().data.job_id as number;
    expect(jobId).toBeGreaterThan(0);
    await test.settle();
    const job = await as(adminToken, 'GET', `/api/jobs/${jobId}`);
    expect(job.statusCode, job.body).toBe(200);
    expect(job.json().data).toMatchObject({ state: 'done' });
    expect(await assignedIds(rule.assignment_id)).toHaveLength(230);
  });

  it('edits a rule: name and conditions change; items are fixed once people have them', async () => {
    const department = unique('Hukuk');
    await people(1, { department });
    const rule = await createRule({ departments: [department] });
    const second = await link(as, adminToken, 'İkinci içerik');
    const beforeAnyone = await as(adminToken, 'PUT', `/api/admin/auto-assignments/${rule.id}`, {
      body: {
        items: [
          { type: 'content', ref_id: contentId },
          { type: 'content', ref_id: second },
        ],
      },
    });
    expect(beforeAnyone.statusCode, beforeAnyone.body).toBe(200);
    expect(beforeAnyone.json().data.items).toHaveLength(2);
    await apply(rule.id);
    const locked = await as(adminToken, 'PUT', `/api/admin/auto-assignments/${rule.id}`, {
      lang: 'en',
      body: { items: [{ type: 'content', ref_id: second }] },
    });
    expect(locked.statusCode).toBe(422);
    expect(locked.json().errors.items).toBeDefined();
    const renamed = await as(adminToken, 'PUT', `/api/admin/auto-assignments/${rule.id}`, {
      body: { name: 'Hukuk oryantasyonu', due_days: 30 },
    });
    expect(renamed.json().data).toMatchObject({ name: 'Hukuk oryantasyonu', due_days: 30 });
  });

  it('refuses bad input with localized field errors and changes nothing', async () => {
    const count = async () => asSystem(test.db, async (tx) => (await tx.select().from(autoAssignmentRules)).length);
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [ruleBody({}), 'conditions'],
      [ruleBody({ departments: ['X'] }, { items: [] }), 'items'],
      [ruleBody({ departments: ['X'] }, { name: '' }), 'name'],
      [ruleBody({ departments: ['X'] }, { due_days: 0 }), 'due_days'],
      [ruleBody({ departments: ['X'] }, { items: [{ type: 'content', ref_id: otherContentId }] }), 'items.0.ref_id'],
      [ruleBody({ custom_fields: [{ key: 'cost_center', values: [] }] }), 'conditions.custom_fields.0.values'],
      [ruleBody({ hired_within_days: -1 }), 'conditions.hired_within_days'],
    ];
    for (const [body, field] of cases) {
      const response = await as(adminToken, 'POST', '/api/admin/auto-assignments', { body, lang: 'en' });
      expect(response.statusCode, `${field}: ${response.body}`).toBe(422);
      expect(Object.keys(response.json().errors), response.body).toContain(field);
      expect(JSON.stringify(response.json().errors)).not.toMatch(/autoAssignment\.|validation\./);
    }
    const empty = await as(adminToken, 'POST', '/api/admin/auto-assignments/preview', { body: { conditions: {} } });
    expect(empty.statusCode).toBe(422);
    expect(await count()).toBe(before);
  });

  it('keeps companies apart: another company’s rules, groups and items are not found or refused', async () => {
    const rule = await createRule({ departments: ['Gizli'] });
    for (const [method, url] of [
      ['GET', `/api/admin/auto-assignments/${rule.id}`],
      ['PUT', `/api/admin/auto-assignments/${rule.id}`],
      ['POST', `/api/admin/auto-assignments/${rule.id}/apply`],
      ['DELETE', `/api/admin/auto-assignments/${rule.id}`],
    ] as const) {
      const response = await asOther(otherAdminToken, method, url, {
        body: method === 'PUT' ? { name: 'x' } : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const foreignGroup = await test.factories.createUserGroup(other);
    const groupPreview = await as(adminToken, 'POST', '/api/admin/auto-assignments/preview', {
      body: { conditions: { group_ids: [foreignGroup.id] } },
    });
    expect(groupPreview.statusCode).toBe(422);
    const withRule = await asOther(otherAdminToken, 'POST', '/api/admin/auto-assignments/preview', {
      body: { conditions: { departments: ['Gizli'] }, rule_id: rule.id },
    });
    expect(withRule.statusCode).toBe(404);
    const listed = await asOther(otherAdminToken, 'GET', '/api/admin/auto-assignments');
    expect(listed.json().data.map((r: { id: number }) => r.id)).not.toContain(rule.id);
    expect((await as(adminToken, 'GET', `/api/admin/auto-assignments/${rule.id}`)).statusCode).toBe(200);
  });

  it('asks read_assignment to read and create_assignment to change', async () => {
    const rule = await createRule({ departments: ['Yetki'] });
    const reads = [
      ['GET', '/api/admin/auto-assignments'],
      ['GET', `/api/admin/auto-assignments/${rule.id}`],
      ['GET', '/api/admin/auto-assignments/condition-options'],
      ['POST', '/api/admin/auto-assignments/preview', { conditions: { departments: ['Yetki'] } }],
    ] as const;
    const writes = [
      ['POST', '/api/admin/auto-assignments', ruleBody({ departments: ['Yetki'] })],
      ['PUT', `/api/admin/auto-assignments/${rule.id}`, { name: 'Değişti' }],
      ['POST', `/api/admin/auto-assignments/${rule.id}/apply`, undefined],
      ['DELETE', `/api/admin/auto-assignments/${rule.id}`, undefined],
    ] as const;
    for (const [method, url, body] of [...reads, ...writes]) {
      expect((await as(undefined, method, url, { body })).statusCode, `${method} ${url}`).toBe(401);
      expect((await as(learnerToken, method, url, { body })).statusCode, `${method} ${url}`).toBe(403);
    }
    for (const [method, url, body] of reads) {
      expect((await as(readerToken, method, url, { body })).statusCode, `${method} ${url}`).toBe(200);
    }
    for (const [method, url, body] of writes) {
      expect((await as(readerToken, method, url, { body })).statusCode, `${method} ${url}`).toBe(403);
    }
    const options = await as(adminToken, 'GET', '/api/admin/auto-assignments/condition-options', { lang: 'en' });
    expect(options.json().data.fields).toEqual([{ key: 'cost_center', label: 'Cost centre' }]);
    // The refused changes changed nothing.
    const kept = await as(adminToken, 'GET', `/api/admin/auto-assignments/${rule.id}`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data.name).not.toBe('Değişti');
  });
});
