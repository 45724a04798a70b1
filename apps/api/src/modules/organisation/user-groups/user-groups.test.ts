import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import {
  call,
  companyCaller,
  companyExporter,
  createTestApp,
  hostOf,
  login,
  type TestApp,
} from '../../../../test/helpers.js';
import { tokenWithPermissions } from '../../../../test/permissions.js';
import { describeResourceContract } from '../../../../test/resource-contract.js';
import { userGroupMembers, userGroups, users } from '../../../db/schema/index.js';
import { asSystem, inTenant } from '../../../db/scope.js';
import { userIdsOfGroups } from './service.js';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
const ids = (rows: { id: number }[]) => rows.map((row) => row.id).sort((a, b) => a - b);

describe('admin user groups', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let adminToken: string;
  let learnerToken: string;
  let reporterToken: string;
  let adminId: number;
  let stranger: UserRow;

  const groupRow = (id: number) =>
    asSystem(test.db, (tx) =>
      tx
        .select()
        .from(userGroups)
        .where(eq(userGroups.id, id))
        .then((r) => r[0]),
    );
  const memberIdsOf = (groupId: number) =>
    asSystem(test.db, (tx) =>
      tx
        .select({ id: userGroupMembers.userId })
        .from(userGroupMembers)
        .where(eq(userGroupMembers.groupId, groupId))
        .then(ids),
    );
  const auditOf = (id: number) => test.factories.auditOf('user_group', id);

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    other = await test.factories.createCompany();
    const admin = await test.factories.createAdmin(company);
    const learner = await test.factories.createUser(company);
    // An admin-panel role holding read_report but not show_user.
    reporterToken = await tokenWithPermissions(test, company, ['read_report']);
    stranger = await test.factories.createUser(other, { name: 'Yabancı', department: 'Satış' });
    adminId = admin.id;
    adminToken = (await login(test.app, company, admin.email!)).access_token;
    learnerToken = (await login(test.app, company, learner.email!)).access_token;
  });
  afterAll(() => test.close());
  const exportAs = companyExporter(() => ({ test, company }));

  const as = companyCaller(() => ({ app: test.app, company }));

  const base = '/api/admin/user-groups';
  // The group's own routes; the framework's (list, export, detail, writes, bulk) are in the generated contract tests
  // at the end of this file.
  const actions = (id: number, userId: number): [HttpMethod, string, unknown?][] => [
    ['GET', `${base}/rule-options`],
    ['POST', `${base}/preview`, { departments: ['Satış'] }],
    ['GET', `${base}/${id}/members`],
    ['POST', `${base}/${id}/members`, { user_ids: [userId] }],
    ['POST', `${base}/${id}/members/remove`, { user_ids: [userId] }],
  ];

  it('answers 401 without a session and 403 without show_user, on every action, changing nothing', async () => {
    const member = await test.factories.createUser(company);
    const group = await test.factories.createUserGroup(company, { name: 'Korunan', members: [member.id] });
    for (const [method, url, body] of actions(group.id, member.id)) {
      expect((await as(undefined, method, url, { body })).statusCode, `${method} ${url}`).toBe(401);
      expect((await as(learnerToken, method, url, { body })).statusCode, `${method} ${url}`).toBe(403);
      expect((await as(reporterToken, method, url, { body })).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await groupRow(group.id)).toMatchObject({ name: 'Korunan', status: 1 });
    expect(await memberIdsOf(group.id)).toEqual([member.id]);
  });

  it("answers 404 for another company's group on every action, and never shows its people", async () => {
    const foreign = await test.factories.createUserGroup(other, { name: 'Yabancı Grup', members: [stranger.id] });
    const mine = await test.factories.createUserGroup(company, { name: 'Bizim Grup' });
    for (const [method, url, body] of actions(foreign.id, stranger.id).filter(([, url]) =>
      url.includes(`/${foreign.id}`),
    )) {
      const response = await as(adminToken, method, url, { body });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.body).not.toContain('Yabancı');
    }
    const bulk = await as(adminToken, 'POST', `${base}/bulk`, {
      body: { action: 'delete', ids: [mine.id, foreign.id] },
    });
    expect(bulk.statusCode).toBe(404);
    expect(await groupRow(mine.id)).toBeDefined();
    expect(await groupRow(foreign.id)).toMatchObject({ name: 'Yabancı Grup', status: 1 });
    expect(await memberIdsOf(foreign.id)).toEqual([stranger.id]);
    const list = await as(adminToken, 'GET', base, { query: { search: 'yabancı' } });
    expect(list.json().meta.total).toBe(0);
    // Rule options and previews see only the acting company's users.
    const options = await as(adminToken, 'GET', `${base}/rule-options`);
    expect(options.json().data.departments).not.toContain('Satış');
    const preview = await as(adminToken, 'POST', `${base}/preview`, { body: { departments: ['Satış'] } });
    expect(preview.json().data).toEqual({ count: 0, members: [] });
  });

  it('creates a static group with members of the company, audits it and refuses anyone of another company', async () => {
    const a = await test.factories.createUser(company, { name: 'Ayşe' });
    const b = await test.factories.createUser(company, { name: 'Bora', status: 0 });
    const refused = await as(adminToken, 'POST', base, {
      lang: 'en',
      body: { name: 'Karışık', kind: 'static', member_ids: [a.id, stranger.id] },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      member_ids: ['At least one of the selected people is not a user of this company.'],
    });
    expect((await as(adminToken, 'GET', base, { query: { search: 'karışık' } })).json().meta.total).toBe(0);

    const created = await as(adminToken, 'POST', base, {
      body: { name: ' Satış Ekibi ', description: 'Bölge satış', kind: 'static', member_ids: [a.id, b.id, a.id] },
    });
    expect(created.statusCode).toBe(201);
    const group = created.json().data;
    // The passive member is listed but not counted: counts and lists are of active users.
    expect(group).toMatchObject({
      name: 'Satış Ekibi',
      description: 'Bölge satış',
      kind: 'static',
      rules: null,
      status: 1,
      members_count: 1,
    });
    expect(await memberIdsOf(group.id)).toEqual(ids([a, b]));
    expect((await as(adminToken, 'GET', `${base}/${group.id}`)).json()).toEqual({ data: group });
    // The listed members are audited inside the creation, before the framework's own row.
    const [createdRow, added] = await auditOf(group.id);
    expect(createdRow).toMatchObject({
      action: 'user_group.created',
      companyId: company.id,
      actorUserId: adminId,
      after: { name: 'Satış Ekibi' },
    });
    expect(added).toMatchObject({ action: 'user_group.members_added', after: { user_ids: ids([a, b]) } });
  });

  it('refuses bad bodies with localized field errors, creating nothing', async () => {
    await test.factories.createUserGroup(company, { name: 'İnsan Kaynakları' });
    const total = async () => (await as(adminToken, 'GET', base)).json().meta.total;
    const before = await total();
    const cases: [unknown, Record<string, unknown>][] = [
      [{ name: ' ', kind: 'static' }, { name: ['This field is required.'] }],
      [{ name: 'X', kind: 'mixed' }, { kind: expect.any(Array) }],
      [{ name: 'X', kind: 'rule' }, { rules: ['Enter at least one rule for a rule group.'] }],
      [{ name: 'X', kind: 'rule', rules: { departments: [' '], titles: [] } }, { rules: expect.any(Array) }],
      [
        { name: 'X', kind: 'rule', rules: { hired_from: '2024-05-02', hired_to: '2024-05-01' } },
        { 'rules.hired_to': ['The end date cannot be before the start date.'] },
      ],
      [{ name: 'X', kind: 'rule', rules: { hired_from: '2024-13-40' } }, { 'rules.hired_from': expect.any(Array) }],
      [
        { name: 'X', kind: 'rule', rules: { titles: ['Uzman'] }, member_ids: [1] },
        { member_ids: ['Members can be added one by one only to a static group.'] },
      ],
      [{ name: 'X', kind: 'static', member_ids: ['a'] }, { 'member_ids.0': expect.any(Array) }],
      // Unique ignoring case, Turkish capitals included.
      [{ name: 'insan kaynakları', kind: 'static' }, { name: ['A group with this name already exists.'] }],
      [{ name: 'İNSAN KAYNAKLARI', kind: 'static' }, { name: ['A group with this name already exists.'] }],
    ];
    for (const [body, errors] of cases) {
      const response = await as(adminToken, 'POST', base, { lang: 'en', body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors, JSON.stringify(body)).toEqual(errors);
    }
    expect(await total()).toBe(before);
    const preview = await as(adminToken, 'POST', `${base}/preview`, { lang: 'en', body: { titles: [] } });
    expect(preview.statusCode).toBe(422);
    expect(preview.json().errors).toEqual({ rules: ['Enter at least one rule for a rule group.'] });
    const turkish = await as(adminToken, 'POST', base, { body: { name: 'X', kind: 'rule' } });
    expect(turkish.json().errors).toEqual({ rules: ['Kural grubu için en az bir kural girin.'] });
  });

  describe('rule resolution', () => {
    let rulesCompany: CompanyRow;
    let token: string;
    const people: Record<string, UserRow> = {};
    let made = 0;
    const asRules = (method: HttpMethod, url: string, body?: unknown, query?: Record<string, string>) =>
      call(test.app, method, url, { host: hostOf(rulesCompany), token, body, query });

    beforeAll(async () => {
      rulesCompany = await test.factories.createCompany();
      const admin = await test.factories.createAdmin(rulesCompany);
      token = (await login(test.app, rulesCompany, admin.email!)).access_token;
      const make = (key: string, values: Partial<UserRow>) =>
        test.factories.createUser(rulesCompany, { name: key, ...values }).then((user) => {
          people[key] = user;
        });
      await make('upper', { department: 'SATIŞ', title: 'Uzman', location: 'İstanbul', hireDate: '2020-01-01' });
      await make('lower', {
        department: 'satış',
        title: 'KIDEMLI UZMAN',
        location: 'istanbul',
        hireDate: '2020-12-31',
      });
      await make('dotless', { department: 'satiş', title: 'uzman', location: 'Ankara', hireDate: '2019-12-31' });
      await make('other', { department: 'Finans', title: 'Uzman', location: 'İzmir', hireDate: '2021-01-01' });
      await make('nodate', { department: 'Satış', title: 'Müdür', location: 'Bakü', hireDate: null });
      await make('passive', { department: 'Satış', title: 'Uzman', location: 'İstanbul', status: 0 });
      await make('pending', { department: 'satış', title: 'Uzman', location: 'İstanbul', status: 2 });
      // Same values in another company never join.
      await test.factories.createUser(other, { department: 'Satış', title: 'Uzman', location: 'İstanbul' });
    });

    const expectMembers = async (rules: Record<string, unknown>, expected: string[]) => {
      const want = expected.map((key) => people[key]!.id).sort((a, b) => a - b);
      const preview = await asRules('POST', `${base}/preview`, rules);
      expect(preview.statusCode, JSON.stringify(rules)).toBe(200);
      expect(preview.json().data.count, JSON.stringify(rules)).toBe(want.length);
      expect(ids(preview.json().data.members)).toEqual(want);
      const created = await asRules('POST', base, { name: `Rule ${++made}`, kind: 'rule', rules });
      expect(created.statusCode).toBe(201);
      const group = created.json().data;
      expect(group.members_count).toBe(want.length);
      const members = await asRules('GET', `${base}/${group.id}/members`, undefined, { per_page: '100' });
      expect(ids(members.json().data)).toEqual(want);
      return group.id as number;
    };

    it('matches any listed value ignoring case (Turkish capitals and dotless i too), active users only', async () => {
      await expectMembers({ departments: ['satış'] }, ['upper', 'lower', 'dotless', 'nodate']);
      await expectMembers({ departments: ['FİNANS', 'SATIS', 'Satış'] }, [
        'upper',
        'lower',
        'dotless',
        'nodate',
        'other',
      ]);
      await expectMembers({ locations: ['İSTANBUL'] }, ['upper', 'lower']);
    });

    it('requires every field that is set (AND between fields), and none of the others', async () => {
      await expectMembers({ departments: ['Satış'], titles: ['uzman'] }, ['upper', 'dotless']);
      await expectMembers({ departments: ['Satış'], titles: ['uzman'], locations: ['Ankara'] }, ['dotless']);
      await expectMembers({ titles: ['Müdür'], locations: ['İzmir'] }, []);
    });

    it('takes the hire-date bounds as inclusive days and leaves out people without a hire date', async () => {
      await expectMembers({ hired_from: '2020-01-01', hired_to: '2020-12-31' }, ['upper', 'lower']);
      await expectMembers({ hired_from: '2020-01-02' }, ['lower', 'other']);
      await expectMembers({ hired_to: '2019-12-31' }, ['dotless']);
      await expectMembers({ hired_from: '2020-01-01', hired_to: '2020-01-01' }, ['upper']);
    });

    it('lists passive or pending members on request, and resolves several groups for later modules', async () => {
      const ruleGroup = await expectMembers({ departments: ['satış'], titles: ['Uzman'] }, ['upper', 'dotless']);
      const passive = await asRules('GET', `${base}/${ruleGroup}/members`, undefined, { status: '0' });
      expect(ids(passive.json().data)).toEqual([people.passive!.id]);
      const all = await asRules('GET', `${base}/${ruleGroup}/members`, undefined, { status: 'all' });
      expect(all.json().meta.total).toBe(4);
      const searched = await asRules('GET', `${base}/${ruleGroup}/members`, undefined, { search: 'dotl' });
      expect(ids(searched.json().data)).toEqual([people.dotless!.id]);

      const staticGroup = await test.factories.createUserGroup(rulesCompany, {
        members: [people.other!.id, people.upper!.id, people.passive!.id],
      });
      const foreignGroup = await test.factories.createUserGroup(other, { members: [stranger.id] });
      const resolved = await inTenant(test.db, rulesCompany.id, (tx) =>
        userIdsOfGroups(tx, rulesCompany.id, [ruleGroup, staticGroup.id, foreignGroup.id]),
      );
      expect(resolved).toEqual(ids([people.upper!, people.dotless!, people.other!]));
      expect(
        await test.services.userGroups.userIdsOfGroups(rulesCompany.id, [staticGroup.id], { status: 'all' }),
      ).toEqual(ids([people.upper!, people.other!, people.passive!]));
    });

    it('offers the distinct departments, titles and locations of the company, one spelling each', async () => {
      const options = (await asRules('GET', `${base}/rule-options`)).json().data;
      expect(options.departments).toHaveLength(2);
      expect(options.departments).toContain('Finans');
      expect(options.locations).toEqual(expect.arrayContaining(['Ankara', 'Bakü', 'İzmir']));
      expect(options.locations).toHaveLength(4);
      expect(options.titles).toHaveLength(3);
    });
  });

  it('adds and removes static members with an audit row each, refusing rule groups and strangers', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => test.factories.createUser(company)));
    const group = await test.factories.createUserGroup(company, { members: [a!.id] });
    const add = await as(adminToken, 'POST', `${base}/${group.id}/members`, {
      lang: 'en',
      body: { user_ids: [a!.id, b!.id, c!.id] },
    });
    expect(add.json()).toEqual({ message: 'People added to the group: 2', affected: 2, members_count: 3 });
    expect(await memberIdsOf(group.id)).toEqual(ids([a!, b!, c!]));
    expect((await auditOf(group.id))[0]).toMatchObject({
      action: 'user_group.members_added',
      actorUserId: adminId,
      after: { user_ids: ids([b!, c!]) },
    });

    const foreign = await as(adminToken, 'POST', `${base}/${group.id}/members`, {
      body: { user_ids: [stranger.id] },
    });
    expect(foreign.statusCode).toBe(422);
    expect(Object.keys(foreign.json().errors)).toEqual(['user_ids']);
    const empty = await as(adminToken, 'POST', `${base}/${group.id}/members`, { body: { user_ids: [] } });
    expect(empty.statusCode).toBe(422);

    const remove = await as(adminToken, 'POST', `${base}/${group.id}/members/remove`, {
      body: { user_ids: [b!.id, c!.id] },
    });
    expect(remove.json()).toMatchObject({ affected: 2, members_count: 1 });
    expect(await memberIdsOf(group.id)).toEqual([a!.id]);
    expect((await auditOf(group.id))[0]).toMatchObject({
      action: 'user_group.members_removed',
      before: { user_ids: ids([b!, c!]) },
    });
    const auditCount = (await auditOf(group.id)).length;
    // Removing someone who is not a member changes nothing and writes nothing.
    const again = await as(adminToken, 'POST', `${base}/${group.id}/members/remove`, { body: { user_ids: [b!.id] } });
    expect(again.json()).toMatchObject({ affected: 0, members_count: 1 });
    expect(await auditOf(group.id)).toHaveLength(auditCount);

    const ruleGroup = await test.factories.createUserGroup(company, { kind: 'rule', rules: { titles: ['Uzman'] } });
    const onRule = await as(adminToken, 'POST', `${base}/${ruleGroup.id}/members`, { body: { user_ids: [a!.id] } });
    expect(onRule.statusCode).toBe(422);
    expect(await memberIdsOf(ruleGroup.id)).toEqual([]);

    // A member who is deleted leaves the group with them.
    await as(adminToken, 'DELETE', `/api/admin/users/${a!.id}`);
    expect(await memberIdsOf(group.id)).toEqual([]);
  });

  it('updates partially, switches kind (a static list goes, audited) and keeps a rule group from losing its rules', async () => {
    const member = await test.factories.createUser(company, { title: 'Analist' });
    const group = await test.factories.createUserGroup(company, { name: 'Değişken', members: [member.id] });
    const renamed = await as(adminToken, 'PUT', `${base}/${group.id}`, { body: { description: 'Yeni açıklama' } });
    expect(renamed.json().data).toMatchObject({ name: 'Değişken', description: 'Yeni açıklama', members_count: 1 });

    const noRules = await as(adminToken, 'POST', `${base}/${group.id}`, { body: { kind: 'rule' } });
    expect(noRules.statusCode).toBe(422);
    expect(Object.keys(noRules.json().errors)).toEqual(['rules']);
    expect(await memberIdsOf(group.id)).toEqual([member.id]);

    const toRule = await as(adminToken, 'POST', `${base}/${group.id}`, {
      body: { kind: 'rule', rules: { titles: ['analist'] } },
    });
    expect(toRule.statusCode).toBe(200);
    expect(toRule.json().data).toMatchObject({ kind: 'rule', rules: { titles: ['analist'], departments: [] } });
    expect(await memberIdsOf(group.id)).toEqual([]);
    const [updated, removed] = await auditOf(group.id);
    expect(removed).toMatchObject({ action: 'user_group.members_removed', before: { user_ids: [member.id] } });
    expect(updated).toMatchObject({
      action: 'user_group.updated',
      before: { kind: 'static', rules: null },
      after: { kind: 'rule' },
    });

    const emptied = await as(adminToken, 'PUT', `${base}/${group.id}`, { body: { rules: { titles: [] } } });
    expect(emptied.statusCode).toBe(422);
    const taken = await test.factories.createUserGroup(company, { name: 'Dolu' });
    const clash = await as(adminToken, 'PUT', `${base}/${group.id}`, { body: { name: 'DOLU' } });
    expect(clash.statusCode).toBe(422);
    expect(await groupRow(taken.id)).toMatchObject({ name: 'Dolu' });

    const toStatic = await as(adminToken, 'PUT', `${base}/${group.id}`, { body: { kind: 'static' } });
    expect(toStatic.json().data).toMatchObject({ kind: 'static', rules: null, members_count: 0 });
    expect(await groupRow(group.id)).toMatchObject({ kind: 'static', rules: null, name: 'Değişken' });
  });

  it('lists with search, sort and kind and status filters; changes status and deletes in bulk; exports', async () => {
    const member = await test.factories.createUser(company);
    const a = await test.factories.createUserGroup(company, { name: 'Liste Zeytin', members: [member.id] });
    const b = await test.factories.createUserGroup(company, {
      name: 'Liste Armut',
      kind: 'rule',
      rules: { departments: ['Yok'] },
    });
    const names = (response: { json: () => { data: { name: string }[] } }) => response.json().data.map((g) => g.name);
    expect(names(await as(adminToken, 'GET', base, { query: { search: 'LİSTE', sort: 'name' } }))).toEqual([
      'Liste Armut',
      'Liste Zeytin',
    ]);
    expect(names(await as(adminToken, 'GET', base, { query: { search: 'liste', sort: '-name' } }))).toEqual([
      'Liste Zeytin',
      'Liste Armut',
    ]);
    expect(names(await as(adminToken, 'GET', base, { query: { search: 'liste', kind: 'rule' } }))).toEqual([
      'Liste Armut',
    ]);
    // A bad filter value is ignored, never an error.
    expect((await as(adminToken, 'GET', base, { query: { search: 'liste', kind: 'x' } })).json().meta.total).toBe(2);

    const status = await as(adminToken, 'POST', `${base}/bulk`, { body: { action: 'status', ids: [a.id], status: 0 } });
    expect(status.json().affected).toBe(1);
    expect(names(await as(adminToken, 'GET', base, { query: { search: 'liste', status: '0' } }))).toEqual([
      'Liste Zeytin',
    ]);
    expect((await auditOf(a.id))[0]).toMatchObject({ action: 'user_group.status_changed', after: { status: 0 } });

    const csv = await exportAs(adminToken, `${base}/export`, {
      query: { format: 'csv', search: 'liste', sort: 'name' },
    });
    expect(csv.headers['content-disposition']).toContain("filename*=UTF-8''kullanici-gruplari-");
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('ID,Grup adı,Grup türü,Üye sayısı,Durum,Açıklama,Oluşturulma');
    expect(lines[1]).toMatch(new RegExp(`^${b.id},Liste Armut,Kurala dayalı,0,Aktif,`));
    expect(lines[2]).toMatch(new RegExp(`^${a.id},Liste Zeytin,Statik,1,Pasif,`));

    const deleted = await as(adminToken, 'POST', `${base}/bulk`, { body: { action: 'delete', ids: [a.id, b.id] } });
    expect(deleted.json().affected).toBe(2);
    expect(await groupRow(a.id)).toBeUndefined();
    // The members' rows go with the group; the users stay.
    expect(await memberIdsOf(a.id)).toEqual([]);
    const [user] = await asSystem(test.db, (tx) => tx.select().from(users).where(eq(users.id, member.id)));
    expect(user).toBeDefined();
    expect((await auditOf(b.id))[0]).toMatchObject({ action: 'user_group.deleted', before: { name: 'Liste Armut' } });
  });
});

describeResourceContract({
  plural: 'user-groups',
  entity: 'user_group',
  permissions: { read: 'show_user', write: 'show_user' },
  create: (n) => ({ name: `Ekip ${n}`, kind: 'static', description: 'Satış ekibi' }),
  update: { description: 'Bölge satış ekibi' },
  invalid: { body: { name: '', kind: 'static' }, field: 'name' },
});
