import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDemoTestApp, DEMO_APP_TIMEOUT, login, type TestApp } from '../../../test/helpers.js';
import { educationState } from '../../modules/learning/educations/rules.js';
import { programProgress, stepStates } from '../../modules/learning/programs/rules.js';
import type { Db } from '../client.js';
import {
  assignmentItems,
  assignments,
  assignmentUsers,
  autoAssignmentRules,
  companies,
  contentEnrolments,
  contentProgress,
  contents,
  contentVersions,
  educationCategories,
  educationEnrolments,
  educationHashtags,
  educationParts,
  educations,
  programEnrolments,
  programSteps,
  programs,
  trainingRequests,
  users,
} from '../schema/index.js';
import { asSystem, inTenant } from '../scope.js';
import { DEMO_PASSWORD } from './demo.js';

/** Everything of one company the checks below read, under the system scope (the seed writes under it too). */
async function load(db: Db, slug: string) {
  return asSystem(db, async (tx) => {
    const [company] = await tx.select().from(companies).where(eq(companies.slug, slug));
    if (!company) throw new Error(`no company ${slug}`);
    const companyId = company.id;
    const of = <T extends { companyId: unknown }>(table: T) =>
      eq((table as never as { companyId: never }).companyId, companyId);
    // The educations of the library's contents; the classroom seed's own education is checked in classrooms.test.ts.
    const classroomParts = await tx
      .select({ educationId: educationParts.educationId })
      .from(educationParts)
      .where(and(of(educationParts), eq(educationParts.type, 'classroom')));
    const classroomEducations = new Set(classroomParts.map((p) => p.educationId));
    const own = <T extends { educationId: number }>(rows: T[]) =>
      rows.filter((r) => !classroomEducations.has(r.educationId));
    return {
      companyId,
      categories: await tx.select().from(educationCategories).where(of(educationCategories)),
      educations: (await tx.select().from(educations).where(of(educations))).filter(
        (e) => !classroomEducations.has(e.id),
      ),
      parts: own(
        await tx.select().from(educationParts).where(of(educationParts)).orderBy(asc(educationParts.position)),
      ),
      hashtags: await tx.select().from(educationHashtags).where(of(educationHashtags)),
      enrolments: own(await tx.select().from(educationEnrolments).where(of(educationEnrolments))),
      programs: await tx.select().from(programs).where(of(programs)),
      steps: await tx.select().from(programSteps).where(of(programSteps)).orderBy(asc(programSteps.position)),
      programEnrolments: await tx.select().from(programEnrolments).where(of(programEnrolments)),
      progress: await tx.select().from(contentProgress).where(of(contentProgress)),
      access: new Set(
        (
          await tx
            .select({ contentId: contentEnrolments.contentId, userId: contentEnrolments.userId })
            .from(contentEnrolments)
            .where(of(contentEnrolments))
        ).map((row) => `${row.contentId}:${row.userId}`),
      ),
      contents: await tx
        .select({
          id: contents.id,
          type: contents.type,
          duration: contents.durationSeconds,
          pages: contentVersions.pageCount,
        })
        .from(contents)
        .innerJoin(contentVersions, eq(contentVersions.id, contents.currentVersionId))
        .where(of(contents)),
      learner: (
        await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.companyId, companyId), eq(users.email, `learner@${slug}.test`)))
      )[0]?.id as number,
    };
  });
}
type Company = Awaited<ReturnType<typeof load>>;

/** What an enrolment must say, worked out again from its parts' content_progress rows with the roll-up's rule. */
function expectedEnrolment(company: Company, educationId: number, userId: number) {
  const education = company.educations.find((e) => e.id === educationId) as Company['educations'][number];
  const parts = company.parts.filter((p) => p.educationId === educationId);
  const rowOf = (contentId: number) => company.progress.find((r) => r.contentId === contentId && r.userId === userId);
  const state = educationState(
    parts.map((p) => ({
      id: p.id,
      required: p.required,
      started: rowOf(p.refId) !== undefined,
      completed: rowOf(p.refId)?.status === 'completed',
    })),
    education.sequential,
  );
  return {
    status: state.status,
    finishedRate: state.status === 'completed' ? 100 : state.finishedRate,
    completedParts: state.completedParts,
    openContentIds: parts.filter((p) => state.openPartIds.includes(p.id)).map((p) => p.refId),
  };
}

describe('demo seed: educations and programs', () => {
  let test: TestApp;
  const loaded: Record<string, Company> = {};

  beforeAll(async () => {
    test = await createDemoTestApp();
    for (const slug of ['demo', 'acme']) loaded[slug] = await load(test.db, slug);
  }, DEMO_APP_TIMEOUT);
  afterAll(() => test.close());

  describe.each(['demo', 'acme'])('%s', (slug) => {
    it('has twenty educations in five categories, three sequential programs, parts from the library', async () => {
      const company = loaded[slug] as Company;
      const roots = company.categories.filter((c) => c.parentId === null);
      expect(roots).toHaveLength(5);
      expect(company.categories.length).toBe(6);
      for (const category of company.categories)
        expect(Object.keys(category.names).sort()).toEqual(['az', 'de', 'en', 'tr']);
      expect(company.educations).toHaveLength(20);
      expect(company.educations.filter((e) => e.status === 0)).toHaveLength(1);
      expect(company.educations.filter((e) => e.sequential).length).toBeGreaterThanOrEqual(1);
      expect(company.educations.filter((e) => e.startDate && e.endDate).length).toBeGreaterThanOrEqual(2);
      const catalogue = company.educations.filter((e) => e.visibility === 'catalogue').length;
      expect(catalogue).toBeGreaterThan(company.educations.length / 2);
      expect(catalogue).toBeLessThan(company.educations.length);
      const language = slug === 'demo' ? 'tr' : 'en';
      for (const education of company.educations) {
        expect(education.language).toBe(language);
        expect(education.subTitle && education.descriptionTitle && education.description).toBeTruthy();
        expect(education.description).toMatch(/^<(p|ul|ol)>/);
        expect(education.categoryId).not.toBeNull();
        expect(education.estimatedMinutes).toBeGreaterThan(0);
        const parts = company.parts.filter((p) => p.educationId === education.id);
        expect(parts.length).toBeGreaterThanOrEqual(2);
        expect(parts.length).toBeLessThanOrEqual(5);
        expect(parts.some((p) => p.required)).toBe(true);
        expect(parts.map((p) => p.position)).toEqual(parts.map((_, i) => i));
        for (const part of parts) expect(company.contents.some((c) => c.id === part.refId)).toBe(true);
        // The cover is a stored file of the company, served as the uploads are.
        const name = (education.imageUrl as string).split('/').pop() as string;
        expect(await test.platform.files.open(company.companyId, name)).not.toBeNull();
      }
      expect(company.parts.some((p) => !p.required)).toBe(true);
      expect(new Set(company.hashtags.map((h) => h.educationId)).size).toBeGreaterThanOrEqual(15);
      expect(company.programs).toHaveLength(3);
      for (const program of company.programs) {
        expect(program.sequential).toBe(true);
        expect(program.imageUrl).toMatch(/^\/api\/files\//);
        const steps = company.steps.filter((s) => s.programId === program.id);
        expect(steps.length).toBeGreaterThanOrEqual(3);
        expect(steps.length).toBeLessThanOrEqual(5);
      }
      expect(company.steps.some((s) => s.deadlineDays !== null)).toBe(true);
    });

    it('keeps every education enrolment equal to what its parts’ progress says', () => {
      const company = loaded[slug] as Company;
      expect(company.enrolments.length).toBeGreaterThan(150);
      // An education with a post-test counts it as one more part (the exams seed attaches it afterwards); the live
      // roll-up check below covers those.
      const postTested = new Set(company.educations.filter((e) => e.postTestExamId !== null).map((e) => e.id));
      expect(postTested.size).toBeGreaterThan(0);
      for (const enrolment of company.enrolments.filter((e) => !postTested.has(e.educationId))) {
        const { openContentIds, ...expected } = expectedEnrolment(company, enrolment.educationId, enrolment.userId);
        expect({ ...enrolment, user: enrolment.userId }).toMatchObject({ ...expected, user: enrolment.userId });
        // The open parts are the learner's content enrolments, as the roll-up gives them.
        for (const contentId of openContentIds) {
          expect(company.access.has(`${contentId}:${enrolment.userId}`), `${contentId}:${enrolment.userId}`).toBe(true);
        }
        expect(enrolment.startedAt === null).toBe(expected.status === 'not_started');
        expect(enrolment.completedAt === null).toBe(expected.status !== 'completed');
        if (enrolment.startedAt)
          expect(enrolment.createdAt.getTime()).toBeLessThanOrEqual(enrolment.startedAt.getTime());
      }
      // Realistic: most enrolled people have not started, some are half-way, some finished.
      const count = (status: string) => company.enrolments.filter((e) => e.status === status).length;
      expect(count('completed')).toBeGreaterThan(20);
      expect(count('in_progress')).toBeGreaterThan(20);
      expect(count('not_started')).toBeGreaterThan(Math.max(count('completed'), count('in_progress')));
      expect(company.enrolments.filter((e) => e.status === 'in_progress' && e.finishedRate > 0).length).toBeGreaterThan(
        10,
      );
    });

    it('writes progress rows as the player would: ranges, pages and percentages agree', () => {
      const company = loaded[slug] as Company;
      for (const row of company.progress) {
        const content = company.contents.find((c) => c.id === row.contentId);
        if (row.status === 'completed') expect(row.progress).toBe(100);
        if (content?.type === 'video' && row.watchedRanges.length > 0) {
          const covered = row.watchedRanges.reduce((sum, [from, to]) => sum + to - from, 0);
          expect(row.progress).toBe(
            row.status === 'completed' ? 100 : Math.floor((covered / (content.duration as number)) * 100),
          );
        }
        if (content?.type === 'document' && row.pagesSeen.length > 0 && row.status !== 'completed') {
          expect(row.progress).toBe(Math.floor((row.pagesSeen.length / (content.pages as number)) * 100));
        }
      }
    });

    it('keeps programs consistent: steps enrolled in order, the roll-up from the steps’ enrolments', () => {
      const company = loaded[slug] as Company;
      expect(company.programEnrolments.length).toBeGreaterThan(20);
      for (const enrolment of company.programEnrolments) {
        const steps = company.steps.filter((s) => s.programId === enrolment.programId);
        // The program's own step enrolments (an assignment may have enrolled the person in a later step too).
        const stepEnrolments = steps.map((s) =>
          company.enrolments.find(
            (e) => e.educationId === s.educationId && e.userId === enrolment.userId && e.source === 'program',
          ),
        );
        // Step 1 is always enrolled; a later one only once the step before it is completed.
        expect(stepEnrolments[0]).toBeDefined();
        stepEnrolments.forEach((step, index) => {
          if (index > 0) expect(step !== undefined).toBe(stepEnrolments[index - 1]?.status === 'completed');
          if (step) expect(step.source).toBe('program');
        });
        // The programs module's own rules: open steps enrolled (locked ones not), the roll-up, the due dates.
        const states = stepStates(
          true,
          steps,
          (educationId) =>
            (stepEnrolments[steps.findIndex((s) => s.educationId === educationId)]?.status as
              | 'not_started'
              | 'in_progress'
              | 'completed'
              | null) ?? null,
          enrolment.createdAt,
        );
        states.forEach((state, index) => {
          expect(stepEnrolments[index] !== undefined).toBe(!state.locked);
          if (stepEnrolments[index]) expect(stepEnrolments[index]?.dueAt).toBe(state.dueDate);
        });
        const progress = programProgress(
          states,
          stepEnrolments.some((e) => e && e.status !== 'not_started'),
        );
        expect(enrolment).toMatchObject(progress);
        expect(enrolment.startedAt === null).toBe(progress.status === 'not_started');
        expect(enrolment.completedAt === null).toBe(progress.status !== 'completed');
      }
      const statuses = new Set(company.programEnrolments.map((e) => e.status));
      expect(statuses).toEqual(new Set(['completed', 'in_progress', 'not_started']));
    });

    it('gives the demo learner a mix: finished, under way, not started, a locked next step, a date soon', () => {
      const company = loaded[slug] as Company;
      const mine = company.enrolments.filter((e) => e.userId === company.learner);
      const count = (status: string) => mine.filter((e) => e.status === status).length;
      expect(count('completed')).toBeGreaterThanOrEqual(1);
      expect(count('in_progress')).toBeGreaterThanOrEqual(2);
      expect(count('not_started')).toBeGreaterThanOrEqual(3);
      const soon = Date.now() + 7 * 86_400_000;
      expect(mine.some((e) => e.status !== 'completed' && e.dueAt && new Date(e.dueAt).getTime() <= soon)).toBe(true);
      const myPrograms = company.programEnrolments.filter((e) => e.userId === company.learner);
      const lockedNext = myPrograms.filter((program) => {
        const steps = company.steps.filter((s) => s.programId === program.programId);
        const enrolled = steps.filter((s) => mine.some((e) => e.educationId === s.educationId));
        return program.status === 'in_progress' && enrolled.length < steps.length;
      });
      expect(lockedNext.length).toBeGreaterThanOrEqual(1);
      // The KVKK link stays unopened: the admin e2e enrols this learner in an education of it and expects 0 done.
      const links = new Set(company.contents.filter((c) => c.type === 'link').map((c) => c.id));
      expect(company.progress.filter((r) => r.userId === company.learner && links.has(r.contentId))).toEqual([]);
    });

    it('gives assignments whose people are where their items’ enrolments put them (the roll-up changes nothing)', async () => {
      const company = loaded[slug] as Company;
      const read = () =>
        asSystem(test.db, async (tx) => ({
          assignments: await tx.select().from(assignments).where(eq(assignments.companyId, company.companyId)),
          items: await tx.select().from(assignmentItems).where(eq(assignmentItems.companyId, company.companyId)),
          rows: await tx
            .select()
            .from(assignmentUsers)
            .where(eq(assignmentUsers.companyId, company.companyId))
            .orderBy(asc(assignmentUsers.id)),
        }));
      // The assignments of this seed: an automatic rule's, an approved training request's and the classroom
      // education's have seeds of their own (classrooms.test.ts checks the last).
      const others = await asSystem(test.db, async (tx) => [
        ...(await tx.select({ id: autoAssignmentRules.assignmentId }).from(autoAssignmentRules)),
        ...(await tx.select({ id: trainingRequests.assignmentId }).from(trainingRequests)),
        ...(await tx
          .select({ id: assignmentItems.assignmentId })
          .from(assignmentItems)
          .innerJoin(
            educationParts,
            and(eq(educationParts.educationId, assignmentItems.refId), eq(educationParts.type, 'classroom')),
          )
          .where(eq(assignmentItems.type, 'education'))),
        // The surveys' seed gives its satisfaction survey through an assignment of its own (issue 15).
        ...(await tx
          .select({ id: assignmentItems.assignmentId })
          .from(assignmentItems)
          .where(eq(assignmentItems.type, 'survey'))),
      ]);
      const ownedElsewhere = new Set(others.map((row) => row.id));
      const all = await read();
      const before = {
        assignments: all.assignments.filter((a) => !ownedElsewhere.has(a.id)),
        items: all.items.filter((i) => !ownedElsewhere.has(i.assignmentId)),
        rows: all.rows.filter((r) => !ownedElsewhere.has(r.assignmentId)),
      };
      const today = new Date().toISOString().slice(0, 10);
      const published = before.assignments.filter((a) => a.publishedAt);
      expect(before.assignments.filter((a) => !a.publishedAt)).toHaveLength(1);
      // Running and over, mandatory and not, for the whole company and for a group.
      expect(published.some((a) => a.startDate <= today && today <= a.endDate && a.mandatory)).toBe(true);
      expect(published.some((a) => a.endDate < today && a.mandatory)).toBe(true);
      expect(published.some((a) => !a.mandatory && a.targetKind === 'groups')).toBe(true);
      const everyone = await asSystem(test.db, (tx) =>
        tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.companyId, company.companyId), eq(users.status, 1))),
      );
      for (const a of published.filter((x) => x.targetKind === 'company')) {
        expect(before.rows.filter((r) => r.assignmentId === a.id)).toHaveLength(everyone.length);
      }
      // Each person is enrolled in each item, and their row is the mean of those enrolments.
      for (const row of before.rows) {
        const items = before.items.filter((i) => i.assignmentId === row.assignmentId);
        const enrolments = items.map(
          (i) =>
            company.enrolments.find((e) => e.educationId === i.refId && e.userId === row.userId) as never as {
              status: string;
              finishedRate: number;
            },
        );
        expect(enrolments.every(Boolean)).toBe(true);
        const mean = Math.round(
          enrolments.reduce((sum, e) => sum + (e.status === 'completed' ? 100 : e.finishedRate), 0) / items.length,
        );
        const completed = enrolments.every((e) => e.status === 'completed');
        expect(row.progress).toBe(completed ? 100 : mean);
        expect(row.status).toBe(
          completed
            ? 'completed'
            : enrolments.some((e) => e.status !== 'not_started') || mean > 0
              ? 'in_progress'
              : 'not_started',
        );
        expect(row.completedAt !== null).toBe(completed);
        expect(row.notifiedAt).not.toBeNull();
      }
      const statuses = new Set(before.rows.map((r) => r.status));
      expect([...statuses].sort()).toEqual(['completed', 'in_progress', 'not_started']);
      // The publish job's own roll-up leaves every row as the seed wrote it.
      await inTenant(test.db, company.companyId, (tx) =>
        test.services.assignments.delivery.syncRows(
          tx,
          { companyId: company.companyId, userId: null, impersonatorId: null, ip: null, requestId: null },
          sql`au.company_id = ${company.companyId}`,
          false,
        ),
      );
      const after = await read();
      const pick = (r: (typeof before.rows)[number]) => [r.id, r.status, r.progress, r.startedAt, r.completedAt];
      expect(after.rows.filter((r) => !ownedElsewhere.has(r.assignmentId)).map(pick)).toEqual(before.rows.map(pick));
      // The reminders of the past count as sent: the first schedule run sends nothing.
      const { reminded } = await test.services.assignments.delivery.sendDueReminders();
      expect(reminded).toBe(0);
    });

    it('gives the demo learner an open mandatory assignment, one under way, one completed, one overdue', async () => {
      const host = `${slug}.localhost`;
      const token = (await login(test.app, { slug }, `learner@${slug}.test`, DEMO_PASSWORD)).access_token;
      const get = async (url: string) => {
        const response = await call(test.app, 'GET', url, { host, token });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        return response.json();
      };
      const open = (await get('/api/my/assignments?status=open')).data as { status: string; mandatory: boolean }[];
      expect(open.some((a) => a.mandatory && a.status === 'not_started')).toBe(true);
      expect(open.some((a) => a.status === 'in_progress')).toBe(true);
      expect((await get('/api/my/assignments?status=completed')).data.length).toBeGreaterThanOrEqual(1);
      const overdue = (await get('/api/my/assignments?status=overdue')).data as { status: string }[];
      expect(overdue.length).toBeGreaterThanOrEqual(1);
      expect(overdue.every((a) => a.status === 'overdue')).toBe(true);
      const mandatory = (await get('/api/dashboard/mandatory-completions')).data;
      // The one notice is the seeded must-read announcement (seed/announcements.ts).
      expect(mandatory.notices.map((n: { announcement_id?: number }) => n.announcement_id !== undefined)).toEqual([
        true,
      ]);
      expect(mandatory.assignments.map((a: { action_label: string }) => a.action_label).sort()).toEqual([
        'continue',
        'start',
      ]);
    });

    it('is where the live roll-up would leave it: bringing each enrolment in line changes nothing', {
      timeout: 90_000,
    }, async () => {
      const company = loaded[slug] as Company;
      const { sync } = test.services.educations.enrolments;
      const before = await asSystem(test.db, (tx) =>
        tx.select().from(educationEnrolments).where(eq(educationEnrolments.companyId, company.companyId)),
      );
      await inTenant(test.db, company.companyId, async (tx) => {
        for (const row of before) {
          await sync(
            tx,
            { companyId: company.companyId, userId: row.userId, ip: null, requestId: null },
            row.id,
            false,
          );
        }
      });
      const after = await asSystem(test.db, (tx) =>
        tx.select().from(educationEnrolments).where(eq(educationEnrolments.companyId, company.companyId)),
      );
      const pick = (row: (typeof before)[number]) => ({
        id: row.id,
        status: row.status,
        finishedRate: row.finishedRate,
        completedParts: row.completedParts,
        startedAt: row.startedAt,
        completedAt: row.completedAt,
      });
      expect(after.map(pick).sort((a, b) => a.id - b.id)).toEqual(before.map(pick).sort((a, b) => a.id - b.id));
      const access = await asSystem(test.db, (tx) =>
        tx
          .select({ id: contentEnrolments.id })
          .from(contentEnrolments)
          .where(eq(contentEnrolments.companyId, company.companyId)),
      );
      expect(access.length).toBe(company.access.size);
    });

    it('shows the demo learner real pages: home, my educations, detail, the next part playable, the catalogue', async () => {
      const host = `${slug}.localhost`;
      const token = (await login(test.app, { slug }, `learner@${slug}.test`, DEMO_PASSWORD)).access_token;
      const get = async (url: string) => {
        const response = await call(test.app, 'GET', url, { host, token });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        return response.json();
      };
      const home = (await get('/api/my/home')).data;
      expect(home.continue_learning).toMatchObject({ enrolment: { status: 'in_progress' } });
      expect(home.due_soon.length).toBeGreaterThanOrEqual(1);
      // Both of the learner's programs are under way, each with a next education.
      expect(home.programs).toHaveLength(2);
      for (const program of home.programs) expect(program.next_education_id).not.toBeNull();
      expect(home.new_in_catalogue.length).toBeGreaterThanOrEqual(3);
      expect(home.totals.completed_educations).toBeGreaterThanOrEqual(1);
      expect(home.totals.hours_learned).toBeGreaterThan(0);
      const mine = await get('/api/my/educations?per_page=48');
      expect(mine.counts.completed).toBeGreaterThanOrEqual(1);
      expect(mine.counts.in_progress).toBeGreaterThanOrEqual(2);
      expect(mine.counts.not_started).toBeGreaterThanOrEqual(3);
      // The due-soon education under way: its detail continues at a part the learner may play now.
      const due = [...home.due_soon]
        .filter((card: { enrolment: { status: string } }) => card.enrolment.status === 'in_progress')
        .sort((a, b) => b.enrolment.finished_rate - a.enrolment.finished_rate)[0];
      const detail = (await get(`/api/educations/${due.id}`)).data;
      expect(detail.finished_rate).toBeGreaterThan(0);
      const next = detail.parts.find((part: { id: number }) => part.id === detail.next_part_id);
      expect(next).toMatchObject({ locked: false });
      await get(`/api/contents/${next.ref_id}/player`);
      const catalogue = await get('/api/catalogue?per_page=48');
      expect(catalogue.meta.total).toBeGreaterThanOrEqual(12);
      // Search finds the seeded trainings and programs.
      const query = slug === 'demo' ? 'oltalama' : 'phishing';
      const found = (await get(`/api/search?q=${query}`)).data.groups as { kind: string; hits: { title: string }[] }[];
      const titles = found.flatMap((group) => group.hits.map((hit) => `${group.kind}:${hit.title}`));
      expect(titles).toContain(
        slug === 'demo' ? 'education:Oltalama (Phishing) Saldırıları' : 'education:Phishing Attacks',
      );
      const path = (await get(`/api/search?q=${slug === 'demo' ? 'uyum' : 'compliance'}&kind=program`)).data.groups;
      expect(path[0].hits.length).toBeGreaterThanOrEqual(1);
      const categories = (await get('/api/education-categories')).data;
      expect(categories).toHaveLength(6);
      expect(categories.every((c: { educations_count: number }) => c.educations_count > 0)).toBe(true);
      // Opening the player started a part: its event moves the enrolment before the next test reads.
      await test.settle();
    });

    it('shows the admin the catalogue and each education’s learners', async () => {
      const host = `${slug}.localhost`;
      const token = (await login(test.app, { slug }, `admin@${slug}.test`, DEMO_PASSWORD)).access_token;
      const get = async (url: string) => {
        const response = await call(test.app, 'GET', url, { host, token });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        return response.json();
      };
      const list = await get('/api/admin/educations?per_page=50');
      // Twenty of the library, and the classroom seed's presentation workshop.
      expect(list.meta.total).toBe(21);
      for (const education of list.data) {
        expect(education.parts.every((part: { available: boolean }) => part.available)).toBe(education.status === 1);
      }
      const busiest = [...list.data].sort((a, b) => b.enrolled_count - a.enrolled_count)[0];
      const report = await get(`/api/admin/educations/${busiest.id}/report?per_page=50`);
      expect(report.summary.enrolled).toBe(busiest.enrolled_count);
      expect(report.summary.completed).toBeGreaterThan(0);
      expect(report.summary.started).toBeGreaterThan(report.summary.completed);
      expect(report.summary.enrolled).toBeGreaterThan(report.summary.started);
    });
  });
});
