import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../../../test/factories.js';
import { call, createTestApp, hostOf, login, type TestApp } from '../../../../test/helpers.js';
import { tokenWithPermissions } from '../../../../test/permissions.js';
import { auditLogs, companySettings, menuItems } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Item = { id: number; type: string; title: Record<string, string | null>; status: number; order: number };

describe('admin menu modules', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let adminToken: string;
  let learnerToken: string;
  let learnerEmail: string;

  const as = (token: string | undefined, method: Method, url: string, body?: unknown, lang = 'tr') =>
    call(test.app, method, url, { host: hostOf(company), token, body, headers: { 'x-content-language': lang } });

  const sideMenu = async (token: string) =>
    (
      await call(test.app, 'GET', '/api/widgets', {
        host: hostOf(company),
        token,
        query: { company_id: String(company.id), by_user: 'true' },
      })
    ).json().data as { type: string; status: number; title: string | null }[];

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    other = await test.factories.createCompany();
    const admin = await test.factories.createAdmin(company);
    const learner = await test.factories.createUser(company);
    learnerEmail = learner.email!;
    adminToken = (await login(test.app, company, admin.email!)).access_token;
    learnerToken = (await login(test.app, company, learner.email!)).access_token;
    await test.factories.createMenuItems(company, [
      ['dashboard', 10],
      ['wall', 20, 1, { tr: 'Duvar' }],
      ['gift', 30],
      ['agenda', 40, 0],
    ]);
  });
  afterAll(() => test.close());

  it('answers 401 without a session and 403 without read_widgetmanagement, changing nothing', async () => {
    const [item] = await test.factories.createMenuItems(other, [['faq', 1]]);
    const showUser = await tokenWithPermissions(test, company, ['show_user']);
    const routes: [Method, string, unknown?][] = [
      ['GET', '/api/admin/menu-modules'],
      ['GET', `/api/admin/menu-modules/${item!.id}`],
      ['POST', '/api/admin/menu-modules', { type: 'faq' }],
      ['PUT', `/api/admin/menu-modules/${item!.id}`, { status: 0 }],
      ['DELETE', `/api/admin/menu-modules/${item!.id}`],
      ['PUT', '/api/admin/menu-modules/order', { ids: [1] }],
      ['GET', '/api/admin/modules'],
      ['PUT', '/api/admin/modules', { modules: [] }],
    ];
    for (const [method, url, body] of routes) {
      expect((await as(undefined, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await as(learnerToken, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await as(showUser, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    const viewer = await tokenWithPermissions(test, company, ['read_widgetmanagement']);
    expect((await as(viewer, 'GET', '/api/admin/menu-modules')).statusCode).toBe(200);
  });

  it('lists the items in menu order with every language title', async () => {
    const response = await as(adminToken, 'GET', '/api/admin/menu-modules', undefined);
    expect(response.statusCode).toBe(200);
    const items = response.json().data as Item[];
    expect(items.map((i) => i.type)).toEqual(['dashboard', 'wall', 'gift', 'agenda']);
    expect(items[1]).toMatchObject({ title: { tr: 'Duvar', en: null, az: null, de: null }, status: 1, order: 20 });
  });

  it("answers 404 for another company's item on every action and leaves it alone", async () => {
    const [foreign] = await test.factories.createMenuItems(other, [['wall', 5, 1, { tr: 'Yabancı duvar' }]]);
    for (const [method, body] of [['GET'], ['PUT', { status: 0 }], ['POST', { title: { tr: 'x' } }], ['DELETE']] as [
      Method,
      unknown?,
    ][]) {
      const response = await as(adminToken, method, `/api/admin/menu-modules/${foreign!.id}`, body);
      expect(response.statusCode, method).toBe(404);
    }
    const order = await as(adminToken, 'GET', '/api/admin/menu-modules');
    const ids = (order.json().data as Item[]).map((i) => i.id);
    const mixed = await as(adminToken, 'PUT', '/api/admin/menu-modules/order', { ids: [...ids.slice(1), foreign!.id] });
    expect(mixed.statusCode).toBe(422);
    const [row] = await asSystem(test.db, (tx) => tx.select().from(menuItems).where(eq(menuItems.id, foreign!.id)));
    expect(row).toMatchObject({ status: 1, order: 5, title: { tr: 'Yabancı duvar' } });
  });

  it('adds an item at the end, refuses an unknown or duplicate type with field errors, and audits', async () => {
    const bad = await as(adminToken, 'POST', '/api/admin/menu-modules', { type: 'casino', status: 7 }, 'en');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['status', 'type']);
    expect(bad.json().errors.type).toEqual(['Choose a menu type from the list.']);
    const duplicate = await as(adminToken, 'POST', '/api/admin/menu-modules', { type: 'wall' }, 'en');
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors).toEqual({ type: ['The menu already has an item of this type.'] });
    const tooLong = await as(adminToken, 'POST', '/api/admin/menu-modules', {
      type: 'faq',
      title: { tr: 'x'.repeat(61) },
    });
    expect(tooLong.json().errors).toHaveProperty(['title.tr']);

    const created = await as(adminToken, 'POST', '/api/admin/menu-modules', {
      type: 'faq',
      title: { tr: '  Yardım ', en: '', de: 'Hilfe' },
    });
    expect(created.statusCode).toBe(201);
    const item = created.json().data as Item;
    expect(item).toMatchObject({
      type: 'faq',
      status: 1,
      order: 50,
      title: { tr: 'Yardım', en: null, az: null, de: 'Hilfe' },
    });
    const [row] = await asSystem(test.db, (tx) => tx.select().from(menuItems).where(eq(menuItems.id, item.id)));
    // Only titled languages are stored, so the side menu falls back to the type's label elsewhere.
    expect(row!.title).toEqual({ tr: 'Yardım', de: 'Hilfe' });
    expect((await test.factories.auditOf('menu_item', item.id))[0]).toMatchObject({
      action: 'menu_item.created',
      companyId: company.id,
      after: { type: 'faq' },
    });
  });

  it('switches an item off and retitles it, and the learner side menu follows', async () => {
    const items = (await as(adminToken, 'GET', '/api/admin/menu-modules')).json().data as Item[];
    const gift = items.find((i) => i.type === 'gift')!;
    expect((await sideMenu(learnerToken)).find((i) => i.type === 'gift')?.status).toBe(1);
    const off = await as(adminToken, 'PUT', `/api/admin/menu-modules/${gift.id}`, { status: 0 });
    expect(off.json().data).toMatchObject({ status: 0, type: 'gift' });
    const retitled = await as(adminToken, 'POST', `/api/admin/menu-modules/${gift.id}`, {
      title: { tr: 'Ödüller', en: 'Rewards', az: null, de: null },
    });
    expect(retitled.json().data).toMatchObject({ status: 0, title: { tr: 'Ödüller', en: 'Rewards' } });
    expect((await sideMenu(learnerToken)).find((i) => i.type === 'gift')).toMatchObject({
      status: 0,
      title: 'Ödüller',
    });
    // The next session's own copy of the menu (active items only) no longer has it.
    const session = await login(test.app, company, learnerEmail);
    expect(session.menu.map((i) => i.type)).not.toContain('gift');
    const entries = await test.factories.auditOf('menu_item', gift.id);
    expect(entries.map((e) => e.action)).toEqual(['menu_item.updated', 'menu_item.updated']);
    expect(entries[1]).toMatchObject({ before: { status: 1 }, after: { status: 0 } });
  });

  it('reorders all items at once, refusing an incomplete or repeated list, and audits the order', async () => {
    const before = ((await as(adminToken, 'GET', '/api/admin/menu-modules')).json().data as Item[]).map((i) => i.id);
    const reversed = [...before].reverse();
    for (const ids of [before.slice(1), [...before, before[0]], [...before.slice(1), before[1]]]) {
      const refused = await as(adminToken, 'PUT', '/api/admin/menu-modules/order', { ids }, 'en');
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.ids[0]).toMatch(/every item/);
    }
    expect((await as(adminToken, 'PUT', '/api/admin/menu-modules/order', { ids: [] })).statusCode).toBe(422);
    const response = await as(adminToken, 'PUT', '/api/admin/menu-modules/order', { ids: reversed });
    expect(response.statusCode).toBe(200);
    expect((response.json().data as Item[]).map((i) => [i.id, i.order])).toEqual(
      reversed.map((id, index) => [id, (index + 1) * 10]),
    );
    const learnerTypes = (await sideMenu(learnerToken)).map((i) => i.type);
    expect(learnerTypes).toEqual(['faq', 'agenda', 'gift', 'wall', 'dashboard']);
    const [entry] = await asSystem(test.db, (tx) =>
      tx
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.companyId, company.id), eq(auditLogs.action, 'menu_item.reordered'))),
    );
    expect(entry).toMatchObject({ before, after: reversed });
  });

  it('deletes an item after which the order still accepts the rest', async () => {
    const items = (await as(adminToken, 'GET', '/api/admin/menu-modules')).json().data as Item[];
    const agenda = items.find((i) => i.type === 'agenda')!;
    expect((await as(adminToken, 'DELETE', `/api/admin/menu-modules/${agenda.id}`)).statusCode).toBe(200);
    expect((await test.factories.auditOf('menu_item', agenda.id))[0]).toMatchObject({ action: 'menu_item.deleted' });
    const rest = items.filter((i) => i.id !== agenda.id).map((i) => i.id);
    expect((await as(adminToken, 'PUT', '/api/admin/menu-modules/order', { ids: rest })).statusCode).toBe(200);
  });

  it('reads and saves the module switches; a switched-off module leaves the side menu and the session', async () => {
    const initial = await as(adminToken, 'GET', '/api/admin/modules');
    expect(initial.json()).toEqual({
      data: { modules: ['wall', 'leader-table', 'gift', 'education-category', 'my-collection'] },
    });
    const bad = await as(adminToken, 'PUT', '/api/admin/modules', { modules: ['wall', 'casino'] }, 'en');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['modules.1']);
    expect((await as(adminToken, 'PUT', '/api/admin/modules', {})).statusCode).toBe(422);

    const saved = await as(adminToken, 'PUT', '/api/admin/modules', { modules: ['gift', 'wall', 'gift'] });
    expect(saved.json()).toEqual({ data: { modules: ['wall', 'gift'] } });
    expect((await as(adminToken, 'GET', '/api/admin/modules')).json().data.modules).toEqual(['wall', 'gift']);
    const off = await as(adminToken, 'PUT', '/api/admin/modules', { modules: ['gift'] });
    expect(off.statusCode).toBe(200);
    expect((await sideMenu(learnerToken)).map((i) => i.type)).not.toContain('wall');
    expect((await login(test.app, company, learnerEmail)).modules).toEqual(['gift']);
    const rows = await asSystem(test.db, (tx) =>
      tx
        .select()
        .from(companySettings)
        .where(and(eq(companySettings.companyId, company.id), eq(companySettings.key, 'modules'))),
    );
    expect(rows).toHaveLength(1);
    const entries = await asSystem(test.db, (tx) =>
      tx
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.companyId, company.id), eq(auditLogs.action, 'company_settings.updated'))),
    );
    expect(entries.map((e) => e.after)).toEqual([{ modules: ['wall', 'gift'] }, { modules: ['gift'] }]);
    expect(entries[0]!.before).toEqual({
      modules: ['wall', 'leader-table', 'gift', 'education-category', 'my-collection'],
    });
    // Another company's switches are untouched.
    const otherAdmin = await test.factories.createAdmin(other);
    const otherToken = (await login(test.app, other, otherAdmin.email!)).access_token;
    const theirs = await call(test.app, 'GET', '/api/admin/modules', { host: hostOf(other), token: otherToken });
    expect(theirs.json().data.modules).toHaveLength(5);
  });
});
