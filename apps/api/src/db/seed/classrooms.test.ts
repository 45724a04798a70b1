import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../../test/factories.js';
import { companyCaller, createDemoTestApp, DEMO_APP_TIMEOUT, login, type TestApp } from '../../../test/helpers.js';
import { assignmentUsers, companies } from '../schema/index.js';
import { asSystem, inTenant } from '../scope.js';
import { DEMO_PASSWORD } from './demo.js';

describe('demo seed: a classroom training in every company', () => {
  let test: TestApp;
  const company: Record<string, CompanyRow> = {};

  beforeAll(async () => {
    test = await createDemoTestApp();
    for (const slug of ['demo', 'acme']) {
      const [row] = await asSystem(test.db, (tx) => tx.select().from(companies).where(eq(companies.slug, slug)));
      if (row) company[slug] = row;
    }
  }, DEMO_APP_TIMEOUT);
  afterAll(() => test.close());

  it.each([
    ['demo', 'Etkili Sunum Teknikleri'],
    ['acme', 'Presenting with Impact'],
  ])(
    '%s: a past session with attendance, a full one with a waiting list, the learner registered on another',
    async (slug, title) => {
      const target = company[slug] as CompanyRow;
      const as = companyCaller(() => ({ app: test.app, company: target }));
      const admin = (await login(test.app, target, `admin@${slug}.test`, DEMO_PASSWORD)).access_token;
      const learner = (await login(test.app, target, `learner@${slug}.test`, DEMO_PASSWORD)).access_token;

      const list = await as(admin, 'GET', '/api/admin/classrooms');
      expect(list.statusCode, list.body).toBe(200);
      const [classroom] = list.json().data;
      expect(classroom).toMatchObject({ title, sessions_count: 3, educations_count: 1 });
      expect(classroom.next_session_at).not.toBeNull();

      const sessions = (await as(admin, 'GET', `/api/admin/classrooms/${classroom.id}/sessions`)).json().data;
      const [past, full, open] = sessions;
      expect(past).toMatchObject({ attendance_taken: true, registered_count: 8 });
      expect(full).toMatchObject({ seats_left: 0, waitlisted_count: 2 });
      expect(open.seats_left).toBeGreaterThan(0);
      const sheet = (
        await as(admin, 'GET', `/api/admin/classrooms/${classroom.id}/sessions/${past.id}/registrations`)
      ).json().data as { attendance: string | null }[];
      expect(sheet.filter((r) => r.attendance === 'present')).toHaveLength(6);

      // The learner sees the education with the classroom part in progress, and their place in the open session.
      const mine = await as(learner, 'GET', `/api/my/classrooms/${classroom.id}`);
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json().data).toMatchObject({ can_register: true, status: 'in_progress' });
      const held = mine.json().data.sessions.find((s: { id: number }) => s.id === open.id);
      expect(held.registration).toMatchObject({ status: 'registered' });
      const home = await as(learner, 'GET', '/api/my/educations', { query: { state: 'in_progress' } });
      const education = (home.json().data as { title: string; id: number }[]).find((e) =>
        ['Sunum Becerileri Atölyesi', 'Presentation Skills Workshop'].includes(e.title),
      );
      expect(education).toBeDefined();
      const detail = (await as(learner, 'GET', `/api/educations/${education?.id}`)).json().data;
      expect(detail.parts).toMatchObject([
        { type: 'classroom', ref_id: classroom.id, status: 'in_progress', locked: false },
      ]);

      // It came with an assignment whose classroom page lists the training's sessions to choose.
      const open_ = (await as(learner, 'GET', '/api/my/assignments', { query: { status: 'open' } })).json().data as {
        id: number;
        next_item: { ref_id: number; has_classroom: boolean } | null;
      }[];
      const assigned = open_.find((a) => a.next_item?.ref_id === education?.id);
      expect(assigned?.next_item?.has_classroom).toBe(true);
      const assignment = (await as(learner, 'GET', `/api/my/assignments/${assigned?.id}`)).json().data;
      expect(assignment.classrooms).toEqual([
        { id: classroom.id, title, education_id: education?.id, education_title: education?.title },
      ]);
      expect(assignment.items).toMatchObject([{ type: 'education', has_classroom: true, status: 'in_progress' }]);
      // Its people are where the publish job's roll-up would put them.
      const rows = () =>
        asSystem(test.db, (tx) =>
          tx
            .select()
            .from(assignmentUsers)
            .where(eq(assignmentUsers.assignmentId, assigned?.id ?? 0))
            .orderBy(asc(assignmentUsers.id)),
        );
      const before = await rows();
      expect(new Set(before.map((r) => r.status))).toEqual(new Set(['completed', 'in_progress']));
      await inTenant(test.db, target.id, (tx) =>
        test.services.assignments.delivery.syncRows(
          tx,
          { companyId: target.id, userId: null, impersonatorId: null, ip: null, requestId: null },
          sql`au.assignment_id = ${assigned?.id ?? 0}`,
          false,
        ),
      );
      const pick = (r: (typeof before)[number]) => [r.id, r.status, r.progress, r.startedAt, r.completedAt];
      expect((await rows()).map(pick)).toEqual(before.map(pick));
    },
  );
});
