import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import { companyCaller, companyExporter, createTestApp, login, type TestApp } from '../../../../test/helpers.js';
import { tokenWithPermissions } from '../../../../test/permissions.js';
import { describeResourceContract } from '../../../../test/resource-contract.js';
import { auditLogs, companySettings, contentEnrolments } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';

describe('educations: parts, enrolment, the roll-up and the learner pages', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let learner: UserRow;
  let adminToken: string;
  let learnerToken: string;
  let otherAdminToken: string;
  let otherLearnerToken: string;
  const as = companyCaller(() => ({ app: test.app, company }));
  const asOther = companyCaller(() => ({ app: test.app, company: other }));
  const exportAs = companyExporter(() => ({ test, company }));

  async function link(token: string, title: string, call = as) {
    const response = await call(token, 'POST', '/api/admin/contents', {
      body: { type: 'link', title, language: 'tr', external_url: `https://example.com/${randomUUID()}` },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as number;
  }

  async function education(body: Record<string, unknown>, call = as, token = adminToken) {
    const response = await call(token, 'POST', '/api/admin/educations', {
      body: { title: 'Bilgi Güvenliği Farkındalığı', language: 'tr', ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: number; parts: { id: number; ref_id: number }[] };
  }

  /** The learner opens a link: it completes, and the part events move the education. */
  async function openLink(contentId: number) {
    const response = await as(learnerToken, 'POST', `/api/contents/${contentId}/progress`, {
      body: { kind: 'link', session: randomUUID(), seq: 0 },
    });
    expect(response.statusCode, response.body).toBe(200);
    await test.platform.events.idle();
  }

  const detail = async (id: number, token = learnerToken) => {
    const response = await as(token, 'GET', `/api/educations/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  const audits = (action: string, entityId: number) =>
    asSystem(test.db, (tx) =>
      tx
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, action), eq(auditLogs.entityId, entityId))),
    );

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    other = await test.factories.createCompany();
    const admin = await test.factories.createAdmin(company);
    learner = await test.factories.createUser(company);
    adminToken = (await login(test.app, company, admin.email!)).access_token;
    learnerToken = (await login(test.app, company, learner.email!)).access_token;
    const otherAdmin = await test.factories.createAdmin(other);
    otherAdminToken = (await login(test.app, other, otherAdmin.email!)).access_token;
    const otherLearner = await test.factories.createUser(other);
    otherLearnerToken = (await login(test.app, other, otherLearner.email!)).access_token;
  });
  afterAll(() => test.close());

  it('a learner enrols from the catalogue, plays the parts in order, and the roll-up completes the education once', async () => {
    const [a, b, c] = [
      await link(adminToken, 'Giriş'),
      await link(adminToken, 'Ek okuma'),
      await link(adminToken, 'Sınav öncesi'),
    ];
    const created = await education({
      visibility: 'catalogue',
      sequential: true,
      parts: [
        { type: 'content', ref_id: a, required: true },
        { type: 'content', ref_id: b, required: false },
        { type: 'content', ref_id: c, required: true },
      ],
    });
    const [partA, partB, partC] = created.parts;

    const before = await detail(created.id);
    expect(before).toMatchObject({ can_enrol: true, enrolment: null, next_part_id: null, finished_rate: 0 });
    expect(before.parts.every((p: { locked: boolean }) => p.locked)).toBe(true);
    expect((await as(learnerToken, 'GET', `/api/contents/${a}/player`)).statusCode).toBe(404);
    expect((await as(learnerToken, 'GET', `/api/educations/${created.id}/player`)).statusCode).toBe(404);

    const enrolled = await as(learnerToken, 'POST', `/api/educations/${created.id}/enrol`);
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect(enrolled.json().data).toMatchObject({
      can_enrol: false,
      enrolment: { status: 'not_started', finished_rate: 0 },
      next_part_id: partA?.id,
    });
    expect(enrolled.json().data.parts.map((p: { locked: boolean }) => p.locked)).toEqual([false, true, true]);
    // The open part plays; a locked one answers as if it did not exist.
    expect((await as(learnerToken, 'GET', `/api/contents/${a}/player`)).statusCode).toBe(200);
    expect((await as(learnerToken, 'GET', `/api/contents/${c}/player`)).statusCode).toBe(404);
    // The parts are on the education's card, not listed again as lone contents.
    const lone = await as(learnerToken, 'GET', '/api/my/contents');
    expect(lone.json().data.map((x: { id: number }) => x.id)).not.toContain(a);

    await openLink(a);
    const halfway = await detail(created.id);
    expect(halfway).toMatchObject({ finished_rate: 33, enrolment: { status: 'in_progress', completed_parts: 1 } });
    // The optional part does not hold the next required one back.
    expect(halfway.parts.map((p: { locked: boolean }) => p.locked)).toEqual([false, false, false]);
    expect(halfway.next_part_id).toBe(partB?.id);
    expect(await audits('education.started', created.id)).toHaveLength(1);

    await openLink(c);
    const done = await detail(created.id);
    expect(done).toMatchObject({
      finished_rate: 100,
      person_completed_education: 1,
      enrolment: { status: 'completed', completed_parts: 2 },
      next_part_id: partB?.id,
    });
    await openLink(b);
    expect(await audits('education.completed', created.id)).toHaveLength(1);
    expect((await detail(created.id)).enrolment.completed_parts).toBe(3);
    expect(partC).toBeDefined();

    // The admin sees the learner's standing.
    const report = await as(adminToken, 'GET', `/api/admin/educations/${created.id}/report`);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toMatchObject({
      summary: { enrolled: 1, started: 1, completed: 1, average_rate: 100 },
      data: [{ user: { id: learner.id }, source: 'self', status: 'completed', finished_rate: 100, parts_count: 3 }],
    });
    const file = await exportAs(adminToken, `/api/admin/educations/${created.id}/report/export`, {
      query: { format: 'csv' },
      lang: 'en',
    });
    expect(file.body).toContain('Completion (%)');
    expect(file.body).toContain(learner.surname);

    const mine = await as(learnerToken, 'GET', '/api/my/educations', { query: { state: 'completed' } });
    expect(mine.json()).toMatchObject({ counts: { completed: 1 }, data: [{ id: created.id }] });
    const admin = await as(adminToken, 'GET', `/api/admin/educations/${created.id}`);
    expect(admin.json().data).toMatchObject({ enrolled_count: 1, completed_count: 1 });
  });

  it('follows changed parts: a new required part reopens nobody’s completion but gives its content to the learners', async () => {
    const first = await link(adminToken, 'Birinci');
    const created = await education({
      visibility: 'catalogue',
      parts: [{ type: 'content', ref_id: first, required: true }],
    });
    await as(learnerToken, 'POST', `/api/educations/${created.id}/enrol`);
    await openLink(first);
    expect((await detail(created.id)).enrolment.status).toBe('completed');
    const added = await link(adminToken, 'Yeni bölüm');
    const update = await as(adminToken, 'PUT', `/api/admin/educations/${created.id}`, {
      body: {
        parts: [
          { type: 'content', ref_id: first, required: true },
          { type: 'content', ref_id: added, required: true },
        ],
      },
    });
    expect(update.statusCode, update.body).toBe(200);
    const after = await detail(created.id);
    expect(after).toMatchObject({ finished_rate: 100, enrolment: { status: 'completed', completed_parts: 1 } });
    expect((await as(learnerToken, 'GET', `/api/contents/${added}/player`)).statusCode).toBe(200);
  });

  it('the home page and my educations show where the learner stands, in one call each', async () => {
    const part = await link(adminToken, 'Ev sayfası');
    const created = await education({
      visibility: 'assigned',
      parts: [{ type: 'content', ref_id: part, required: true }],
    });
    const enrol = await as(adminToken, 'POST', `/api/admin/educations/${created.id}/enrolments`, {
      body: { user_ids: [learner.id], due_at: '2099-01-31' },
      lang: 'en',
    });
    expect(enrol.statusCode, enrol.body).toBe(200);
    expect(enrol.json()).toMatchObject({
      data: { added: 1, already: 0 },
      message: '1 people enrolled, 0 were already enrolled.',
    });
    const again = await as(adminToken, 'POST', `/api/admin/educations/${created.id}/enrolments`, {
      body: { user_ids: [learner.id] },
    });
    expect(again.json().data).toEqual({ added: 0, already: 1 });
    const open = await as(learnerToken, 'GET', `/api/educations/${created.id}/player`);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().data).toMatchObject({ id: created.id, next_part_id: created.parts[0]?.id });
    const home = await as(learnerToken, 'GET', '/api/my/home');
    expect(home.statusCode, home.body).toBe(200);
    const data = home.json().data;
    expect(data.continue_learning).toMatchObject({ id: created.id, enrolment: { due_at: '2099-01-31' } });
    expect(data.due_soon.map((e: { id: number }) => e.id)).toContain(created.id);
    expect(data.totals.completed_educations).toBeGreaterThanOrEqual(1);
    const mine = await as(learnerToken, 'GET', '/api/my/educations', {
      query: { state: 'not_started', per_page: '1' },
    });
    expect(mine.json()).toMatchObject({ meta: { per_page: 1, total: 1 }, data: [{ id: created.id }] });
  });

  it('hides an assigned-only education from people not in it, and another company’s from everyone', async () => {
    const part = await link(adminToken, 'Gizli');
    const hidden = await education({
      visibility: 'assigned',
      parts: [{ type: 'content', ref_id: part, required: true }],
    });
    const otherUser = await test.factories.createUser(company);
    const otherToken = (await login(test.app, company, otherUser.email!)).access_token;
    expect((await as(otherToken, 'GET', `/api/educations/${hidden.id}`)).statusCode).toBe(404);
    expect((await as(otherToken, 'POST', `/api/educations/${hidden.id}/enrol`)).statusCode).toBe(404);
    for (const [method, url] of [
      ['GET', `/api/educations/${hidden.id}`],
      ['POST', `/api/educations/${hidden.id}/enrol`],
      ['GET', `/api/educations/${hidden.id}/player`],
    ] as const) {
      expect((await asOther(otherLearnerToken, method, url)).statusCode, url).toBe(404);
    }
    for (const [method, url, body] of [
      ['GET', `/api/admin/educations/${hidden.id}/report`, undefined],
      ['POST', `/api/admin/educations/${hidden.id}/report/export`, undefined],
      ['POST', `/api/admin/educations/${hidden.id}/enrolments`, { user_ids: [learner.id] }],
    ] as const) {
      expect((await asOther(otherAdminToken, method, url, { body })).statusCode, url).toBe(404);
    }
    // The learner may not reach the admin's calls; nobody without a session reaches any.
    expect((await as(learnerToken, 'GET', `/api/admin/educations/${hidden.id}/report`)).statusCode).toBe(403);
    expect((await as(undefined, 'GET', '/api/my/home')).statusCode).toBe(401);
    expect((await as(undefined, 'GET', `/api/educations/${hidden.id}`)).statusCode).toBe(401);
  });

  it('shows a holder of read_training alone the report with its education and the educations to choose from', async () => {
    const own = await link(adminToken, 'Rapor içeriği');
    const created = await education({
      title: 'Raporlu Eğitim',
      parts: [{ type: 'content', ref_id: own, required: true }],
    });
    const foreign = await link(otherAdminToken, 'Yabancı rapor içeriği', asOther);
    await education(
      { title: 'Raporlu Başka', parts: [{ type: 'content', ref_id: foreign, required: true }] },
      asOther,
      otherAdminToken,
    );
    const reader = await tokenWithPermissions(test, company, ['read_training']);

    expect((await as(reader, 'GET', `/api/admin/educations/${created.id}`)).statusCode).toBe(403);
    const report = await as(reader, 'GET', `/api/admin/educations/${created.id}/report`);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().education).toEqual({
      id: created.id,
      title: 'Raporlu Eğitim',
      visibility: 'assigned',
      parts_count: 1,
    });
    const options = await as(reader, 'GET', '/api/admin/educations/report-options', { query: { search: 'RAPORLU' } });
    expect(options.statusCode, options.body).toBe(200);
    // Another company's education of the same name is not offered.
    expect(options.json().data).toEqual([{ id: created.id, title: 'Raporlu Eğitim' }]);
    expect((await as(learnerToken, 'GET', '/api/admin/educations/report-options')).statusCode).toBe(403);
  });

  it('refuses parts that are not the company’s contents, twice the same content, and another company’s people', async () => {
    const foreign = await link(otherAdminToken, 'Yabancı', asOther);
    const own = await link(adminToken, 'Kendi');
    const refused = await as(adminToken, 'POST', '/api/admin/educations', {
      body: {
        title: 'X',
        language: 'tr',
        parts: [
          { type: 'content', ref_id: own },
          { type: 'content', ref_id: foreign },
        ],
      },
      lang: 'en',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors['parts.1.ref_id']).toEqual(['This content was not found in the library.']);
    const twice = await as(adminToken, 'POST', '/api/admin/educations', {
      body: {
        title: 'X',
        language: 'tr',
        parts: [
          { type: 'content', ref_id: own },
          { type: 'content', ref_id: own },
        ],
      },
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toHaveProperty(['parts.1.ref_id']);
    const dates = await as(adminToken, 'POST', '/api/admin/educations', {
      body: { title: 'X', language: 'tr', start_date: '2026-05-02', end_date: '2026-05-01' },
    });
    expect(dates.statusCode).toBe(422);
    expect(dates.json().errors).toHaveProperty('end_date');
    const created = await education({ parts: [{ type: 'content', ref_id: own }] });
    const stranger = await test.factories.createUser(other);
    const enrol = await as(adminToken, 'POST', `/api/admin/educations/${created.id}/enrolments`, {
      body: { user_ids: [stranger.id] },
    });
    expect(enrol.statusCode).toBe(422);
    // The description is stored sanitized.
    const html = await as(adminToken, 'PUT', `/api/admin/educations/${created.id}`, {
      body: { description: '<p>Merhaba<script>alert(1)</script><img src=x onerror=alert(1)></p>' },
    });
    expect(html.json().data.description).not.toMatch(/script|onerror/);
  });

  it('keeps the category tree free of cycles and lists categories with their open educations', async () => {
    const root = await as(adminToken, 'POST', '/api/admin/education-categories', {
      body: { names: { tr: 'Uyum', en: 'Compliance' }, icon: 'scale' },
    });
    expect(root.statusCode, root.body).toBe(201);
    const child = await as(adminToken, 'POST', '/api/admin/education-categories', {
      body: { names: { tr: 'KVKK' }, parent_id: root.json().data.id, icon: 'lock' },
    });
    const childId = child.json().data.id as number;
    const cycle = await as(adminToken, 'PUT', `/api/admin/education-categories/${root.json().data.id}`, {
      body: { parent_id: childId },
    });
    expect(cycle.statusCode).toBe(422);
    expect(cycle.json().errors).toHaveProperty('parent_id');
    const part = await link(adminToken, 'KVKK giriş');
    const open = await education({
      title: 'KVKK ve Kişisel Verilerin Korunması',
      visibility: 'catalogue',
      category_id: childId,
      parts: [{ type: 'content', ref_id: part }],
    });
    await education({ title: 'Atanan', visibility: 'assigned', category_id: childId });
    const counted = await as(adminToken, 'GET', '/api/admin/education-categories', { query: { per_page: '100' } });
    const counts = new Map(
      counted.json().data.map((c: { id: number; educations_count: number }) => [c.id, c.educations_count]),
    );
    expect([counts.get(root.json().data.id), counts.get(childId)]).toEqual([0, 2]);
    const tree = await as(learnerToken, 'GET', '/api/education-categories', { lang: 'en' });
    expect(tree.statusCode, tree.body).toBe(200);
    const names = tree.json().data as { id: number; name: string; educations_count: number }[];
    expect(names.find((c) => c.id === root.json().data.id)).toMatchObject({ name: 'Compliance', educations_count: 1 });
    // A name missing in the reader's language falls back to the company's.
    expect(names.find((c) => c.id === childId)).toMatchObject({ name: 'KVKK', educations_count: 1 });
    const list = await as(learnerToken, 'GET', '/api/catalogue', {
      query: { category_id: String(root.json().data.id) },
    });
    expect(list.json().data.map((e: { id: number }) => e.id)).toEqual([open.id]);
    const found = await as(learnerToken, 'GET', '/api/catalogue', { query: { search: 'kişisel' } });
    expect(found.json().data.map((e: { id: number }) => e.id)).toContain(open.id);
    expect((await asOther(otherLearnerToken, 'GET', '/api/catalogue')).json().data).toEqual([]);
  });

  it('answers 403 for the catalogue and self-enrolment when the company switched the module off', async () => {
    const part = await link(adminToken, 'Modül');
    const created = await education({ visibility: 'catalogue', parts: [{ type: 'content', ref_id: part }] });
    await asSystem(test.db, (tx) =>
      tx.insert(companySettings).values({ companyId: company.id, key: 'modules', value: ['wall'] }),
    );
    try {
      expect((await as(learnerToken, 'GET', '/api/education-categories')).statusCode).toBe(403);
      expect((await as(learnerToken, 'GET', '/api/catalogue')).statusCode).toBe(403);
      expect((await as(learnerToken, 'POST', `/api/educations/${created.id}/enrol`)).statusCode).toBe(403);
      expect((await detail(created.id)).can_enrol).toBe(false);
    } finally {
      await asSystem(test.db, (tx) =>
        tx
          .delete(companySettings)
          .where(and(eq(companySettings.companyId, company.id), eq(companySettings.key, 'modules'))),
      );
    }
  });

  it('makes the unlocked parts the learner’s content enrolments, and the overview counts them as used', async () => {
    const part = await link(adminToken, 'Kullanılan');
    await education({ parts: [{ type: 'content', ref_id: part }] });
    const overview = await as(adminToken, 'GET', '/api/admin/content-overview');
    expect(overview.json().data.unused.map((c: { id: number }) => c.id)).not.toContain(part);
    const rows = await asSystem(test.db, (tx) =>
      tx.select().from(contentEnrolments).where(eq(contentEnrolments.source, 'education')),
    );
    expect(rows.every((r) => r.userId === learner.id)).toBe(true);
  });
});

describeResourceContract({
  plural: 'educations',
  entity: 'education',
  permissions: { read: 'show_training', write: 'create_training' },
  create: (n) => ({ title: `Eğitim ${n}`, language: 'tr' }),
  update: { title: 'Değişen başlık', visibility: 'catalogue' },
  invalid: { body: { title: '', language: 'tr' }, field: 'title' },
});

describeResourceContract({
  plural: 'education-categories',
  entity: 'education_category',
  permissions: { read: 'show_training', write: 'create_training' },
  create: (n) => ({ names: { tr: `Kategori ${n}` }, icon: 'school' }),
  update: { names: { tr: 'Yeni ad', en: 'New name' } },
  invalid: { body: { names: {}, icon: 'school' }, field: 'names' },
});
