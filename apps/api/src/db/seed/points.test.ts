import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDemoTestApp, DEMO_APP_TIMEOUT, login, type TestApp } from '../../../test/helpers.js';
import { asSystem } from '../scope.js';
import { DEMO_PASSWORD } from './demo.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

describe('demo points', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createDemoTestApp();
  }, DEMO_APP_TIMEOUT);
  afterAll(() => test.close());

  it.each(['demo', 'acme'])(
    'leaves the %s learner, after their gift requests, points for a few of the cheaper gifts but not the dear ones',
    async (slug) => {
      const host = `${slug}.localhost`;
      const learner = (await login(test.app, { slug }, `learner@${slug}.test`, DEMO_PASSWORD)).access_token;
      const store = (await call(test.app, 'GET', '/api/gifts', { host, token: learner })).json();
      const balance: number = store.meta.balance;
      const prices: number[] = store.data.map((g: { price: number }) => g.price);
      expect(prices.filter((price) => price <= balance).length, `balance ${balance}`).toBeGreaterThanOrEqual(3);
      expect(
        prices.filter((price) => price >= 800 && price <= balance),
        `balance ${balance}`,
      ).toEqual([]);
    },
  );

  it.each(['demo', 'acme'])('gives every period of the %s leader table a podium', async (slug) => {
    const host = `${slug}.localhost`;
    const learner = (await login(test.app, { slug }, `learner@${slug}.test`, DEMO_PASSWORD)).access_token;
    for (const period of ['week', 'month', 'season', 'all']) {
      const board = (
        await call(test.app, 'GET', '/api/leaderboard', { host, token: learner, query: { period, scope: 'company' } })
      ).json();
      expect(board.data.podium, period).toHaveLength(3);
    }
  });

  it('keeps the totals equal to what the ledger awarded (spending moves the balance, never the totals)', async () => {
    const drift = await asSystem(test.db, async (tx) =>
      rowsOf(
        await tx.execute(sql`with awarded as (
            select company_id, user_id, 'all' as period, 0 as period_key, sum(points)::integer as points
              from point_ledger where rule_id is not null group by 1, 2
            union all
            select company_id, user_id, 'season', season, sum(points)::integer
              from point_ledger where rule_id is not null group by 1, 2, 4)
          select a.company_id, a.user_id, a.period, a.points, t.points as total from awarded a
          left join point_totals t on t.company_id = a.company_id and t.user_id = a.user_id
            and t.period = a.period and t.period_key = a.period_key
          where t.points is distinct from a.points`),
      ),
    );
    expect(drift).toEqual([]);
  });
});
