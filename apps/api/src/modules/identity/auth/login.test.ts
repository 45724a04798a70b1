import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../../../test/factories.js';
import { call, createTestApp, hostOf, type TestApp } from '../../../../test/helpers.js';

describe('sign-in rules', () => {
  let test: TestApp;
  let holding: CompanyRow;
  let retail: CompanyRow;
  let other: CompanyRow;

  beforeAll(async () => {
    test = await createTestApp();
    const f = test.factories;
    holding = await f.createCompany({
      isGroupAlias: true,
      canSwitchCompany: true,
      settings: { login_options: { identifiers: ['email', 'registration_number'] } },
    });
    retail = await f.createCompany({ parentId: holding.id });
    other = await f.createCompany();
  });
  afterAll(() => test.close());

  const signIn = (company: CompanyRow, username: string, password = 'Correct-Horse-42', lang = 'en') =>
    call(test.app, 'POST', '/api/token', {
      host: hostOf(company),
      headers: { 'x-content-language': lang },
      body: { grant_type: 'password', username, password },
    });

  it('accepts the identifiers the company allows and no others', async () => {
    const person = await test.factories.createUser(holding, { registrationNumber: 'DH-0042', username: 'can.kaya' });
    expect((await signIn(holding, 'DH-0042')).statusCode).toBe(200);
    expect((await signIn(holding, person.email!.toUpperCase())).statusCode).toBe(200);
    expect((await signIn(holding, 'can.kaya')).statusCode).toBe(401);
  });

  it('answers a wrong password and an unknown account with the same words', async () => {
    const person = await test.factories.createUser(other);
    const wrong = await signIn(other, person.email!, 'not-the-password');
    const unknown = await signIn(other, 'ghost@example.test');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'The sign-in details are incorrect.' });
    expect(unknown.body).toBe(wrong.body);
  });

  it('tells a passive user so only after the right password', async () => {
    const person = await test.factories.createUser(other, { status: 0 });
    expect((await signIn(other, person.email!, 'wrong-password')).statusCode).toBe(401);
    const right = await signIn(other, person.email!);
    expect(right.statusCode).toBe(403);
    expect(right.json().message).toBe('Your account is inactive. Please contact your administrator.');
  });

  it('keeps people on their own company hosts, letting group users onto sub-companies and super admins anywhere', async () => {
    const outsider = await test.factories.createUser(other);
    expect((await signIn(holding, outsider.email!)).statusCode).toBe(401);
    const groupUser = await test.factories.createUser(holding);
    const onRetail = await signIn(retail, groupUser.email!);
    expect(onRetail.statusCode).toBe(200);
    expect(onRetail.json()).toMatchObject({ id: groupUser.id, company_id: retail.id });
    const retailUser = await test.factories.createUser(retail);
    expect((await signIn(holding, retailUser.email!)).statusCode).toBe(401);
    const superAdmin = await test.factories.createSuperAdmin(holding);
    const anywhere = await signIn(other, superAdmin.email!);
    expect(anywhere.statusCode).toBe(200);
    expect(anywhere.json().roles.map((r: { id: number }) => r.id)).toEqual([1, 2, 3]);
  });

  it('returns the session body of spec §3', async () => {
    const admin = await test.factories.createAdmin(other, { name: 'Derya', surname: 'Yılmaz' });
    const body = (await signIn(other, admin.email!)).json();
    expect(body).toMatchObject({
      token_type: 'Bearer',
      id: admin.id,
      name: 'Derya',
      surname: 'Yılmaz',
      photo: null,
      company_id: other.id,
      company_name: other.name,
      modules: ['wall', 'leader-table', 'gift', 'education-category', 'my-collection'],
      impersonator: null,
    });
    expect(body.access_token).toEqual(expect.any(String));
    expect(body.refresh_token).toEqual(expect.any(String));
    expect(body.menu).toEqual([]);
    expect(body.roles.map((r: { id: number; name: string }) => [r.id, r.name])).toEqual([
      [2, 'admin'],
      [3, 'user'],
    ]);
    expect(body.roles[0].permissions).toContainEqual({ name: 'read_report' });
    expect(body.scopes).toEqual([
      { role_user_id: expect.any(Number), company_id: other.id, role_id: 2 },
      { role_user_id: expect.any(Number), company_id: other.id, role_id: 3 },
    ]);
  });

  it('closes a passive company host', async () => {
    const closed = await test.factories.createCompany({ status: 0 });
    const person = await test.factories.createUser(closed);
    const response = await signIn(closed, person.email!);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe("This company's account is currently disabled.");
  });
});
