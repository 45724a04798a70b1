import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import {
  companyCaller,
  companyExporter,
  createTestApp,
  latestMailTo,
  login,
  type TestApp,
} from '../../../../test/helpers.js';
import { tokenWithPermissions } from '../../../../test/permissions.js';
import { describeResourceContract } from '../../../../test/resource-contract.js';
import {
  companySettings,
  giftProducts,
  giftVariants,
  notificationRecipients,
  notifications,
  pointLedger,
  pointTotals,
} from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';

describeResourceContract({
  plural: 'gifts',
  entity: 'gift',
  permissions: { read: 'show_gift', write: 'create_gift' },
  create: (n) => ({ name: `Kampüs kupası ${n}`, type: 2, price: 100 + n, stock: 10 }),
  update: { name: 'Kampüs termosu', price: 250 },
  invalid: { body: { name: 'Fiyatsız', type: 2, price: 0 }, field: 'price' },
  without: ['bulk', 'export'],
});

/** Earned points, as an award writes them (the ledger and the all-time total). */
async function givePoints(test: TestApp, company: CompanyRow, userId: number, points: number) {
  await asSystem(test.db, async (tx) => {
    await tx.insert(pointLedger).values({
      companyId: company.id,
      userId,
      kind: 'content_completed',
      sourceKey: `test:${userId}:${Math.random()}`,
      points,
      season: 1,
    });
    await tx.execute(sql`insert into point_totals (company_id, period, period_key, user_id, points)
      values (${company.id}, 'all', 0, ${userId}, ${points})
      on conflict (company_id, period, period_key, user_id) do update set points = point_totals.points + excluded.points`);
  });
}

describe('the gift store: requests reserve points and stock, admins move them on, the learner is told', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let learner: UserRow;
  let adminToken: string;
  let learnerToken: string;
  let otherAdminToken: string;
  const as = companyCaller(() => ({ app: test.app, company }));
  const asOther = companyCaller(() => ({ app: test.app, company: other }));
  const exportAs = companyExporter(() => ({ test, company }));

  async function gift(body: Record<string, unknown>, token = adminToken) {
    const response = await as(token, 'POST', '/api/admin/gifts', {
      body: { name: 'Kampüs kupası', type: 2, price: 100, stock: 5, ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: number; variants: { id: number; label: string; stock: number | null }[] };
  }

  async function learnerWith(points: number) {
    const user = await test.factories.createUser(company);
    if (points > 0) await givePoints(test, company, user.id, points);
    return { user, token: (await login(test.app, company, user.email ?? '')).access_token };
  }

  const balanceOf = async (token: string) => (await as(token, 'GET', '/api/gifts')).json().meta.balance as number;
  const stockOf = async (id: number) =>
    (
      await asSystem(test.db, (tx) =>
        tx.select({ stock: giftProducts.stock }).from(giftProducts).where(eq(giftProducts.id, id)),
      )
    )[0]?.stock;

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    other = await test.factories.createCompany();
    const admin = await test.factories.createAdmin(company);
    adminToken = (await login(test.app, company, admin.email ?? '')).access_token;
    learner = await test.factories.createUser(company);
    await givePoints(test, company, learner.id, 1000);
    learnerToken = (await login(test.app, company, learner.email ?? '')).access_token;
    otherAdminToken = (await login(test.app, other, (await test.factories.createAdmin(other)).email ?? ''))
      .access_token;
  });
  afterAll(() => test.close());

  it('shows the learner the active products of their groups, cheapest first, with their balance', async () => {
    const member = await learnerWith(50);
    const group = await test.factories.createUserGroup(company, { members: [member.user.id] });
    const open = await gift({ name: 'Herkese açık defter', price: 40 });
    const grouped = await gift({ name: 'Grup tişörtü', type: 1, price: 30, group_ids: [group.id] });
    const passive = await gift({ name: 'Pasif rozet', type: 3, status: 0 });
    const store = await as(member.token, 'GET', '/api/gifts');
    expect(store.statusCode, store.body).toBe(200);
    const ids = store.json().data.map((g: { id: number }) => g.id);
    expect(ids.indexOf(grouped.id)).toBeLessThan(ids.indexOf(open.id));
    expect(ids).not.toContain(passive.id);
    expect(store.json().meta.balance).toBe(50);
    const outsider = (await as(learnerToken, 'GET', '/api/gifts')).json().data.map((g: { id: number }) => g.id);
    expect(outsider).toContain(open.id);
    expect(outsider).not.toContain(grouped.id);
    // Not in their groups: not found, as another company's product.
    expect((await as(learnerToken, 'POST', `/api/gifts/${grouped.id}/request`, { body: {} })).statusCode).toBe(404);
    expect((await asOther(otherAdminToken, 'GET', `/api/admin/gifts/${open.id}`)).statusCode).toBe(404);
    const otherLearner = (await login(test.app, other, (await test.factories.createUser(other)).email ?? ''))
      .access_token;
    expect((await asOther(otherLearner, 'POST', `/api/gifts/${open.id}/request`, { body: {} })).statusCode).toBe(404);
    expect((await asOther(otherLearner, 'GET', '/api/gifts')).json().data).toEqual([]);
  });

  it('a request reserves the points (not the leader table) and a unit; a cancellation gives both back', async () => {
    const g = await gift({ name: 'Termos', price: 300, stock: 2 });
    const before = await balanceOf(learnerToken);
    const made = await as(learnerToken, 'POST', `/api/gifts/${g.id}/request`, { body: {} });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({ status: 'requested', points: 300, gift: { id: g.id, name: 'Termos' } });
    expect(await balanceOf(learnerToken)).toBe(before - 300);
    expect(await stockOf(g.id)).toBe(1);
    // The leader table's all-time total is what was earned, untouched by spending.
    const [total] = await asSystem(test.db, (tx) =>
      tx
        .select({ points: pointTotals.points })
        .from(pointTotals)
        .where(and(eq(pointTotals.userId, learner.id), eq(pointTotals.period, 'all'))),
    );
    expect(total?.points).toBe(1000);
    // The balance the leader table shows is what may be spent, as the store shows it.
    const board = await as(learnerToken, 'GET', '/api/leaderboard', { query: { period: 'all' } });
    expect(board.json().data.balance, board.body).toBe(before - 300);
    const id = made.json().data.id as number;
    const cancelled = await as(learnerToken, 'POST', `/api/gifts/requests/${id}/cancel`, { body: {} });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    expect(await balanceOf(learnerToken)).toBe(before);
    expect(await stockOf(g.id)).toBe(2);
    // Twice is refused, and the ledger kept both rows (append-only).
    const again = await as(learnerToken, 'POST', `/api/gifts/requests/${id}/cancel`, { body: {}, lang: 'en' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/no longer/);
    const rows = await asSystem(test.db, (tx) =>
      tx
        .select()
        .from(pointLedger)
        .where(eq(pointLedger.sourceKey, `gift_request:${id}`)),
    );
    expect(rows.map((r) => [r.kind, r.points]).sort()).toEqual([
      ['gift_reserved', -300],
      ['gift_returned', 300],
    ]);
    const mine = await as(learnerToken, 'GET', '/api/gifts/requests');
    expect(mine.json().data[0]).toMatchObject({ id, status: 'cancelled' });
  });

  it('refuses a request beyond the balance or the stock, in the language asked (409), nothing changed', async () => {
    const poor = await learnerWith(20);
    const g = await gift({ name: 'Pahalı saat', type: 3, price: 500 });
    const short = await as(poor.token, 'POST', `/api/gifts/${g.id}/request`, { body: {}, lang: 'en' });
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toBe('You do not have enough points for this gift.');
    expect(await balanceOf(poor.token)).toBe(20);
    const none = await gift({ name: 'Tükenen çanta', price: 10, stock: 0 });
    const gone = await as(poor.token, 'POST', `/api/gifts/${none.id}/request`, { body: {} });
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe('Üzgünüz, bu hediyenin stoğu tükendi.');
    expect(await balanceOf(poor.token)).toBe(20);
  });

  it('a product with sizes takes the unit of the size chosen; a size is required', async () => {
    const shirt = await gift({
      name: 'Kampüs tişörtü',
      type: 1,
      price: 50,
      variants: [
        { label: 'S', stock: 0 },
        { label: 'M', stock: 3 },
      ],
    });
    expect(shirt.variants.map((v) => v.label)).toEqual(['S', 'M']);
    const [small, medium] = shirt.variants;
    const missing = await as(learnerToken, 'POST', `/api/gifts/${shirt.id}/request`, { body: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.variant_id).toBeDefined();
    expect(
      (await as(learnerToken, 'POST', `/api/gifts/${shirt.id}/request`, { body: { variant_id: small?.id } }))
        .statusCode,
    ).toBe(409);
    const made = await as(learnerToken, 'POST', `/api/gifts/${shirt.id}/request`, { body: { variant_id: medium?.id } });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.variant).toBe('M');
    const [row] = await asSystem(test.db, (tx) =>
      tx
        .select({ stock: giftVariants.stock })
        .from(giftVariants)
        .where(eq(giftVariants.id, medium?.id ?? 0)),
    );
    expect(row?.stock).toBe(2);
    const listed = await as(adminToken, 'GET', `/api/admin/gifts/${shirt.id}`);
    expect(listed.json().data).toMatchObject({ stock: 2, requested: 1 });
    // An edit keeps the variants' ids (and their requests), drops the missing ones.
    const edited = await as(adminToken, 'PUT', `/api/admin/gifts/${shirt.id}`, {
      body: {
        variants: [
          { id: medium?.id, label: 'M', stock: 5 },
          { label: 'L', stock: 1 },
        ],
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.variants).toMatchObject([{ id: medium?.id, label: 'M', stock: 5 }, { label: 'L' }]);
    const duplicate = await as(adminToken, 'PUT', `/api/admin/gifts/${shirt.id}`, {
      body: { variants: [{ label: 'M' }, { label: 'm' }] },
    });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors.variants).toBeDefined();
    // Requested: it cannot be deleted, only made passive.
    expect((await as(adminToken, 'DELETE', `/api/admin/gifts/${shirt.id}`)).statusCode).toBe(409);
  });

  it('the admin approves, ships with a tracking note and delivers; each step notifies and mails the learner', async () => {
    const g = await gift({ name: 'Kapüşonlu sweatshirt', type: 1, price: 200 });
    const made = await as(learnerToken, 'POST', `/api/gifts/${g.id}/request`, { body: {} });
    const id = made.json().data.id as number;
    const base = `/api/admin/gift-requests/${id}`;
    // Out of order: 409.
    expect((await as(adminToken, 'POST', `${base}/ship`, { body: { tracking_note: 'x' } })).statusCode).toBe(409);
    expect((await as(adminToken, 'POST', `${base}/deliver`, { body: {} })).statusCode).toBe(409);
    const approved = await as(adminToken, 'POST', `${base}/approve`, { body: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.status).toBe('approved');
    // The learner can no longer cancel an approved request.
    expect((await as(learnerToken, 'POST', `/api/gifts/requests/${id}/cancel`, { body: {} })).statusCode).toBe(409);
    const noNote = await as(adminToken, 'POST', `${base}/ship`, { body: { tracking_note: '  ' } });
    expect(noNote.statusCode).toBe(422);
    expect(noNote.json().errors.tracking_note).toBeDefined();
    const shipped = await as(adminToken, 'POST', `${base}/ship`, { body: { tracking_note: 'Yurtiçi Kargo 123456' } });
    expect(shipped.json().data).toMatchObject({ status: 'shipped', tracking_note: 'Yurtiçi Kargo 123456' });
    const delivered = await as(adminToken, 'POST', `${base}/deliver`, { body: {} });
    expect(delivered.json().data.status).toBe('delivered');
    expect(delivered.json().data.delivered_at).not.toBeNull();
    await test.settle();
    const told = await asSystem(test.db, (tx) =>
      tx
        .select({ name: notifications.name, text: notifications.text })
        .from(notificationRecipients)
        .innerJoin(notifications, eq(notifications.id, notificationRecipients.notificationId))
        .where(eq(notificationRecipients.userId, learner.id)),
    );
    const names = told.map((n) => n.name);
    expect(names).toContain('Kapüşonlu sweatshirt talebiniz onaylandı.');
    expect(names).toContain('Kapüşonlu sweatshirt hediyeniz yola çıktı.');
    expect(names).toContain('Kapüşonlu sweatshirt hediyeniz teslim edildi.');
    expect(told.find((n) => n.name.includes('yola çıktı'))?.text).toBe('Yurtiçi Kargo 123456');
    const mail = await latestMailTo(test, learner.email ?? '');
    expect(mail).toContain('/gift?tab=requests');
  });

  it('a rejection needs a reason, returns the points and the unit, and tells the learner why', async () => {
    const g = await gift({ name: 'Kulaklık', price: 150, stock: 1 });
    const before = await balanceOf(learnerToken);
    const id = (await as(learnerToken, 'POST', `/api/gifts/${g.id}/request`, { body: {} })).json().data.id as number;
    expect(await stockOf(g.id)).toBe(0);
    const noReason = await as(adminToken, 'POST', `/api/admin/gift-requests/${id}/reject`, { body: {}, lang: 'en' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toEqual(['Write a reason.']);
    await as(adminToken, 'POST', `/api/admin/gift-requests/${id}/approve`, { body: {} });
    const rejected = await as(adminToken, 'POST', `/api/admin/gift-requests/${id}/reject`, {
      body: { reason: 'Tedarikçi bu modeli üretmeyi bıraktı.' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({ status: 'rejected', reason: 'Tedarikçi bu modeli üretmeyi bıraktı.' });
    expect(await balanceOf(learnerToken)).toBe(before);
    expect(await stockOf(g.id)).toBe(1);
    expect((await as(adminToken, 'POST', `/api/admin/gift-requests/${id}/approve`, { body: {} })).statusCode).toBe(409);
    await test.settle();
    const mail = await latestMailTo(test, learner.email ?? '');
    expect(mail).toContain('Kulakl');
    // The default text carries the reason.
    expect(mail).toContain('bu modeli');
  });

  it('lists requests with filters and counts, exports them, and guards every admin route', async () => {
    const list = await as(adminToken, 'GET', '/api/admin/gift-requests', { query: { status: 'delivered' } });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.every((r: { status: string }) => r.status === 'delivered')).toBe(true);
    expect(list.json().counts.delivered).toBeGreaterThanOrEqual(1);
    expect(list.json().counts.cancelled).toBeGreaterThanOrEqual(1);
    const searched = await as(adminToken, 'GET', '/api/admin/gift-requests', { query: { search: 'kulaklık' } });
    expect(searched.json().data.map((r: { gift: { name: string } }) => r.gift.name)).toEqual(['Kulaklık']);
    const byPerson = await as(adminToken, 'GET', '/api/admin/gift-requests', {
      query: { user_id: String(learner.id) },
    });
    expect(byPerson.json().meta.total).toBeGreaterThanOrEqual(4);
    const csv = await exportAs(adminToken, '/api/admin/gift-requests/export', { query: { format: 'csv' }, lang: 'en' });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('Tracking note');
    expect(csv.body).toContain('Yurtiçi Kargo 123456');
    // Another company sees none of them, and cannot move them.
    expect((await asOther(otherAdminToken, 'GET', '/api/admin/gift-requests')).json().data).toEqual([]);
    const anyId = list.json().data[0].id as number;
    expect(
      (await asOther(otherAdminToken, 'POST', `/api/admin/gift-requests/${anyId}/reject`, { body: { reason: 'x' } }))
        .statusCode,
    ).toBe(404);
    // A learner, or an admin with the products' permissions only: 403.
    const productsOnly = await tokenWithPermissions(test, company, ['show_gift', 'create_gift']);
    for (const token of [learnerToken, productsOnly]) {
      expect((await as(token, 'GET', '/api/admin/gift-requests')).statusCode).toBe(403);
      expect((await as(token, 'POST', `/api/admin/gift-requests/${anyId}/approve`, { body: {} })).statusCode).toBe(403);
      expect((await as(token, 'POST', '/api/admin/gift-requests/export')).statusCode).toBe(403);
    }
    const requestsOnly = await tokenWithPermissions(test, company, ['read_gift']);
    expect((await as(requestsOnly, 'GET', '/api/admin/gift-requests')).statusCode).toBe(200);
    expect(
      (await as(requestsOnly, 'POST', '/api/admin/gifts', { body: { name: 'x', type: 1, price: 1 } })).statusCode,
    ).toBe(403);
    expect((await as(undefined, 'GET', '/api/gifts')).statusCode).toBe(401);
  });

  it('is closed when the company switches the gift module off', async () => {
    const closed = await test.factories.createCompany();
    await asSystem(test.db, (tx) =>
      tx.insert(companySettings).values({ companyId: closed.id, key: 'modules', value: ['wall'] }),
    );
    const token = (await login(test.app, closed, (await test.factories.createUser(closed)).email ?? '')).access_token;
    const asClosed = companyCaller(() => ({ app: test.app, company: closed }));
    const store = await asClosed(token, 'GET', '/api/gifts', { lang: 'en' });
    expect(store.statusCode).toBe(403);
    expect(store.json().message).toBe('The gift store is not available in your company.');
    expect((await asClosed(token, 'GET', '/api/gifts/requests')).statusCode).toBe(403);
  });
});

describe('the gift store under concurrent requests', () => {
  let test: TestApp;
  let company: CompanyRow;
  let adminToken: string;
  const as = companyCaller(() => ({ app: test.app, company }));

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    const admin = await test.factories.createAdmin(company);
    adminToken = (await login(test.app, company, admin.email ?? '')).access_token;
  });
  afterAll(() => test.close());

  async function gift(body: Record<string, unknown>) {
    const response = await as(adminToken, 'POST', '/api/admin/gifts', {
      body: { name: 'Sınırlı kupa', type: 2, price: 100, ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: number };
  }

  it('20 requests at once for a product with stock 5: exactly 5 succeed, the rest are out of stock', async () => {
    const g = await gift({ stock: 5 });
    const people = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const user = await test.factories.createUser(company);
        await givePoints(test, company, user.id, 1000);
        return (await login(test.app, company, user.email ?? '')).access_token;
      }),
    );
    const answers = await Promise.all(
      people.map((token) => as(token, 'POST', `/api/gifts/${g.id}/request`, { body: {}, lang: 'en' })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(15);
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect(a.json().message).toBe('Sorry, this gift is out of stock.');
    }
    const [row] = await asSystem(test.db, (tx) =>
      tx.select({ stock: giftProducts.stock }).from(giftProducts).where(eq(giftProducts.id, g.id)),
    );
    expect(row?.stock).toBe(0);
    // Only the five who got one paid.
    const paid = await asSystem(test.db, (tx) =>
      tx
        .select({ n: sql<number>`count(*)::integer` })
        .from(pointLedger)
        .where(and(eq(pointLedger.companyId, company.id), eq(pointLedger.kind, 'gift_reserved'))),
    );
    expect(paid[0]?.n).toBe(5);
  });

  it('one person with points for one of two products fires both at once: exactly one succeeds', async () => {
    const a = await gift({ name: 'Defter', price: 80 });
    const b = await gift({ name: 'Kalem seti', price: 70 });
    const user = await test.factories.createUser(company);
    await givePoints(test, company, user.id, 100);
    const token = (await login(test.app, company, user.email ?? '')).access_token;
    const answers = await Promise.all([
      as(token, 'POST', `/api/gifts/${a.id}/request`, { body: {} }),
      as(token, 'POST', `/api/gifts/${b.id}/request`, { body: {} }),
    ]);
    expect(answers.map((x) => x.statusCode).sort()).toEqual([201, 409]);
    const balance = (await as(token, 'GET', '/api/gifts')).json().meta.balance as number;
    expect(balance).toBeGreaterThanOrEqual(0);
    expect([20, 30]).toContain(balance);
  });
});
