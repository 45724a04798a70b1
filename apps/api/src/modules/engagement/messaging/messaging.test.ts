import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import { call, createTestApp, hostOf, login, type TestApp } from '../../../../test/helpers.js';

type Conversation = {
  id: number;
  message: string;
  date: string;
  sender_user_id: number | null;
  unread: boolean;
  user: { fullname: string; photo_link: string | null };
  group: { name: string; users: { id: number; fullname: string; photo_link: string | null }[] } | null;
};

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('user messages', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let reader: UserRow;
  let ayse: UserRow;
  let mehmet: UserRow;
  let zeynep: UserRow;
  let token: string;

  const get = (url: string, bearer: string | undefined, target = company, language = 'tr') =>
    call(test.app, 'GET', url, { host: hostOf(target), token: bearer, headers: { 'x-content-language': language } });

  beforeAll(async () => {
    test = await createTestApp();
    const f = test.factories;
    company = await f.createCompany({ surnameViewRestrict: 1, settings: { chat_is_disabled: 'false' } });
    other = await f.createCompany();
    reader = await f.createUser(company, { name: 'Deniz', surname: 'Öğrenci' });
    ayse = await f.createUser(company, { name: 'Ayşe', surname: 'Yılmaz', photo: 'https://cdn.example.test/ayse.jpg' });
    mehmet = await f.createUser(company, { name: 'Mehmet', surname: 'Kaya' });
    zeynep = await f.createUser(company, { name: 'Zeynep', surname: 'Demir' });
    token = (await login(test.app, company, reader.email!)).access_token;
  });
  afterAll(() => test.close());

  it('needs a session', async () => {
    expect((await get('/api/user-messages', undefined)).statusCode).toBe(401);
    expect((await get('/api/user-messages-count', undefined)).statusCode).toBe(401);
  });

  it('starts empty', async () => {
    expect((await get('/api/user-messages', token)).json()).toEqual({ data: [] });
    expect((await get('/api/user-messages-count', token)).json()).toEqual({ data: 0 });
  });

  it('lists conversations newest first as their latest message, with unread flags and a count', async () => {
    // Read up to now: nothing unread.
    const read = await test.factories.createConversation(company, {
      people: [
        [reader, minutesAgo(0)],
        [mehmet, null],
      ],
      lines: [
        [mehmet, 'Toplantı notlarını paylaştım.', minutesAgo(300)],
        [reader, 'Teşekkürler, bakıyorum.', minutesAgo(290)],
      ],
    });
    // Ayşe wrote after the reader last read it: unread.
    const unread = await test.factories.createConversation(company, {
      people: [
        [reader, minutesAgo(60)],
        [ayse, minutesAgo(1)],
      ],
      lines: [
        [reader, 'Merhaba Ayşe Hanım', minutesAgo(90)],
        [ayse, 'Sunum dosyasını yarın gönderebilir misiniz?', minutesAgo(5)],
      ],
    });
    // The reader wrote last: their own message is never unread.
    const mine = await test.factories.createConversation(company, {
      people: [
        [reader, minutesAgo(100)],
        [zeynep, null],
      ],
      lines: [[reader, 'Eğitim linkini ileteyim mi?', minutesAgo(20)]],
    });
    // A group where Zeynep wrote last and the reader never read anything.
    const group = await test.factories.createConversation(company, {
      group: 'Satış Ekibi',
      people: [
        [reader, null],
        [ayse, null],
        [zeynep, null],
      ],
      lines: [
        [ayse, 'Hedefler güncellendi.', minutesAgo(50)],
        [zeynep, 'Cuma günü kutlama var!', minutesAgo(10)],
      ],
    });
    // Conversations the reader takes no part in, here and in another company, stay out.
    await test.factories.createConversation(company, {
      people: [
        [ayse, null],
        [mehmet, null],
      ],
      lines: [[ayse, 'Özel mesaj', minutesAgo(1)]],
    });
    const outsider = await test.factories.createUser(other);
    await test.factories.createConversation(other, {
      people: [[outsider, null]],
      lines: [[outsider, 'Başka şirket', minutesAgo(1)]],
    });

    const response = await get('/api/user-messages', token);
    expect(response.statusCode).toBe(200);
    const list = response.json().data as Conversation[];
    expect(list.map((c) => c.id)).toEqual([unread.id, group.id, mine.id, read.id]);
    expect(list.map((c) => c.unread)).toEqual([true, true, false, false]);
    expect(list[0]).toEqual({
      id: unread.id,
      message: 'Sunum dosyasını yarın gönderebilir misiniz?',
      date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      sender_user_id: ayse.id,
      unread: true,
      // The company restricts surnames and a learner reads them.
      user: { fullname: 'Ayşe Y****', photo_link: 'https://cdn.example.test/ayse.jpg' },
      group: null,
    });
    expect(list[1]).toMatchObject({
      message: 'Cuma günü kutlama var!',
      sender_user_id: zeynep.id,
      user: { fullname: 'Zeynep D****' },
      group: {
        name: 'Satış Ekibi',
        users: [
          { id: ayse.id, fullname: 'Ayşe Y****', photo_link: 'https://cdn.example.test/ayse.jpg' },
          { id: zeynep.id, fullname: 'Zeynep D****', photo_link: null },
        ],
      },
    });
    expect(list[2]).toMatchObject({ sender_user_id: reader.id, user: { fullname: 'Zeynep D****' } });
    expect(new Date(list[0]!.date).getTime()).toBeGreaterThan(new Date(list[1]!.date).getTime());

    expect((await get('/api/user-messages-count', token)).json()).toEqual({ data: 2 });
  });

  it('shows full names to a person with more than one role', async () => {
    const admin = await test.factories.createAdmin(company);
    await test.factories.createConversation(company, {
      people: [
        [admin, null],
        [ayse, null],
      ],
      lines: [[ayse, 'Rapor hazır.', minutesAgo(3)]],
    });
    const adminToken = (await login(test.app, company, admin.email!)).access_token;
    const list = (await get('/api/user-messages', adminToken)).json().data as Conversation[];
    expect(list[0]?.user.fullname).toBe('Ayşe Yılmaz');
    expect((await get('/api/user-messages-count', adminToken)).json()).toEqual({ data: 1 });
  });

  it.each([true, 1, '1', 'true'])('answers 403 with a localized message when chat_is_disabled is %j', async (value) => {
    const closed = await test.factories.createCompany({ settings: { chat_is_disabled: value } });
    const closedToken = (await login(test.app, closed, (await test.factories.createUser(closed)).email!)).access_token;
    const list = await get('/api/user-messages', closedToken, closed);
    expect(list.statusCode).toBe(403);
    expect(list.json()).toEqual({ message: 'Bu şirkette mesajlaşma kapalı.' });
    const count = await get('/api/user-messages-count', closedToken, closed, 'en');
    expect(count.statusCode).toBe(403);
    expect(count.json()).toEqual({ message: 'Messaging is turned off for this company.' });
  });

  it('keeps each company to its own conversations, whatever X-Company-Id asks', async () => {
    const outsider = await test.factories.createUser(other);
    const outsiderToken = (await login(test.app, other, outsider.email!)).access_token;
    expect((await get('/api/user-messages', outsiderToken, other)).json()).toEqual({ data: [] });
    // Even a row of another company that names the reader stays invisible to the reader's company.
    const before = (await get('/api/user-messages', token)).json().data as Conversation[];
    await test.factories.createConversation(other, {
      people: [
        [reader, null],
        [outsider, null],
      ],
      lines: [[outsider, 'Sızdırılmamalı', minutesAgo(0)]],
    });
    expect((await get('/api/user-messages', token)).json().data).toEqual(before);
    expect((await get('/api/user-messages-count', token)).json()).toEqual({ data: 2 });
    const crossing = await call(test.app, 'GET', '/api/user-messages', {
      host: hostOf(company),
      token,
      headers: { 'x-company-id': String(other.id) },
    });
    expect(crossing.statusCode).toBe(403);
  });
});
