import { POINT_KINDS } from '@kampus/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import { companyCaller, createTestApp, login, type TestApp } from '../../../../test/helpers.js';
import { tokenWithPermissions } from '../../../../test/permissions.js';
import { describeResourceContract } from '../../../../test/resource-contract.js';
import {
  auditLogs,
  companySettings,
  pointLedger,
  pointRules,
  pointSeasonStandings,
  pointTotals,
} from '../../../db/schema/index.js';
import { asSystem, inTenant } from '../../../db/scope.js';
import { record } from '../../../platform/events.js';
import { ensurePointRules } from './rules.js';

describeResourceContract({
  plural: 'points',
  entity: 'point_rule',
  permissions: { read: 'read_point', write: 'read_point' },
  // One rule per kind and company: each body (created or only listed in a route matrix) names the company's next kind.
  create: (() => {
    const bodies = new Map<number, number>();
    return (n: number, company: { id: number }) => {
      const count = bodies.get(company.id) ?? 0;
      bodies.set(company.id, count + 1);
      return { kind: POINT_KINDS[count % POINT_KINDS.length], points: 10 + n };
    };
  })(),
  update: { points: 25, daily_cap: 50 },
  invalid: { body: { kind: 'sign_in', points: -3 }, field: 'points' },
  without: ['export', 'bulk'],
});

describe('points: awarding, caps, the leader table and the season reset', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let admin: UserRow;
  let ayse: UserRow;
  let burak: UserRow;
  let cem: UserRow;
  let outsider: UserRow;
  let adminToken: string;
  let ayseToken: string;
  let otherAdminToken: string;
  let pointReaderToken: string;
  const as = companyCaller(() => ({ app: test.app, company }));
  const asOther = companyCaller(() => ({ app: test.app, company: other }));

  /** Something the person did, recorded as its module records it. */
  async function happened(
    userId: number,
    action: string,
    id: number,
    after: Record<string, unknown> = {},
    target = company,
  ) {
    await inTenant(test.db, target.id, (tx) =>
      record(
        tx,
        { companyId: target.id, userId, ip: null, requestId: null },
        { action, entity: action.split('.')[0] ?? 'x', id, after: { user_id: userId, ...after } },
      ),
    );
    await test.settle();
  }

  const ledgerOf = (userId: number) =>
    asSystem(test.db, (tx) => tx.select().from(pointLedger).where(eq(pointLedger.userId, userId)));
  const totalOf = async (userId: number, period = 'all') =>
    (
      await asSystem(test.db, (tx) =>
        tx
          .select()
          .from(pointTotals)
          .where(and(eq(pointTotals.userId, userId), eq(pointTotals.period, period))),
      )
    ).reduce((sum, row) => sum + row.points, 0);

  async function ruleOf(kind: string) {
    const response = await as(adminToken, 'GET', '/api/admin/points', { query: { kind } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data[0] as { id: number; points: number };
  }
  async function setRule(kind: string, body: Record<string, unknown>) {
    const rule = await ruleOf(kind);
    const response = await as(adminToken, 'PUT', `/api/admin/points/${rule.id}`, { body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  beforeAll(async () => {
    test = await createTestApp();
    const f = test.factories;
    company = await f.createCompany({ surnameViewRestrict: 1 });
    other = await f.createCompany();
    admin = await f.createAdmin(company, { name: 'Derya', surname: 'Kaya' });
    ayse = await f.createUser(company, { name: 'Ayşe', surname: 'Yılmaz', language: 'en' });
    burak = await f.createUser(company, { name: 'Burak', surname: 'Şahin' });
    cem = await f.createUser(company, { name: 'Cem', surname: 'Demir' });
    outsider = await f.createUser(other, { name: 'Olcay', surname: 'Dış' });
    adminToken = (await login(test.app, company, admin.email ?? '')).access_token;
    ayseToken = (await login(test.app, company, ayse.email ?? '')).access_token;
    otherAdminToken = (await login(test.app, other, (await f.createAdmin(other)).email ?? '')).access_token;
    pointReaderToken = await tokenWithPermissions(test, company, ['read_point']);
    // The rules go on after the sign-ins above, so each test counts only what it makes happen.
    for (const c of [company, other]) await inTenant(test.db, c.id, (tx) => ensurePointRules(tx, c.id, 1));
  });
  afterAll(() => test.close());

  it('awards a completed content once, however often the event comes, and tells the person in their language', async () => {
    const pushes = vi.spyOn(test.platform.realtime, 'toUser');
    await happened(ayse.id, 'content.completed', 9001);
    await happened(ayse.id, 'content.completed', 9001);
    const rows = (await ledgerOf(ayse.id)).filter((r) => r.kind === 'content_completed');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ points: 10, sourceKey: 'content:9001', season: 1 });
    expect(await totalOf(ayse.id)).toBeGreaterThanOrEqual(10);
    const forAyse = pushes.mock.calls.filter(([userId, , payload]) => userId === ayse.id && payload.points === 10);
    expect(forAyse).toHaveLength(1);
    expect(forAyse[0]?.[1]).toBe('point-event');
    expect(forAyse[0]?.[2].message).toBe('Congratulations, you earned 10 points: Content completed');
    pushes.mockRestore();
  });

  it('keeps the week, month, season and all-time totals equal to the ledger', async () => {
    const ledger = (await ledgerOf(ayse.id)).reduce((sum, r) => sum + r.points, 0);
    for (const period of ['week', 'month', 'season', 'all']) {
      expect(await totalOf(ayse.id, period)).toBe(ledger);
      // The table reads the period the awards wrote (the keys are worked out in SQL there and in code here).
      const board = await as(ayseToken, 'GET', '/api/leaderboard', { query: { period } });
      expect(board.json().data.me?.points, period).toBe(ledger);
    }
  });

  it('stops at the daily cap, gives nothing for a rule that is off, and scales an exam by its score', async () => {
    await setRule('content_completed', { points: 10, daily_cap: 15 });
    await happened(burak.id, 'content.completed', 1);
    await happened(burak.id, 'content.completed', 2);
    await happened(burak.id, 'content.completed', 3);
    const contents = (await ledgerOf(burak.id)).filter((r) => r.kind === 'content_completed');
    expect(contents.map((r) => r.points)).toEqual([10, 5]);

    await setRule('survey_answered', { status: 0 });
    await happened(burak.id, 'survey.answered', 5, { education_id: 3 });
    expect((await ledgerOf(burak.id)).some((r) => r.kind === 'survey_answered')).toBe(false);

    await happened(burak.id, 'exam.passed', 7, { score_percent: 80 });
    await happened(burak.id, 'exam.failed', 8, { score_percent: 20 });
    const exams = (await ledgerOf(burak.id)).filter((r) => r.kind === 'exam_passed');
    expect(exams.map((r) => [r.sourceKey, r.points])).toEqual([['exam:7', 24]]);
  });

  it('gives a daily sign-in once a day', async () => {
    await happened(cem.id, 'user.signed_in', cem.id);
    await happened(cem.id, 'user.signed_in', cem.id);
    expect((await ledgerOf(cem.id)).filter((r) => r.kind === 'sign_in').map((r) => r.points)).toEqual([5]);
  });

  it('awards in the company of the event only', async () => {
    await happened(outsider.id, 'certificate.issued', 44, {}, other);
    const rows = await ledgerOf(outsider.id);
    expect(rows.map((r) => [r.companyId, r.kind, r.points])).toEqual([[other.id, 'certificate_earned', 40]]);
  });

  it('refuses a rule of another company (404), a second rule of a kind (422) and scaling a rule that is no exam', async () => {
    const rule = await ruleOf('sign_in');
    expect(
      (await asOther(otherAdminToken, 'PUT', `/api/admin/points/${rule.id}`, { body: { points: 1 } })).statusCode,
    ).toBe(404);
    const again = await as(adminToken, 'POST', '/api/admin/points', {
      body: { kind: 'sign_in', points: 3 },
      lang: 'en',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.kind).toEqual(['The company already has a rule for this event.']);
    const scaled = await as(adminToken, 'PUT', `/api/admin/points/${rule.id}`, { body: { scale_by_score: true } });
    expect(scaled.statusCode).toBe(422);
    expect((await ruleOf('sign_in')).points).toBe(rule.points);
  });

  it('ranks the company, masks surnames per surname_view_restrict and always shows the viewer’s own place', async () => {
    const response = await as(ayseToken, 'GET', '/api/leaderboard', { query: { period: 'all', per_page: '2' } });
    expect(response.statusCode, response.body).toBe(200);
    const board = response.json();
    // Burak 10 + 5 + 24 = 39, Ayşe 10, Cem 5; the other company's people never.
    expect(board.data.podium.map((e: { user: { id: number } }) => e.user.id)).toEqual([burak.id, ayse.id, cem.id]);
    expect(board.data.podium.map((e: { rank: number }) => e.rank)).toEqual([1, 2, 3]);
    expect(board.data.podium[0].user.name).toBe('Burak Ş****');
    expect(board.data.podium[1].user.name).toBe('Ayşe Yılmaz');
    expect(board.meta.total).toBe(3);
    expect(board.data.me).toMatchObject({ rank: 2, points: 10 });

    const page2 = (
      await as(ayseToken, 'GET', '/api/leaderboard', { query: { period: 'all', per_page: '2', page: '2' } })
    ).json();
    expect(page2.data.entries.map((e: { rank: number; user: { id: number } }) => [e.rank, e.user.id])).toEqual([
      [3, cem.id],
    ]);
  });

  it('leaves excluded people out and shows only the periods and scopes the admin chose; groups rank their members', async () => {
    const denied = await as(pointReaderToken, 'PUT', '/api/admin/leaderboard-settings', {
      body: { periods: ['week'], scopes: ['company'], excluded_user_ids: [] },
    });
    expect(denied.statusCode).toBe(403);
    const bad = await as(adminToken, 'PUT', '/api/admin/leaderboard-settings', {
      body: { periods: [], scopes: ['company'], excluded_user_ids: [] },
      lang: 'en',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.periods).toEqual(['Choose at least one period.']);
    const foreign = await as(adminToken, 'PUT', '/api/admin/leaderboard-settings', {
      body: { periods: ['all'], scopes: ['company'], excluded_user_ids: [outsider.id] },
    });
    expect(foreign.statusCode).toBe(422);
    expect((await as(adminToken, 'GET', '/api/admin/leaderboard-settings')).json().data.excluded).toEqual([]);

    const saved = await as(adminToken, 'PUT', '/api/admin/leaderboard-settings', {
      body: { periods: ['month', 'all'], scopes: ['company', 'group'], excluded_user_ids: [burak.id] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ periods: ['month', 'all'], excluded: [{ id: burak.id }] });

    const board = (await as(ayseToken, 'GET', '/api/leaderboard', { query: { period: 'week' } })).json();
    expect(board.data.period).toBe('month');
    expect(board.data.periods).toEqual(['month', 'all']);
    expect(board.data.podium.map((e: { user: { id: number } }) => e.user.id)).toEqual([ayse.id, cem.id]);
    expect(board.data.me).toMatchObject({ rank: 1 });

    const group = await test.factories.createUserGroup(company, { members: [ayse.id, burak.id] });
    const inGroup = (
      await as(ayseToken, 'GET', '/api/leaderboard', { query: { period: 'all', scope: 'group' } })
    ).json();
    expect(inGroup.data).toMatchObject({ scope: 'group', group_id: group.id });
    expect(inGroup.data.entries.map((e: { user: { id: number } }) => e.user.id)).toEqual([ayse.id]);

    await as(adminToken, 'PUT', '/api/admin/leaderboard-settings', {
      body: { periods: ['week', 'month', 'season', 'all'], scopes: ['company', 'group'], excluded_user_ids: [] },
    });
  });

  it('starts a new season on a confirmed reset: closing entries, history kept, audited, never twice', async () => {
    expect((await as(ayseToken, 'POST', '/api/company/reset-points', { body: { season: 1 } })).statusCode).toBe(403);
    const bad = await as(adminToken, 'POST', '/api/company/reset-points', { body: { season: 'one' } });
    expect(bad.statusCode).toBe(422);

    const reset = await as(adminToken, 'POST', '/api/company/reset-points', { body: { season: 1 }, lang: 'en' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({
      message: 'Season 1 is closed and a new season has started.',
      data: { season: 2, closed_people: 3 },
    });
    const standings = await asSystem(test.db, (tx) =>
      tx.select().from(pointSeasonStandings).where(eq(pointSeasonStandings.companyId, company.id)),
    );
    expect(standings.map((s) => [s.userId, s.rank]).sort((a, b) => (a[1] ?? 0) - (b[1] ?? 0))).toEqual([
      [burak.id, 1],
      [ayse.id, 2],
      [cem.id, 3],
    ]);
    expect((await as(adminToken, 'POST', '/api/company/reset-points', { body: { season: 1 } })).statusCode).toBe(409);

    const season = (await as(ayseToken, 'GET', '/api/leaderboard', { query: { period: 'season' } })).json();
    expect(season.data).toMatchObject({ season: { number: 2 }, podium: [], me: null });
    const allTime = (await as(ayseToken, 'GET', '/api/leaderboard', { query: { period: 'all' } })).json();
    expect(allTime.data.me).toMatchObject({ points: 10 });
    expect(allTime.data.balance).toBe(10);

    // A new award counts in season 2.
    await happened(ayse.id, 'education.completed', 31);
    expect((await ledgerOf(ayse.id)).find((r) => r.kind === 'education_completed')?.season).toBe(2);
    expect(await totalOf(ayse.id, 'season')).toBe(10 + 50);

    const audit = await asSystem(test.db, (tx) =>
      tx
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.companyId, company.id), eq(auditLogs.action, 'leaderboard.reset'))),
    );
    expect(audit).toHaveLength(1);
    const settings = (await as(adminToken, 'GET', '/api/admin/leaderboard-settings')).json().data;
    expect(settings.seasons).toEqual([expect.objectContaining({ season: 1, people: 3, top_points: 39 })]);
  });

  it('answers 401 without a session and keeps another company’s admin to its own table', async () => {
    expect((await as(undefined, 'GET', '/api/leaderboard')).statusCode).toBe(401);
    const theirs = (await asOther(otherAdminToken, 'GET', '/api/leaderboard', { query: { period: 'all' } })).json();
    expect(theirs.data.podium.map((e: { user: { id: number } }) => e.user.id)).toEqual([outsider.id]);
    expect((await asOther(otherAdminToken, 'GET', '/api/admin/leaderboard-settings')).json().data.season).toBe(1);
  });

  it('refuses the table where the company switched the leader-table module off', async () => {
    await asSystem(test.db, (tx) =>
      tx.insert(companySettings).values({ companyId: other.id, key: 'modules', value: ['wall', 'gift'] }),
    );
    const off = await asOther(otherAdminToken, 'GET', '/api/leaderboard', { lang: 'en' });
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe('The leaderboard is switched off in this company.');
  });

  it('gives a new company every rule, switched off', async () => {
    const fresh = await test.factories.createCompany();
    await happened(admin.id, 'company.created', fresh.id, {}, fresh);
    const rows = await asSystem(test.db, (tx) =>
      tx.select().from(pointRules).where(eq(pointRules.companyId, fresh.id)),
    );
    expect(rows.map((r) => r.kind).sort()).toEqual([...POINT_KINDS].sort());
    expect(rows.every((r) => r.status === 0)).toBe(true);
  });
});
