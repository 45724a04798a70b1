import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import { companyCaller, createTestApp, login, type TestApp } from '../../../../test/helpers.js';
import { describeResourceContract } from '../../../../test/resource-contract.js';

describeResourceContract({
  plural: 'announcements',
  entity: 'announcement',
  permissions: { read: 'read_widgetmanagement', write: 'read_widgetmanagement' },
  create: (n) => ({ title: `Yeni yemekhane saatleri ${n}`, body: '<p>12:00–14:00</p>', publish_date: '2026-01-01' }),
  update: { title: 'Kalite haftası', pinned: true },
  invalid: { body: { title: '', publish_date: '2026-01-01' }, field: 'title' },
  without: ['bulk', 'export'],
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('announcements: audience, dates, read state, must-read notices', () => {
  let test: TestApp;
  let company: CompanyRow;
  let sub: CompanyRow;
  let other: CompanyRow;
  let member: UserRow;
  let outsider: UserRow;
  let subLearner: UserRow;
  let adminToken: string;
  let memberToken: string;
  let outsiderToken: string;
  let subToken: string;
  let otherAdminToken: string;
  let groupId: number;
  let imageUrl: string;
  let bytes: Buffer;
  const as = companyCaller(() => ({ app: test.app, company }));
  const asSub = companyCaller(() => ({ app: test.app, company: sub }));
  const asOther = companyCaller(() => ({ app: test.app, company: other }));

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    sub = await test.factories.createCompany({ parentId: company.id });
    other = await test.factories.createCompany();
    const admin = await test.factories.createAdmin(company);
    member = await test.factories.createUser(company);
    outsider = await test.factories.createUser(company);
    subLearner = await test.factories.createUser(sub);
    groupId = (await test.factories.createUserGroup(company, { members: [member.id] })).id;
    bytes = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const put = await test.platform.files.put(company.id, 'png', bytes, { contentType: 'image/png' });
    const file = await test.factories.createStoredFile(company, {
      name: put.name,
      size: put.size,
      visibility: 'private',
    });
    imageUrl = `/api/files/${file.name}`;
    adminToken = (await login(test.app, company, admin.email ?? '')).access_token;
    memberToken = (await login(test.app, company, member.email ?? '')).access_token;
    outsiderToken = (await login(test.app, company, outsider.email ?? '')).access_token;
    subToken = (await login(test.app, sub, subLearner.email ?? '')).access_token;
    otherAdminToken = (await login(test.app, other, (await test.factories.createAdmin(other)).email ?? ''))
      .access_token;
  });
  afterAll(() => test.close());

  async function announce(body: Record<string, unknown>) {
    const response = await as(adminToken, 'POST', '/api/admin/announcements', {
      body: { title: 'Duyuru', publish_date: day(0), ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: number; body: string | null; image_src: string | null; read_count: number };
  }
  const titles = async (caller: typeof as, token: string) =>
    ((await caller(token, 'GET', '/api/announcements')).json().data as { title: string }[]).map((a) => a.title);

  it('shows a group announcement to its members only, with the image signed for them, never to others', async () => {
    const created = await announce({
      title: 'Grup duyurusu',
      audience: 'groups',
      group_ids: [groupId],
      image_url: imageUrl,
      body: '<p onclick="steal()">Merhaba<script>alert(1)</script><img src="x" onerror="alert(2)"></p>',
    });
    expect(created.body).toBe('<p>Merhaba</p>');
    const seen = await as(memberToken, 'GET', '/api/announcements');
    const item = (seen.json().data as { id: number; image_src: string; is_read: boolean }[]).find(
      (a) => a.id === created.id,
    );
    expect(item?.image_src).toMatch(/^\/api\/files\/[0-9a-f]{32}\.png\?expires=\d+&signature=/);
    expect(item?.is_read).toBe(false);
    const image = await as(memberToken, 'GET', item?.image_src ?? '');
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload).toEqual(bytes);
    // The unsigned address (what an outsider could guess at most) is refused.
    expect((await as(outsiderToken, 'GET', imageUrl)).statusCode).toBe(403);
    expect(await titles(as, outsiderToken)).not.toContain('Grup duyurusu');
    expect((await as(outsiderToken, 'GET', `/api/announcements/${created.id}`)).statusCode).toBe(404);
    expect((await as(outsiderToken, 'POST', `/api/announcements/${created.id}/read`)).statusCode).toBe(404);
    expect((await as(memberToken, 'GET', `/api/announcements/${created.id}`)).json().data.title).toBe('Grup duyurusu');
  });

  it('keeps to the dates: nothing before publishing or after the expiry day, the expiry day itself included', async () => {
    await announce({ title: 'Yarın', publish_date: day(1) });
    await announce({ title: 'Dün bitti', publish_date: day(-5), expiry_date: day(-1) });
    await announce({ title: 'Bugün bitiyor', publish_date: day(-5), expiry_date: day(0) });
    await announce({ title: 'Pasif', status: 0 });
    const seen = await titles(as, outsiderToken);
    expect(seen).toContain('Bugün bitiyor');
    expect(seen).not.toContain('Yarın');
    expect(seen).not.toContain('Dün bitti');
    expect(seen).not.toContain('Pasif');
  });

  it('orders pinned first, counts unread, and records a read once per person; the admin sees the read rate', async () => {
    const pinned = await announce({ title: 'Sabit', pinned: true, publish_date: day(-3) });
    const list = await as(outsiderToken, 'GET', '/api/announcements');
    expect(list.json().data[0].title).toBe('Sabit');
    const unreadBefore = list.json().meta.unread as number;
    expect((await as(outsiderToken, 'POST', `/api/announcements/${pinned.id}/read`)).statusCode).toBe(200);
    expect((await as(outsiderToken, 'POST', `/api/announcements/${pinned.id}/read`)).statusCode).toBe(200);
    const after = await as(outsiderToken, 'GET', '/api/announcements');
    expect(after.json().meta.unread).toBe(unreadBefore - 1);
    expect(after.json().data[0].is_read).toBe(true);
    const unreadOnly = await as(outsiderToken, 'GET', '/api/announcements', { query: { unread: 'true' } });
    expect((unreadOnly.json().data as { id: number }[]).map((a) => a.id)).not.toContain(pinned.id);
    const admin = (await as(adminToken, 'GET', `/api/admin/announcements/${pinned.id}`)).json().data;
    // Everyone in the company: the admin, the member and the outsider; one has read it.
    expect(admin).toMatchObject({ read_count: 1, audience_size: 3 });
  });

  it('puts an unread must-read announcement among the notices of the mandatory modal until it is read', async () => {
    const must = await announce({ title: 'Zorunlu okuma', must_read: true, audience: 'groups', group_ids: [groupId] });
    const mandatory = async (token: string) =>
      (await as(token, 'GET', '/api/dashboard/mandatory-completions')).json().data as {
        notices: { name: string; announcement_id?: number }[];
        is_mandatory_exists: boolean;
      };
    const before = await mandatory(memberToken);
    expect(before.is_mandatory_exists).toBe(true);
    expect(before.notices).toContainEqual(expect.objectContaining({ name: 'Zorunlu okuma', announcement_id: must.id }));
    expect((await mandatory(outsiderToken)).notices.map((n) => n.name)).not.toContain('Zorunlu okuma');
    await as(memberToken, 'POST', `/api/announcements/${must.id}/read`);
    expect((await mandatory(memberToken)).notices.map((n) => n.name)).not.toContain('Zorunlu okuma');
  });

  it('reaches the sub-companies a main company names, and no one else', async () => {
    const created = await announce({
      title: 'Grup şirketlerine',
      audience: 'companies',
      company_ids: [sub.id],
      image_url: imageUrl,
    });
    expect(await titles(asSub, subToken)).toContain('Grup şirketlerine');
    // The sub-company's learner loads the main company's image on their own host, by its signed address only.
    const seen = (await asSub(subToken, 'GET', `/api/announcements/${created.id}`)).json().data;
    expect(seen.image_src).toMatch(new RegExp(`\\?expires=\\d+&signature=[^&]+&company=${company.id}$`));
    const image = await asSub(subToken, 'GET', seen.image_src);
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload).toEqual(bytes);
    const unsigned = `${imageUrl}?company=${company.id}`;
    expect((await asSub(subToken, 'GET', unsigned)).statusCode).toBe(403);
    const tampered = seen.image_src.replace(/signature=[^&]+/, 'signature=x');
    expect((await asSub(subToken, 'GET', tampered)).statusCode).toBe(403);
    // An unrelated company's host never serves it, signed or not; nor does a company named that is not the owner.
    expect((await asOther(otherAdminToken, 'GET', seen.image_src)).statusCode).toBe(404);
    expect(
      (await asSub(subToken, 'GET', seen.image_src.replace(/company=\d+/, `company=${other.id}`))).statusCode,
    ).toBe(404);
    expect((await asSub(subToken, 'GET', `${imageUrl}?company=abc`)).statusCode).toBe(404);
    expect(await titles(as, outsiderToken)).not.toContain('Grup şirketlerine');
    const companies = await as(adminToken, 'GET', '/api/admin/audience-companies');
    expect(companies.json().data.map((c: { id: number }) => c.id)).toEqual([company.id, sub.id]);
  });

  it('refuses an audience outside the company and bad dates with localized field errors, creating nothing', async () => {
    const foreignGroup = await test.factories.createUserGroup(other, {});
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ audience: 'groups', group_ids: [] }, 'group_ids', /at least one user group/],
      [{ audience: 'groups', group_ids: [foreignGroup.id] }, 'group_ids', /./],
      [{ audience: 'companies', company_ids: [other.id] }, 'company_ids', /./],
      [{ publish_date: day(3), expiry_date: day(1) }, 'expiry_date', /cannot be before the publish date/],
      [{ image_url: '/api/files/00000000000000000000000000000000.png' }, 'image_url', /Upload the image again/],
      [{ audience: 'nobody' }, 'audience', /./],
    ];
    const total = async () => (await as(adminToken, 'GET', '/api/admin/announcements')).json().meta.total;
    const count = await total();
    for (const [body, field, message] of cases) {
      const response = await as(adminToken, 'POST', '/api/admin/announcements', {
        body: { title: 'Hatalı', publish_date: day(0), ...body },
        lang: 'en',
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors[field]?.[0], JSON.stringify(body)).toMatch(message);
    }
    expect(await total()).toBe(count);
    const turkish = await as(adminToken, 'POST', '/api/admin/announcements', {
      body: { title: 'Hatalı', publish_date: day(3), expiry_date: day(1) },
    });
    expect(turkish.json().errors.expiry_date[0]).toBe('Bitiş tarihi yayın tarihinden önce olamaz.');
  });

  it("never shows another company's announcement, and its admin cannot reach ours", async () => {
    const ours = await announce({ title: 'Bize özel' });
    expect(await titles(asOther, otherAdminToken)).not.toContain('Bize özel');
    expect((await asOther(otherAdminToken, 'GET', `/api/announcements/${ours.id}`)).statusCode).toBe(404);
    expect((await asOther(otherAdminToken, 'POST', `/api/announcements/${ours.id}/read`)).statusCode).toBe(404);
    expect((await as(undefined, 'GET', '/api/announcements')).statusCode).toBe(401);
    expect((await as(memberToken, 'GET', '/api/admin/audience-companies')).statusCode).toBe(403);
  });
});
