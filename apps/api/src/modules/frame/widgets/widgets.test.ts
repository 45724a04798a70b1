import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../../../test/factories.js';
import { call, createTestApp, hostOf, login, type TestApp } from '../../../../test/helpers.js';

type Item = { type: string; title: string | null; status: number; order: number; type_lang: string; id: number };

describe('GET api/widgets', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let token: string;

  const widgets = (target: CompanyRow, bearer: string | undefined, query: Record<string, string>, language = 'tr') =>
    call(test.app, 'GET', '/api/widgets', {
      host: hostOf(target),
      token: bearer,
      query,
      headers: { 'x-content-language': language },
    });

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany({ settings: { modules: ['wall', 'gift'] } });
    other = await test.factories.createCompany();
    await test.factories.createMenuItems(company, [
      ['gift', 30, 1, { tr: 'Hediye Dükkanı' }],
      ['dashboard', 0, 1],
      ['wall', 20, 1, { tr: 'Duvar', en: 'Wall of fame' }],
      ['education-category', 10, 1],
      ['my-statistics', 40, 0, { tr: 'İstatistik' }],
      ['my-collection', 50, 1],
      ['agenda', 60, 1],
    ]);
    await test.factories.createMenuItems(other, [['faq', 1, 1]]);
    token = (await login(test.app, company, (await test.factories.createUser(company)).email!)).access_token;
  });
  afterAll(() => test.close());

  it('needs a session', async () => {
    expect((await widgets(company, undefined, { company_id: String(company.id) })).statusCode).toBe(401);
  });

  it('refuses a missing or malformed company_id and by_user with a localized 422', async () => {
    const missing = await widgets(company, token, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ company_id: ['Bu alan zorunludur.'] });
    const words = await widgets(company, token, { company_id: 'abc', by_user: 'maybe' }, 'en');
    expect(words.statusCode).toBe(422);
    expect(Object.keys(words.json().errors).sort()).toEqual(['by_user', 'company_id']);
    expect((await widgets(company, token, { company_id: '-3' })).statusCode).toBe(422);
  });

  it('lists every item of the company in order, titled in the request language', async () => {
    const response = await widgets(company, token, { company_id: String(company.id) });
    expect(response.statusCode).toBe(200);
    const items = response.json().data as Item[];
    expect(items.map((i) => i.type)).toEqual([
      'dashboard',
      'education-category',
      'wall',
      'gift',
      'my-statistics',
      'my-collection',
      'agenda',
    ]);
    expect(items.find((i) => i.type === 'my-statistics')).toMatchObject({ status: 0, order: 40, title: 'İstatistik' });
    expect(items[0]).toMatchObject({ type_lang: 'menu.dashboard', title: null, status: 1, order: 0 });
    const english = (await widgets(company, token, { company_id: String(company.id) }, 'en')).json().data as Item[];
    expect(english.find((i) => i.type === 'wall')?.title).toBe('Wall of fame');
    expect(english.find((i) => i.type === 'gift')?.title).toBeNull();
  });

  it('with by_user=true leaves out the items of switched-off modules', async () => {
    const response = await widgets(company, token, { company_id: String(company.id), by_user: 'true' });
    expect((response.json().data as Item[]).map((i) => i.type)).toEqual([
      'dashboard',
      'wall',
      'gift',
      'my-statistics',
      'agenda',
    ]);
  });

  it('gives the session the same menu, active items only', async () => {
    const session = await login(
      test.app,
      company,
      (await test.factories.createUser(company, { language: 'en' })).email!,
    );
    expect(session.menu.map((i) => [i.type, i.title])).toEqual([
      ['dashboard', null],
      ['wall', 'Wall of fame'],
      ['gift', null],
      ['agenda', null],
    ]);
    expect(session.modules).toEqual(['wall', 'gift']);
  });

  it('answers 404 for a company the session may not act in, and for one that does not exist', async () => {
    const foreign = await widgets(company, token, { company_id: String(other.id), by_user: 'true' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Aradığınız kayıt bulunamadı.' });
    const superToken = (await login(test.app, company, (await test.factories.createSuperAdmin(company)).email!))
      .access_token;
    expect((await widgets(company, superToken, { company_id: String(other.id) })).json().data).toHaveLength(1);
    const nowhere = await widgets(company, superToken, { company_id: '99999999' });
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json()).toEqual(foreign.json());
  });

  it('serves a sub-company of the group to a user who may switch to it', async () => {
    const holding = await test.factories.createCompany({ isGroupAlias: true, canSwitchCompany: true });
    const child = await test.factories.createCompany({ parentId: holding.id, settings: { modules: [] } });
    await test.factories.createMenuItems(child, [
      ['wall', 1, 1],
      ['my-assignment', 2, 1],
    ]);
    const member = await test.factories.createUser(holding);
    const memberToken = (await login(test.app, holding, member.email!)).access_token;
    const response = await widgets(holding, memberToken, { company_id: String(child.id), by_user: '1' });
    expect(response.statusCode).toBe(200);
    expect((response.json().data as Item[]).map((i) => i.type)).toEqual(['my-assignment']);
    expect((await widgets(holding, memberToken, { company_id: String(other.id) })).statusCode).toBe(404);
  });
});
