import { GIFT_REQUEST_STATUSES } from '@kampus/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDemoTestApp, DEMO_APP_TIMEOUT, login, type TestApp } from '../../../test/helpers.js';
import { asSystem } from '../scope.js';
import { DEMO_PASSWORD } from './demo.js';

describe('demo gift store', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createDemoTestApp();
  }, DEMO_APP_TIMEOUT);
  afterAll(() => test.close());

  it.each([
    ['demo', 'Kampüs Tişörtü'],
    ['acme', 'Campus T-shirt'],
  ])('gives %s twelve gifts of the three types with pictures and requests in every state', async (slug, shirt) => {
    const host = `${slug}.localhost`;
    const learner = (await login(test.app, { slug }, `learner@${slug}.test`, DEMO_PASSWORD)).access_token;
    const admin = (await login(test.app, { slug }, `admin@${slug}.test`, DEMO_PASSWORD)).access_token;
    const store = (await call(test.app, 'GET', '/api/gifts', { host, token: learner })).json();
    expect(store.data).toHaveLength(12);
    expect(new Set(store.data.map((g: { type: number }) => g.type))).toEqual(new Set([1, 2, 3]));
    expect(store.data.find((g: { name: string }) => g.name === shirt)?.variants.length).toBe(4);
    expect(store.meta.balance).toBeGreaterThan(0);
    const picture = await call(test.app, 'GET', store.data[0].images[0].src, { host, token: learner });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    const requests = (
      await call(test.app, 'GET', '/api/admin/gift-requests', { host, token: admin, query: { per_page: '50' } })
    ).json();
    for (const status of GIFT_REQUEST_STATUSES) expect(requests.counts[status], status).toBeGreaterThan(0);
    const mine = (await call(test.app, 'GET', '/api/gifts/requests', { host, token: learner })).json();
    expect(mine.data.length).toBeGreaterThanOrEqual(4);
  });

  it('keeps every balance at zero or more, each spend paired with a request', async () => {
    const rows = await asSystem(test.db, (tx) =>
      tx.execute(sql`select user_id, sum(points)::integer as balance from point_ledger group by company_id, user_id
        having sum(points) < 0`),
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([]);
    const unpaired = await asSystem(test.db, (tx) =>
      tx.execute(sql`select r.id from gift_requests r where not exists (select 1 from point_ledger l
        where l.company_id = r.company_id and l.user_id = r.user_id and l.kind = 'gift_reserved'
          and l.source_key = 'gift_request:' || r.id and l.points = -r.points)`),
    );
    expect((unpaired as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});
