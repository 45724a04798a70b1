import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import { call, createTestApp, hostOf, login, type TestApp } from '../../../../test/helpers.js';

describe('notifications', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let learner: UserRow;
  let outsider: UserRow;
  let adminToken: string;
  let learnerToken: string;
  let otherAdminToken: string;

  beforeAll(async () => {
    test = await createTestApp();
    const f = test.factories;
    company = await f.createCompany();
    other = await f.createCompany();
    learner = await f.createUser(company);
    outsider = await f.createUser(other);
    adminToken = (await login(test.app, company, (await f.createAdmin(company)).email!)).access_token;
    learnerToken = (await login(test.app, company, learner.email!)).access_token;
    otherAdminToken = (await login(test.app, other, (await f.createAdmin(other)).email!)).access_token;
  });
  afterAll(() => test.close());

  const as = (
    token: string | undefined,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    body?: unknown,
    query?: Record<string, string>,
  ) => call(test.app, method, url, { host: hostOf(token === otherAdminToken ? other : company), token, body, query });

  it('lets an administrator send to people of the company only', async () => {
    expect((await as(undefined, 'POST', '/api/notifications', { name: 'x', user_ids: [learner.id] })).statusCode).toBe(
      401,
    );
    expect(
      (await as(learnerToken, 'POST', '/api/notifications', { name: 'x', user_ids: [learner.id] })).statusCode,
    ).toBe(403);
    const invalid = await as(adminToken, 'POST', '/api/notifications', { name: '', user_ids: [] });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors).sort()).toEqual(['name', 'user_ids']);
    const foreign = await as(adminToken, 'POST', '/api/notifications', {
      name: 'x',
      user_ids: [learner.id, outsider.id],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toHaveProperty('user_ids');
    const sent = await as(adminToken, 'POST', '/api/notifications', {
      name: 'Yeni görev',
      type: 1,
      data: {
        message: 'Bilgi güvenliği eğitimi atandı',
        webUrl: { name: 'user.assignment-detail', params: { id: 3 } },
      },
      user_ids: [learner.id],
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ recipients: 1 });
  });

  it('counts, lists the latest, pages and marks read', async () => {
    for (let i = 1; i <= 12; i++) {
      await as(adminToken, 'POST', '/api/notifications', {
        name: `Duyuru ${i}`,
        text: `Metin ${i}`,
        user_ids: [learner.id],
      });
    }
    const count = await as(learnerToken, 'GET', '/api/notifications', undefined, { onlyCount: 'true' });
    expect(count.json()).toEqual({ count: 13 });
    const latest = await as(learnerToken, 'GET', '/api/notifications', undefined, { limit: '10' });
    expect(latest.json().data).toHaveLength(10);
    expect(latest.json().data[0]).toMatchObject({
      name: 'Duyuru 12',
      parsed_data: { message: 'Duyuru 12', text: 'Metin 12', webUrl: null },
      pivot: { is_read: 0 },
      read_at: null,
    });
    const page2 = await as(learnerToken, 'GET', '/api/notifications', undefined, { page: '2', per_page: '10' });
    expect(page2.json().meta).toEqual({ page: 2, per_page: 10, total: 13 });
    const structured = page2.json().data.find((n: { type: number }) => n.type === 1);
    expect(structured.parsed_data).toEqual({
      message: 'Bilgi güvenliği eğitimi atandı',
      text: null,
      apiUrl: null,
      webUrl: { name: 'user.assignment-detail', params: { id: 3 } },
    });
    expect(JSON.parse(structured.data)).toMatchObject({ message: 'Bilgi güvenliği eğitimi atandı' });

    const id = latest.json().data[0].id as number;
    expect((await as(learnerToken, 'POST', `/api/notifications/${id}/read`)).statusCode).toBe(200);
    expect((await as(learnerToken, 'GET', '/api/notifications', undefined, { onlyCount: 'true' })).json()).toEqual({
      count: 12,
    });
    await as(learnerToken, 'POST', '/api/notifications/read-all');
    expect((await as(learnerToken, 'GET', '/api/notifications', undefined, { onlyCount: 'true' })).json()).toEqual({
      count: 0,
    });
  });

  it('keeps another company out of every action', async () => {
    const sent = await as(adminToken, 'POST', '/api/notifications', { name: 'İç duyuru', user_ids: [learner.id] });
    const id = sent.json().id as number;
    expect((await as(otherAdminToken, 'POST', `/api/notifications/${id}`, { name: 'Ele geçirildi' })).statusCode).toBe(
      404,
    );
    expect((await as(otherAdminToken, 'DELETE', `/api/notifications/${id}`)).statusCode).toBe(404);
    expect((await as(otherAdminToken, 'POST', `/api/notifications/${id}/read`)).statusCode).toBe(404);
    expect((await as(adminToken, 'POST', `/api/notifications/${id}/read`)).statusCode).toBe(404);

    expect((await as(adminToken, 'POST', `/api/notifications/${id}`, { name: 'Düzeltilmiş duyuru' })).statusCode).toBe(
      200,
    );
    const listed = await as(learnerToken, 'GET', '/api/notifications', undefined, { limit: '1' });
    expect(listed.json().data[0].name).toBe('Düzeltilmiş duyuru');
    expect((await as(adminToken, 'DELETE', `/api/notifications/${id}`)).statusCode).toBe(200);
    const after = await as(learnerToken, 'GET', '/api/notifications', undefined, { limit: '1' });
    expect(after.json().data[0]?.id).not.toBe(id);
  });

  it('lists unread notices as mandatory until each is marked read', async () => {
    const reader = await test.factories.createUser(company);
    const token = (await login(test.app, company, reader.email!)).access_token;
    const empty = await as(token, 'GET', '/api/dashboard/mandatory-completions');
    expect(empty.json()).toEqual({ data: { notices: [], assignments: [], is_mandatory_exists: false } });

    const first = await as(adminToken, 'POST', '/api/notifications', {
      name: 'KVKK aydınlatma metni',
      text: '<p>Lütfen <strong>okuyun</strong>.</p>',
      is_notice: true,
      user_ids: [reader.id],
    });
    await as(adminToken, 'POST', '/api/notifications', { name: 'Sıradan duyuru', user_ids: [reader.id] });
    const second = await as(adminToken, 'POST', '/api/notifications', {
      name: 'Etik kurallar',
      is_notice: true,
      user_ids: [reader.id],
    });
    const state = await as(token, 'GET', '/api/dashboard/mandatory-completions');
    expect(state.json().data).toEqual({
      notices: [
        {
          id: first.json().id,
          name: 'KVKK aydınlatma metni',
          text: '<p>Lütfen <strong>okuyun</strong>.</p>',
          pivot: { is_read: 0 },
        },
        { id: second.json().id, name: 'Etik kurallar', text: null, pivot: { is_read: 0 } },
      ],
      assignments: [],
      is_mandatory_exists: true,
    });

    const notMine = await as(learnerToken, 'POST', '/api/notice-update', { notification_id: [first.json().id] });
    expect(notMine.statusCode).toBe(404);
    expect((await as(token, 'POST', '/api/notice-update', { notification_id: [] })).statusCode).toBe(422);
    expect((await as(token, 'POST', '/api/notice-update', { notification_id: [first.json().id] })).statusCode).toBe(
      200,
    );
    const after = await as(token, 'GET', '/api/dashboard/mandatory-completions');
    expect(after.json().data.notices.map((n: { name: string }) => n.name)).toEqual(['Etik kurallar']);
    await as(token, 'POST', '/api/notice-update', { notification_id: [second.json().id] });
    expect((await as(token, 'GET', '/api/dashboard/mandatory-completions')).json().data.is_mandatory_exists).toBe(
      false,
    );
  });
});
