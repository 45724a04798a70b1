import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import { companyCaller, createTestApp, login, type TestApp } from '../../../../test/helpers.js';
import { asSystem } from '../../../db/scope.js';
import { bucketsOf, pageStart, periodKey } from './service.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

interface Entry {
  rank: number;
  points: number;
  user: { id: number; name: string };
}

describe('leader table: exact ranks from the per-total counts, and a group of companies ranked together', () => {
  let test: TestApp;
  let main: CompanyRow;
  let sub: CompanyRow;
  let unrelated: CompanyRow;
  let people: UserRow[];
  let subPeople: UserRow[];
  let stranger: UserRow;
  let mainAdminToken: string;
  let subAdminToken: string;
  let viewerToken: string;
  let subViewerToken: string;
  let viewer: UserRow;
  let subViewer: UserRow;
  const asMain = companyCaller(() => ({ app: test.app, company: main }));
  const asSub = companyCaller(() => ({ app: test.app, company: sub }));

  /** Sets people's totals of a period (the writers' way: point_totals rows, the trigger keeps the counts). */
  async function setTotals(company: CompanyRow, period: string, key: number, totals: [number, number][]) {
    await asSystem(test.db, async (tx) => {
      for (const [userId, points] of totals) {
        await tx.execute(sql`insert into point_totals (company_id, period, period_key, user_id, points)
          values (${company.id}, ${period}, ${key}, ${userId}, ${points})
          on conflict (company_id, period, period_key, user_id) do update set points = excluded.points`);
      }
    });
  }

  /** Competition ranks worked out the slow way: 1 + how many have more points; ties by person id. */
  function expected(totals: [number, number][]) {
    const sorted = totals.filter(([, p]) => p > 0).sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    return sorted.map(([id, points]) => ({ id, points, rank: 1 + sorted.filter(([, p]) => p > points).length }));
  }

  const board = async (caller: typeof asMain, token: string, query: Record<string, string>) => {
    const response = await caller(token, 'GET', '/api/leaderboard', { query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      data: { scope: string; scopes: string[]; podium: Entry[]; entries: Entry[]; me: Entry | null };
      meta: { total: number };
    };
  };

  beforeAll(async () => {
    test = await createTestApp();
    const f = test.factories;
    main = await f.createCompany({ surnameViewRestrict: 1 });
    sub = await f.createCompany({ parentId: main.id });
    unrelated = await f.createCompany();
    const mainAdmin = await f.createAdmin(main);
    const subAdmin = await f.createAdmin(sub);
    people = [];
    for (let n = 0; n < 24; n++) people.push(await f.createUser(main, { name: `Kişi${n}`, surname: 'Yılmaz' }));
    subPeople = [];
    for (let n = 0; n < 5; n++) subPeople.push(await f.createUser(sub, { name: `Alt${n}`, surname: 'Demir' }));
    stranger = await f.createUser(unrelated, { name: 'Yabancı', surname: 'Dış' });
    viewer = people[10] as UserRow;
    subViewer = subPeople[0] as UserRow;
    mainAdminToken = (await login(test.app, main, mainAdmin.email ?? '')).access_token;
    subAdminToken = (await login(test.app, sub, subAdmin.email ?? '')).access_token;
    viewerToken = (await login(test.app, main, viewer.email ?? '')).access_token;
    subViewerToken = (await login(test.app, sub, subViewer.email ?? '')).access_token;
  });
  afterAll(() => test.close());

  it('finds where a page starts in the counts: its first total, the rows of it to skip, their rank', () => {
    const buckets = [
      { points: 50, people: 1 },
      { points: 40, people: 3 },
      { points: 10, people: 2 },
    ];
    expect(pageStart(buckets, 0)).toEqual({ points: 50, skip: 0, rank: 1 });
    expect(pageStart(buckets, 2)).toEqual({ points: 40, skip: 1, rank: 2 });
    expect(pageStart(buckets, 4)).toEqual({ points: 10, skip: 0, rank: 5 });
    expect(pageStart(buckets, 6)).toBeNull();
    expect(pageStart([], 0)).toBeNull();
    // A group's table, read whole, gives the same buckets.
    expect(bucketsOf([50, 40, 40, 40, 10, 10].map((points) => ({ points })))).toEqual(buckets);
    expect(bucketsOf([])).toEqual([]);
  });

  it('ranks every page exactly as counting would, with ties across page edges and people left out', async () => {
    // Many ties (only a few distinct totals), some people with none, one left out in the middle of a tie.
    const totals: [number, number][] = people.map((p, n) => [p.id, [0, 5, 10, 10, 15, 30, 30, 30][n % 8] ?? 0]);
    await setTotals(main, 'all', 0, totals);
    const left = people[5] as UserRow;
    const saved = await asMain(mainAdminToken, 'PUT', '/api/admin/leaderboard-settings', {
      body: { periods: ['week', 'month', 'season', 'all'], scopes: ['company', 'group'], excluded_user_ids: [left.id] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const want = expected(totals.filter(([id]) => id !== left.id));
    for (const perPage of [1, 2, 3, 7, 100]) {
      const seen: { id: number; points: number; rank: number }[] = [];
      for (let page = 1; page <= Math.ceil(want.length / perPage) + 1; page++) {
        const got = await board(asMain, viewerToken, { period: 'all', per_page: String(perPage), page: String(page) });
        expect(got.meta.total).toBe(want.length);
        seen.push(...got.data.entries.map((e) => ({ id: e.user.id, points: e.points, rank: e.rank })));
      }
      expect(seen, `per_page ${perPage}`).toEqual(want);
    }
    const first = await board(asMain, viewerToken, { period: 'all', per_page: '2' });
    expect(first.data.podium.map((e) => [e.user.id, e.rank])).toEqual(want.slice(0, 3).map((w) => [w.id, w.rank]));
    const mine = want.find((w) => w.id === viewer.id);
    expect(first.data.me).toMatchObject({ rank: mine?.rank, points: mine?.points, user: { id: viewer.id } });
    // A change moves the counts with it: the viewer rises above everyone, then a person is deleted.
    await setTotals(main, 'all', 0, [[viewer.id, 99]]);
    expect((await board(asMain, viewerToken, { period: 'all' })).data.me).toMatchObject({ rank: 1, points: 99 });
    await asSystem(test.db, (tx) => tx.execute(sql`delete from users where id = ${(people[7] as UserRow).id}`));
    const after = await board(asMain, viewerToken, { period: 'all' });
    expect(after.meta.total).toBe(want.length - 1);
  });

  it('keeps the per-total counts equal to the totals through inserts, updates and deletions', async () => {
    const drift = await asSystem(test.db, (tx) =>
      tx.execute(sql`select coalesce(c.company_id, t.company_id) as company_id, c.points, c.people, t.people as real
        from (select * from point_total_counts where people <> 0) c
        full join (select company_id, period, period_key, points, count(*)::integer as people from point_totals
          where points > 0 group by 1, 2, 3, 4) t
          using (company_id, period, period_key, points)
        where c.people is distinct from t.people`),
    );
    expect(rowsOf(drift)).toEqual([]);
  });

  it('ranks a main company with its sub-companies once the main company allows it, masked, never another group', async () => {
    const week = periodKey('week', 1);
    await setTotals(main, 'week', week, [
      [(people[1] as UserRow).id, 20],
      [viewer.id, 12],
    ]);
    await setTotals(sub, 'week', week, [
      [subViewer.id, 30],
      [(subPeople[1] as UserRow).id, 12],
      [(subPeople[2] as UserRow).id, 4],
    ]);
    await setTotals(unrelated, 'week', week, [[stranger.id, 500]]);

    // Not allowed yet: nobody is offered the group's table, and asking for it gives the company's own.
    const before = await board(asMain, viewerToken, { period: 'week', scope: 'sub_companies' });
    expect(before.data.scopes).toEqual(['company', 'group']);
    expect(before.data.scope).toBe('company');
    expect(before.data.entries.map((e) => e.user.id)).toEqual([(people[1] as UserRow).id, viewer.id]);

    // Only a main company may allow it (a sub-company has none of its own): 422 with the reason, nothing saved.
    const refused = await asSub(subAdminToken, 'PUT', '/api/admin/leaderboard-settings', {
      body: { periods: ['week'], scopes: ['company', 'sub_companies'], excluded_user_ids: [] },
      lang: 'en',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.scopes[0]).toMatch(/no sub-companies/);
    const subSettings = (await asSub(subAdminToken, 'GET', '/api/admin/leaderboard-settings')).json().data;
    expect(subSettings).toMatchObject({ scopes: ['company', 'group'], has_sub_companies: false });

    const allowed = await asMain(mainAdminToken, 'PUT', '/api/admin/leaderboard-settings', {
      body: {
        periods: ['week', 'month', 'season', 'all'],
        scopes: ['company', 'sub_companies'],
        excluded_user_ids: [],
      },
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().data).toMatchObject({ scopes: ['company', 'sub_companies'], has_sub_companies: true });

    const together = [
      [subViewer.id, 30, 1],
      [(people[1] as UserRow).id, 20, 2],
      [Math.min(viewer.id, (subPeople[1] as UserRow).id), 12, 3],
      [Math.max(viewer.id, (subPeople[1] as UserRow).id), 12, 3],
      [(subPeople[2] as UserRow).id, 4, 5],
    ];
    const fromMain = await board(asMain, viewerToken, { period: 'week', scope: 'sub_companies' });
    expect(fromMain.data.scope).toBe('sub_companies');
    expect(fromMain.data.scopes).toContain('sub_companies');
    expect(fromMain.data.entries.map((e) => [e.user.id, e.points, e.rank])).toEqual(together);
    expect(fromMain.meta.total).toBe(5);
    expect(fromMain.data.me).toMatchObject({ rank: 3, points: 12 });
    // The viewer's company masks surnames (surname_view_restrict), the sub-company's people's too.
    expect(fromMain.data.entries[0]?.user.name).toBe('Alt0 D****');
    // A page past the first keeps the true ranks.
    const page2 = await board(asMain, viewerToken, {
      period: 'week',
      scope: 'sub_companies',
      per_page: '2',
      page: '2',
    });
    expect(page2.data.entries.map((e) => [e.user.id, e.rank])).toEqual(
      together.slice(2, 4).map(([id, , r]) => [id, r]),
    );
    expect(page2.data.podium.map((e) => e.user.id)).toEqual(together.slice(0, 3).map(([id]) => id));

    // The sub-company's learner sees the same table (their company does not mask: full names).
    const fromSub = await board(asSub, subViewerToken, { period: 'week', scope: 'sub_companies' });
    expect(fromSub.data.entries.map((e) => [e.user.id, e.rank])).toEqual(together.map(([id, , r]) => [id, r]));
    expect(fromSub.data.me).toMatchObject({ rank: 1, points: 30 });
    expect(fromSub.data.entries[0]?.user.name).toBe('Alt0 Demir');

    // People each company leaves out stay out of the group's table.
    await asSub(subAdminToken, 'PUT', '/api/admin/leaderboard-settings', {
      body: { periods: ['week'], scopes: ['company'], excluded_user_ids: [(subPeople[2] as UserRow).id] },
    });
    const lessOne = await board(asMain, viewerToken, { period: 'week', scope: 'sub_companies' });
    expect(lessOne.meta.total).toBe(4);
    expect(lessOne.data.entries.map((e) => e.user.id)).not.toContain((subPeople[2] as UserRow).id);
    // The unrelated company's top scorer never appears, in any scope.
    for (const scope of ['company', 'sub_companies']) {
      const got = await board(asMain, viewerToken, { period: 'week', scope, per_page: '100' });
      expect(got.data.entries.map((e) => e.user.id)).not.toContain(stranger.id);
    }
  });

  it('ranks two sub-companies’ people together for the current season; a reset closes only its own company’s season', async () => {
    const f = test.factories;
    const holding = await f.createCompany();
    const north = await f.createCompany({ parentId: holding.id });
    const south = await f.createCompany({ parentId: holding.id });
    const holdingToken = (await login(test.app, holding, (await f.createAdmin(holding)).email ?? '')).access_token;
    const northToken = (await login(test.app, north, (await f.createAdmin(north)).email ?? '')).access_token;
    const [n1, n2] = [await f.createUser(north, { name: 'Kuzey1' }), await f.createUser(north, { name: 'Kuzey2' })];
    const [s1, s2] = [await f.createUser(south, { name: 'Güney1' }), await f.createUser(south, { name: 'Güney2' })];
    const southViewerToken = (await login(test.app, south, s2.email ?? '')).access_token;
    const asHolding = companyCaller(() => ({ app: test.app, company: holding }));
    const asNorth = companyCaller(() => ({ app: test.app, company: north }));
    const asSouth = companyCaller(() => ({ app: test.app, company: south }));
    const allowed = await asHolding(holdingToken, 'PUT', '/api/admin/leaderboard-settings', {
      body: { periods: ['season', 'all'], scopes: ['company', 'sub_companies'], excluded_user_ids: [] },
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    // Season 1 of every company (none has closed one yet); all time the same figures.
    for (const period of ['season', 'all'] as const) {
      const key = period === 'season' ? 1 : periodKey('all', 1);
      await setTotals(north, period, key, [
        [n1.id, 50],
        [n2.id, 10],
      ]);
      await setTotals(south, period, key, [
        [s1.id, 40],
        [s2.id, 20],
      ]);
    }
    const seasonTable = async () =>
      (await board(asSouth, southViewerToken, { period: 'season', scope: 'sub_companies' })).data.entries.map((e) => [
        e.user.id,
        e.points,
        e.rank,
      ]);
    expect(await seasonTable()).toEqual([
      [n1.id, 50, 1],
      [s1.id, 40, 2],
      [s2.id, 20, 3],
      [n2.id, 10, 4],
    ]);

    // The north sub-company closes its season: its people's season-1 points become its closing entries, and the group's
    // season table goes on with each company's own current season — the north's new one (empty yet), the south's first.
    const reset = await asNorth(northToken, 'POST', '/api/company/reset-points', { body: { season: 1 } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data).toEqual({ season: 2, closed_people: 2 });
    expect(await seasonTable()).toEqual([
      [s1.id, 40, 1],
      [s2.id, 20, 2],
    ]);
    const closing = await asSystem(test.db, async (tx) =>
      rowsOf<{ company_id: number; user_id: number; points: number; rank: number }>(
        await tx.execute(sql`select company_id, user_id, points, rank from point_season_standings
          where company_id in (${north.id}, ${south.id}, ${holding.id}) order by rank`),
      ),
    );
    expect(closing).toEqual([
      { company_id: north.id, user_id: n1.id, points: 50, rank: 1 },
      { company_id: north.id, user_id: n2.id, points: 10, rank: 2 },
    ]);
    // The others' seasons run on: the south and the main company are still in their first.
    const seasons = await asSystem(test.db, async (tx) =>
      rowsOf<{ company_id: number; season: number }>(
        await tx.execute(sql`select c.id as company_id, coalesce(s.season, 1) as season from companies c
          left join leaderboard_settings s on s.company_id = c.id
          where c.id in (${holding.id}, ${north.id}, ${south.id}) order by c.id`),
      ),
    );
    expect(seasons).toEqual([
      { company_id: holding.id, season: 1 },
      { company_id: north.id, season: 2 },
      { company_id: south.id, season: 1 },
    ]);

    // What the north earns in its second season ranks against the south's first; all time keeps everything.
    await setTotals(north, 'season', 2, [[n2.id, 30]]);
    expect(await seasonTable()).toEqual([
      [s1.id, 40, 1],
      [n2.id, 30, 2],
      [s2.id, 20, 3],
    ]);
    const allTime = await board(asSouth, southViewerToken, { period: 'all', scope: 'sub_companies' });
    expect(allTime.data.entries.map((e) => [e.user.id, e.points])).toEqual([
      [n1.id, 50],
      [s1.id, 40],
      [s2.id, 20],
      [n2.id, 10],
    ]);
  });
});
