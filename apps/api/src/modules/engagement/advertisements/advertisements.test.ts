import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import { companyCaller, createTestApp, login, type TestApp } from '../../../../test/helpers.js';
import { describeResourceContract } from '../../../../test/resource-contract.js';

/** One private banner file per company, recorded before the generated tests create advertisements with it. */
const banners = new Map<number, string>();

describeResourceContract({
  plural: 'advertisements',
  entity: 'advertisement',
  permissions: { read: 'read_widgetmanagement', write: 'read_widgetmanagement' },
  prepare: async (test, company) => {
    const file = await test.factories.createStoredFile(company, { visibility: 'private' });
    banners.set(company.id, `/api/files/${file.name}`);
  },
  create: (n, company) => ({
    title: `Bahar kampanyası ${n}`,
    image_url: banners.get(company.id),
    link_url: '/my-assignment',
    start_date: '2026-01-01',
  }),
  update: { title: 'Yaz okulu', order: 3, link_url: 'https://example.com/yaz' },
  invalid: {
    body: { title: 'Bozuk bağlantı', image_url: '/x', start_date: '2026-01-01', link_url: 'javascript:alert(1)' },
    field: 'link_url',
  },
  without: ['bulk', 'export'],
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('advertisements: the slider by audience and dates, counters', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let member: UserRow;
  let outsider: UserRow;
  let adminToken: string;
  let memberToken: string;
  let outsiderToken: string;
  let otherToken: string;
  let groupId: number;
  let banner: string;
  const as = companyCaller(() => ({ app: test.app, company }));
  const asOther = companyCaller(() => ({ app: test.app, company: other }));

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    other = await test.factories.createCompany();
    const admin = await test.factories.createAdmin(company);
    member = await test.factories.createUser(company);
    outsider = await test.factories.createUser(company);
    groupId = (await test.factories.createUserGroup(company, { members: [member.id] })).id;
    banner = `/api/files/${(await test.factories.createStoredFile(company, { visibility: 'private' })).name}`;
    adminToken = (await login(test.app, company, admin.email ?? '')).access_token;
    memberToken = (await login(test.app, company, member.email ?? '')).access_token;
    outsiderToken = (await login(test.app, company, outsider.email ?? '')).access_token;
    otherToken = (await login(test.app, other, (await test.factories.createUser(other)).email ?? '')).access_token;
  });
  afterAll(() => test.close());

  async function advertise(body: Record<string, unknown>) {
    const response = await as(adminToken, 'POST', '/api/admin/advertisements', {
      body: { title: 'Afiş', image_url: banner, start_date: day(0), ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: number };
  }
  const slider = async (caller: typeof as, token: string) =>
    (await caller(token, 'GET', '/api/advertisements')).json().data as {
      id: number;
      title: string;
      image_src: string;
      link_url: string | null;
    }[];

  it('shows the running banners of the reader’s audience in their order, each image signed', async () => {
    await advertise({ title: 'İkinci', order: 2 });
    await advertise({ title: 'Birinci', order: 1, link_url: 'https://example.com/a?b=1' });
    await advertise({ title: 'Grup', order: 3, audience: 'groups', group_ids: [groupId] });
    await advertise({ title: 'Gelecek', start_date: day(2) });
    await advertise({ title: 'Bitmiş', start_date: day(-9), end_date: day(-1) });
    await advertise({ title: 'Pasif', status: 0 });
    const forMember = await slider(as, memberToken);
    expect(forMember.map((a) => a.title)).toEqual(['Birinci', 'İkinci', 'Grup']);
    expect(forMember[0]).toMatchObject({ link_url: 'https://example.com/a?b=1' });
    expect(forMember[0]?.image_src).toMatch(/\?expires=\d+&signature=/);
    expect((await slider(as, outsiderToken)).map((a) => a.title)).toEqual(['Birinci', 'İkinci']);
    expect(await slider(asOther, otherToken)).toEqual([]);
  });

  it('counts views and clicks in aggregate, only for banners the reader may see', async () => {
    const open = await advertise({ title: 'Sayılan' });
    const hidden = await advertise({ title: 'Gizli', audience: 'groups', group_ids: [groupId] });
    const send = (token: string, body: unknown, caller = as) =>
      caller(token, 'POST', '/api/advertisements/events', { body });
    expect((await send(outsiderToken, { views: [open.id, hidden.id], clicks: [open.id] })).statusCode).toBe(204);
    expect((await send(memberToken, { views: [open.id, hidden.id, hidden.id] })).statusCode).toBe(204);
    expect((await send(otherToken, { views: [open.id], clicks: [open.id] }, asOther)).statusCode).toBe(204);
    const read = async (id: number) => (await as(adminToken, 'GET', `/api/admin/advertisements/${id}`)).json().data;
    expect(await read(open.id)).toMatchObject({ views: 2, clicks: 1 });
    expect(await read(hidden.id)).toMatchObject({ views: 1, clicks: 0 });
    const bad = await send(memberToken, { views: ['x'] });
    expect(bad.statusCode).toBe(422);
    expect((await send(memberToken, { views: Array.from({ length: 51 }, (_, i) => i + 1) })).statusCode).toBe(422);
    expect((await as(undefined, 'POST', '/api/advertisements/events', { body: { views: [open.id] } })).statusCode).toBe(
      401,
    );
    expect(await read(open.id)).toMatchObject({ views: 2, clicks: 1 });
  });

  it('refuses links that are neither a route nor a web address, bad dates and a missing banner', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ link_url: 'javascript:alert(1)' }, 'link_url'],
      [{ link_url: '//evil.example.com' }, 'link_url'],
      [{ link_url: '/x" onmouseover="alert(1)' }, 'link_url'],
      [{ start_date: day(3), end_date: day(1) }, 'end_date'],
      [{ image_url: '' }, 'image_url'],
      [{ image_url: '/api/files/00000000000000000000000000000000.png' }, 'image_url'],
      [{ audience: 'groups', group_ids: [] }, 'group_ids'],
    ];
    for (const [body, field] of cases) {
      const response = await as(adminToken, 'POST', '/api/admin/advertisements', {
        body: { title: 'Hatalı', image_url: banner, start_date: day(0), ...body },
        lang: 'de',
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors[field]?.[0], JSON.stringify(body)).toBeTruthy();
    }
    const link = await as(adminToken, 'POST', '/api/admin/advertisements', {
      body: { title: 'Hatalı', image_url: banner, start_date: day(0), link_url: 'ftp://x' },
      lang: 'de',
    });
    expect(link.json().errors.link_url[0]).toMatch(/Geben Sie eine Seite der Plattform/);
  });
});
