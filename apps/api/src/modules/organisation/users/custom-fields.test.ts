import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../../../test/factories.js';
import { call, createTestApp, exported, hostOf, login, type TestApp } from '../../../../test/helpers.js';
import { users } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';

type Method = 'GET' | 'POST' | 'PUT';

const COST_CENTER = { key: 'cost_center', label: { tr: 'Masraf merkezi', en: 'Cost centre' } };
const SHIFT = { key: 'shift', label: { tr: 'Vardiya', de: 'Schicht' } };

/** Issue 4: the user fields a company defines (setting `user_custom_fields`) and how the users module obeys them. */
describe('company-defined user fields', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let adminToken: string;
  let learnerToken: string;

  const as = (token: string | undefined, method: Method, url: string, body?: unknown, lang = 'en') =>
    call(test.app, method, url, { host: hostOf(company), token, body, headers: { 'x-content-language': lang } });
  const storedOf = (id: number) =>
    asSystem(test.db, (tx) =>
      tx
        .select({ customFields: users.customFields })
        .from(users)
        .where(eq(users.id, id))
        .then((r) => r[0]?.customFields),
    );

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany({ defaultLanguage: 'tr' });
    other = await test.factories.createCompany({ settings: { user_custom_fields: [SHIFT] } });
    const admin = await test.factories.createAdmin(company);
    const learner = await test.factories.createUser(company);
    adminToken = (await login(test.app, company, admin.email!)).access_token;
    learnerToken = (await login(test.app, company, learner.email!)).access_token;
  });
  afterAll(() => test.close());

  it('saves the definitions through the settings, audited, and refuses bad ones with field errors', async () => {
    expect((await as(adminToken, 'GET', '/api/admin/settings')).json().data.user_custom_fields).toEqual([]);
    const bad = await as(adminToken, 'PUT', '/api/admin/settings', {
      user_custom_fields: [
        { key: 'Cost Center', label: { en: 'Cost' } },
        { key: 'shift', label: { tr: ' ', en: '' } },
        { key: 'shift', label: { en: 'Shift' } },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      'user_custom_fields.0.key': ['A key may only contain lower-case letters, digits and underscores.'],
      'user_custom_fields.1.label': ['Write a label in at least one language.'],
      'user_custom_fields.2.key': ['Another field already uses this key.'],
    });
    const tooMany = Array.from({ length: 31 }, (_, i) => ({ key: `f${i}`, label: { en: `F${i}` } }));
    const over = await as(adminToken, 'PUT', '/api/admin/settings', { user_custom_fields: tooMany });
    expect(over.json().errors).toEqual({ user_custom_fields: ['You can define at most 30 fields.'] });
    expect((await as(adminToken, 'GET', '/api/admin/settings')).json().data.user_custom_fields).toEqual([]);

    const saved = await as(adminToken, 'PUT', '/api/admin/settings', { user_custom_fields: [COST_CENTER, SHIFT] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.user_custom_fields).toEqual([COST_CENTER, SHIFT]);
    const [entry] = await test.factories.auditOf('company_settings', company.id);
    expect(entry).toMatchObject({
      action: 'company_settings.updated',
      before: expect.objectContaining({ user_custom_fields: [] }),
      after: expect.objectContaining({ user_custom_fields: [COST_CENTER, SHIFT] }),
    });
  });

  it('lists the defined fields for the user form, labelled in the request language, to holders of show_user', async () => {
    expect((await as(undefined, 'GET', '/api/admin/users/custom-fields')).statusCode).toBe(401);
    expect((await as(learnerToken, 'GET', '/api/admin/users/custom-fields')).statusCode).toBe(403);
    const en = await as(adminToken, 'GET', '/api/admin/users/custom-fields', undefined, 'en');
    // No English label for the shift: the company's language (tr) comes next.
    expect(en.json()).toEqual({
      data: [
        { key: 'cost_center', label: 'Cost centre' },
        { key: 'shift', label: 'Vardiya' },
      ],
    });
    const de = await as(adminToken, 'GET', '/api/admin/users/custom-fields', undefined, 'de');
    expect(de.json().data.map((f: { label: string }) => f.label)).toEqual(['Masraf merkezi', 'Schicht']);
  });

  it('refuses values of undefined fields on create and update, and creates nothing', async () => {
    const refused = await as(adminToken, 'POST', '/api/admin/users', {
      name: 'Yeni',
      surname: 'Kişi',
      email: 'typo@example.test',
      custom_fields: { cost_centre: 'MM-1', shift: 'Gece' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      'custom_fields.cost_centre': ['Your company has not defined this field.'],
    });
    const list = await as(adminToken, 'GET', '/api/admin/users', undefined);
    expect(JSON.stringify(list.json())).not.toContain('typo@example.test');

    const person = await test.factories.createUser(company);
    const update = await as(
      adminToken,
      'PUT',
      `/api/admin/users/${person.id}`,
      { custom_fields: { badge: 'x' } },
      'tr',
    );
    expect(update.statusCode).toBe(422);
    expect(update.json().errors).toEqual({ 'custom_fields.badge': ['Bu alan şirketinizde tanımlı değil.'] });
  });

  it('drops empty values, keeps values of fields no longer defined, and exports the defined fields', async () => {
    const created = await as(adminToken, 'POST', '/api/admin/users', {
      name: 'Alan',
      surname: 'Sahibi',
      email: 'fields@example.test',
      custom_fields: { cost_center: 'MM-100', shift: '' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    expect(created.json().data.custom_fields).toEqual({ cost_center: 'MM-100' });
    // A value stored while `legacy` was still defined.
    await asSystem(test.db, (tx) =>
      tx
        .update(users)
        .set({ customFields: { cost_center: 'MM-100', legacy: 'eski' } })
        .where(eq(users.id, id)),
    );

    const updated = await as(adminToken, 'PUT', `/api/admin/users/${id}`, {
      custom_fields: { cost_center: '', shift: 'Gece' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.custom_fields).toEqual({ legacy: 'eski', shift: 'Gece' });
    const untouched = await as(adminToken, 'PUT', `/api/admin/users/${id}`, { title: 'Uzman' });
    expect(untouched.json().data.custom_fields).toEqual({ legacy: 'eski', shift: 'Gece' });
    expect(await storedOf(id)).toEqual({ legacy: 'eski', shift: 'Gece' });
    const [change] = await test.factories.auditOf('user', id);
    expect(change).toMatchObject({ action: 'user.updated' });

    const file = await exported(test, '/api/admin/users/export', {
      host: hostOf(company),
      token: adminToken,
      query: { format: 'csv', search: 'fields@example.test' },
      headers: { 'x-content-language': 'en' },
    });
    expect(file.statusCode).toBe(200);
    const [header, row] = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toMatch(/,Created,Cost centre,Vardiya$/);
    expect(header).not.toContain('legacy');
    expect(row).toMatch(/,,Gece$/);
  });

  it("goes by the acting company's definitions only: a field another company defines is refused here", async () => {
    const removed = await as(adminToken, 'PUT', '/api/admin/settings', { user_custom_fields: [COST_CENTER] });
    expect(removed.statusCode).toBe(200);
    const refused = await as(adminToken, 'POST', '/api/admin/users', {
      name: 'Başka',
      surname: 'Şirket',
      email: 'cross@example.test',
      custom_fields: { shift: 'Gündüz' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toHaveProperty(['custom_fields.shift']);
    const inOther = await call(test.app, 'GET', '/api/admin/users/custom-fields', {
      host: hostOf(other),
      token: adminToken,
    });
    expect(inOther.statusCode).toBe(401);
  });
});
