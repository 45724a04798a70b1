import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import { companyCaller, createTestApp, login, readOutbox, type TestApp } from '../../../../test/helpers.js';
import {
  assignments,
  assignmentUsers,
  auditLogs,
  certificates,
  certificateTemplates,
  educationEnrolments,
  educations,
  notificationRecipients,
  notifications,
} from '../../../db/schema/index.js';
import { asSystem, inTenant } from '../../../db/scope.js';
import { record } from '../../../platform/events.js';
import { RECERTIFICATION_DAYS } from './expiry.js';

const nameField = {
  key: 'name',
  type: 'full_name',
  x: 40,
  y: 300,
  width: 515,
  height: 44,
  size: 28,
  font: 'noto-serif',
  weight: 'bold',
  color: '#1f2937',
  align: 'center',
  text: {},
  issuer_name: '',
  image_url: null,
};
const DAY = 86_400_000;

describe('certificates: expiry warnings by mail and in-app, recertification, templates in use', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let boss: UserRow;
  let adminToken: string;
  let otherAdminToken: string;
  let templateId: number;
  const as = companyCaller(() => ({ app: test.app, company }));
  const asOther = companyCaller(() => ({ app: test.app, company: other }));

  /** The person finishes an education as the educations module records it: the row, then the event. */
  async function complete(userId: number, educationId: number) {
    await inTenant(test.db, company.id, async (tx) => {
      await tx
        .insert(educationEnrolments)
        .values({
          companyId: company.id,
          educationId,
          userId,
          source: 'admin',
          status: 'completed',
          finishedRate: 100,
          completedAt: new Date(),
        })
        .onConflictDoUpdate({
          target: [educationEnrolments.educationId, educationEnrolments.userId],
          set: { status: 'completed', finishedRate: 100, completedAt: new Date() },
        });
      await record(
        tx,
        { companyId: company.id, userId, ip: null, requestId: null },
        { action: 'education.completed', entity: 'education', id: educationId, after: { user_id: userId } },
      );
    });
    await test.settle();
  }

  const certificatesOf = (userId: number) =>
    asSystem(test.db, (tx) =>
      tx.select().from(certificates).where(eq(certificates.userId, userId)).orderBy(certificates.cycle),
    );
  const noticesOf = (userId: number) =>
    asSystem(test.db, (tx) =>
      tx
        .select({ name: notifications.name })
        .from(notificationRecipients)
        .innerJoin(notifications, eq(notifications.id, notificationRecipients.notificationId))
        .where(eq(notificationRecipients.userId, userId)),
    );
  /** The mails to an address, subjects and bodies with quoted-printable soft breaks undone. */
  const mailsTo = async (address: string) =>
    (await readOutbox(test))
      .filter((item) => item.file.endsWith('.eml') && item.content.includes(`To: ${address}`))
      .map((item) => item.content.replace(/=\r?\n/g, '').replace(/=3D/g, '='));

  async function definitionFor(title: string, recertify: boolean) {
    const education = await test.factories.row(educations, company, { title, language: 'en' });
    const created = await as(adminToken, 'POST', '/api/admin/certificates', {
      body: {
        name: `${title} Certificate`,
        trigger: 'education',
        ref_id: education.id,
        template_id: templateId,
        validity_months: 24,
        recertify,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    return { educationId: education.id, definitionId: created.json().data.id as number };
  }

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    other = await test.factories.createCompany();
    adminToken = (await login(test.app, company, (await test.factories.createAdmin(company)).email!)).access_token;
    otherAdminToken = (await login(test.app, other, (await test.factories.createAdmin(other)).email!)).access_token;
    boss = await test.factories.createUser(company, { name: 'Margaret', surname: 'Hale', language: 'en' });
    const template = await test.factories.row(certificateTemplates, company, {
      name: 'Completion',
      fields: [nameField] as never,
    });
    templateId = template.id;
  });
  afterAll(() => test.close());

  it('warns the person and their manager once 30 days ahead and once at expiry, by mail and in-app', async () => {
    const { educationId } = await definitionFor('Fire Safety', false);
    const person = await test.factories.createUser(company, {
      name: 'Oliver',
      surname: 'Twist',
      language: 'en',
      managerId: boss.id,
    });
    await complete(person.id, educationId);
    const [issued] = await certificatesOf(person.id);
    const expiresAt = issued!.expiresAt!;
    const service = test.services.certificates.expiry;
    const personNotices = (await noticesOf(person.id)).length;
    const bossNotices = (await noticesOf(boss.id)).length;
    const personMails = (await mailsTo(person.email!)).length;
    const bossMails = (await mailsTo(boss.email!)).length;

    // Outside the window: nothing.
    await service.run(new Date(expiresAt.getTime() - 40 * DAY));
    expect(await mailsTo(person.email!)).toHaveLength(personMails);

    const warnDay = new Date(expiresAt.getTime() - 10 * DAY);
    await service.run(warnDay);
    await service.run(warnDay);
    await service.run(new Date(warnDay.getTime() + DAY));
    const warning = (await mailsTo(person.email!)).slice(personMails);
    expect(warning).toHaveLength(1);
    expect(warning[0]).toContain('Subject: ');
    expect(warning[0]).toContain('Fire Safety Certificate');
    expect(warning[0]).toMatch(/expires on/);
    expect(warning[0]).toMatch(/type=my-certification/);
    const bossWarning = (await mailsTo(boss.email!)).slice(bossMails);
    expect(bossWarning).toHaveLength(1);
    expect(bossWarning[0]).toContain('Oliver Twist');
    expect(bossWarning[0]).toMatch(/a member of your team, expires on/);
    expect((await noticesOf(person.id)).length).toBe(personNotices + 1);
    const bossNoticesNow = await noticesOf(boss.id);
    expect(bossNoticesNow.length).toBe(bossNotices + 1);
    expect(bossNoticesNow.at(-1)?.name).toContain('Oliver Twist');

    // At expiry: once more each, however often the job runs.
    const after = new Date(expiresAt.getTime() + 1000);
    await service.run(after);
    await service.run(after);
    await test.settle();
    const expiredMails = (await mailsTo(person.email!)).slice(personMails + 1);
    expect(expiredMails).toHaveLength(1);
    expect(expiredMails[0]).toMatch(/expired on/);
    const bossExpired = (await mailsTo(boss.email!)).slice(bossMails + 1);
    expect(bossExpired).toHaveLength(1);
    expect(bossExpired[0]).toMatch(/Oliver Twist, a member of your team, expired on/);
    expect((await noticesOf(person.id)).length).toBe(personNotices + 2);
    expect((await noticesOf(boss.id)).length).toBe(bossNotices + 2);
    expect((await certificatesOf(person.id)).map((c) => c.status)).toEqual(['expired']);
    // No recertification without the definition's say-so.
    const given = await asSystem(test.db, (tx) =>
      tx.select().from(assignmentUsers).where(eq(assignmentUsers.userId, person.id)),
    );
    expect(given).toHaveLength(0);
  });

  it('mails only the person when they have no manager; an admin-edited template is the one sent', async () => {
    const { educationId } = await definitionFor('First Aid', false);
    const saved = await as(adminToken, 'PUT', '/api/admin/mail-templates/certificate_expiring/en', {
      body: { subject: '{{company}}: renew {{certificate_name}}', body: '<p>Due by {{expiry_date}}, {{name}}.</p>' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const person = await test.factories.createUser(company, { name: 'Pip', surname: 'Pirrip', language: 'en' });
    await complete(person.id, educationId);
    const [issued] = await certificatesOf(person.id);
    const before = (await readOutbox(test)).length;
    await test.services.certificates.expiry.run(new Date(issued!.expiresAt!.getTime() - 5 * DAY));
    const sent = (await readOutbox(test)).slice(before).filter((item) => item.file.endsWith('.eml'));
    expect(sent).toHaveLength(1);
    const mail = sent[0]!.content.replace(/=\r?\n/g, '');
    expect(mail).toContain(`To: ${person.email}`);
    expect(mail).toContain('renew First Aid Certificate');
    expect(mail).toContain('Pip.');
  });

  it('recertifies: expiry re-assigns the education by the platform; the learner takes it again and earns the next cycle', async () => {
    const person = await test.factories.createUser(company, { name: 'Estella', surname: 'Havisham', language: 'en' });
    const personToken = (await login(test.app, company, person.email!)).access_token;
    const content = await as(adminToken, 'POST', '/api/admin/contents', {
      body: {
        type: 'link',
        title: 'Harness check',
        language: 'en',
        external_url: `https://example.com/${randomUUID()}`,
      },
    });
    expect(content.statusCode, content.body).toBe(201);
    const contentId = content.json().data.id as number;
    const education = await as(adminToken, 'POST', '/api/admin/educations', {
      body: {
        title: 'Working at Height',
        language: 'en',
        visibility: 'catalogue',
        parts: [{ type: 'content', ref_id: contentId, required: true }],
      },
    });
    expect(education.statusCode, education.body).toBe(201);
    const educationId = education.json().data.id as number;
    const created = await as(adminToken, 'POST', '/api/admin/certificates', {
      body: {
        name: 'Working at Height Certificate',
        trigger: 'education',
        ref_id: educationId,
        template_id: templateId,
        validity_months: 24,
        recertify: true,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const definitionId = created.json().data.id as number;
    /** The learner opens the link: the content completes and the part events complete the education. */
    const openLink = async () => {
      const opened = await as(personToken, 'POST', `/api/contents/${contentId}/progress`, {
        body: { kind: 'link', session: randomUUID(), seq: 0 },
      });
      expect(opened.statusCode, opened.body).toBe(200);
      await test.settle();
    };
    expect((await as(personToken, 'POST', `/api/educations/${educationId}/enrol`)).statusCode).toBe(200);
    await openLink();
    const [first] = await certificatesOf(person.id);
    expect(first).toMatchObject({ cycle: 1, status: 'valid' });

    const expiredAt = new Date(first!.expiresAt!.getTime() + 1000);
    const result = await test.services.certificates.expiry.run(expiredAt);
    expect(result.recertified).toBeGreaterThanOrEqual(1);
    await test.services.certificates.expiry.run(expiredAt);
    await test.settle();

    // The attempt starts over; one assignment of the education, by nobody, due 30 days on, given to the person.
    const learnerView = await as(personToken, 'GET', `/api/educations/${educationId}`);
    expect(learnerView.json().data).toMatchObject({ finished_rate: 0, enrolment: { status: 'not_started' } });
    const given = await asSystem(test.db, (tx) =>
      tx
        .select({ assignment: assignments, row: assignmentUsers })
        .from(assignmentUsers)
        .innerJoin(assignments, eq(assignments.id, assignmentUsers.assignmentId))
        .where(eq(assignmentUsers.userId, person.id)),
    );
    expect(given).toHaveLength(1);
    const due = new Date(expiredAt.getTime() + RECERTIFICATION_DAYS * DAY).toISOString().slice(0, 10);
    expect(given[0]?.assignment).toMatchObject({
      createdBy: null,
      endDate: due,
      name: 'Working at Height – recertification',
    });
    expect(given[0]?.row.status).toBe('not_started');
    const assigned = await asSystem(test.db, (tx) =>
      tx
        .select({ userId: auditLogs.actorUserId })
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'assignment.created'), eq(auditLogs.entityId, given[0]!.assignment.id))),
    );
    expect(assigned).toEqual([{ userId: null }]);
    // Told like any assignment (the "assignment given" mail), besides the expiry mail.
    const told = await mailsTo(person.email!);
    expect(told.some((mail) => /You have been given the assignment "Working at Height/.test(mail))).toBe(true);
    expect(told.some((mail) => /expired on/.test(mail))).toBe(true);
    expect(await certificatesOf(person.id)).toHaveLength(1);

    // The learner takes it again: a new certificate; the old one stays expired and does not verify.
    await openLink();
    const cycles = await certificatesOf(person.id);
    expect(cycles.map((c) => [c.cycle, c.status, c.definitionId])).toEqual([
      [1, 'expired', definitionId],
      [2, 'valid', definitionId],
    ]);
    expect(cycles[1]?.number).not.toBe(cycles[0]?.number);
    expect((await as(undefined, 'GET', `/api/verify/${cycles[0]!.number}`)).json()).toEqual({ data: { valid: false } });
    expect((await as(undefined, 'GET', `/api/verify/${cycles[1]!.number}`)).json().data.valid).toBe(true);
    const [assignmentRow] = await asSystem(test.db, (tx) =>
      tx.select().from(assignmentUsers).where(eq(assignmentUsers.userId, person.id)),
    );
    expect(assignmentRow?.status).toBe('completed');
    // Opening it once more issues nothing more.
    await openLink();
    expect(await certificatesOf(person.id)).toHaveLength(2);
  });

  it('refuses to delete a template a definition uses (409, localized, nothing deleted); another company cannot', async () => {
    const used = await as(adminToken, 'DELETE', `/api/admin/certificate-templates/${templateId}`, { lang: 'de' });
    expect(used.statusCode, used.body).toBe(409);
    expect(used.json().message).toContain('Zertifikatsdefinition');
    const bulk = await as(adminToken, 'POST', '/api/admin/certificate-templates/bulk', {
      body: { action: 'delete', ids: [templateId] },
    });
    expect(bulk.statusCode, bulk.body).toBe(409);
    const still = await asSystem(test.db, (tx) =>
      tx.select().from(certificateTemplates).where(eq(certificateTemplates.id, templateId)),
    );
    expect(still).toHaveLength(1);
    const foreign = await asOther(otherAdminToken, 'DELETE', `/api/admin/certificate-templates/${templateId}`);
    expect(foreign.statusCode).toBe(404);
    // Unused, it goes.
    const spare = await test.factories.row(certificateTemplates, company, {
      name: 'Spare',
      fields: [nameField] as never,
    });
    const gone = await as(adminToken, 'DELETE', `/api/admin/certificate-templates/${spare.id}`);
    expect(gone.statusCode, gone.body).toBe(200);
  });
});
