import type { Session } from '@kampus/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../../../test/factories.js';
import {
  call,
  createTestApp,
  decodedSubject,
  hostOf,
  latestMailTo,
  linkIn,
  login,
  readOutbox,
  type TestApp,
} from '../../../../test/helpers.js';
import { users } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';

const strong = { password: 'Learning-Every-Day-9', password_confirmation: 'Learning-Every-Day-9' };

describe('joining a company', () => {
  let test: TestApp;
  let open: CompanyRow;
  let moderated: CompanyRow;
  let closed: CompanyRow;

  beforeAll(async () => {
    test = await createTestApp();
    const f = test.factories;
    open = await f.createCompany({
      settings: { login_options: { self_registration: true, self_registration_requires_approval: false } },
    });
    moderated = await f.createCompany({ settings: { login_options: { self_registration: true } } });
    closed = await f.createCompany();
  });
  afterAll(() => test.close());

  const register = (company: CompanyRow, body: Record<string, unknown>, lang = 'tr') =>
    call(test.app, 'POST', '/api/register', { host: hostOf(company), headers: { 'x-content-language': lang }, body });

  it('refuses self-registration where the company has not turned it on', async () => {
    const response = await register(
      closed,
      { name: 'Ali', surname: 'Veli', email: 'ali@example.test', ...strong },
      'en',
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Self-registration is turned off for this company.');
  });

  it('registers, mails a verification link that verifies the address, and signs in', async () => {
    const response = await register(open, {
      name: 'Ayşe',
      surname: 'Kaya',
      email: 'Ayse.Kaya@Example.test',
      ...strong,
    });
    expect(response.statusCode).toBe(201);
    const mail = await latestMailTo(test, 'ayse.kaya@example.test');
    const token = linkIn(mail, /\/email-verification\?token=([A-Za-z0-9_-]{20,})/);
    const verified = await call(test.app, 'POST', '/api/email-verification', { host: hostOf(open), body: { token } });
    expect(verified.statusCode).toBe(200);
    const [row] = await asSystem(test.db, (tx) =>
      tx.select().from(users).where(eq(users.email, 'ayse.kaya@example.test')),
    );
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
    await expect(login(test.app, open, 'ayse.kaya@example.test', strong.password)).resolves.toMatchObject({
      name: 'Ayşe',
    });
    const reused = await call(test.app, 'POST', '/api/email-verification', { host: hostOf(open), body: { token } });
    expect(reused.statusCode).toBe(422);
  });

  it('holds a registration for approval when the company asks for it', async () => {
    const response = await register(
      moderated,
      { name: 'Elvin', surname: 'Həsənov', email: 'elvin@example.test', ...strong },
      'az',
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(
      'Təşəkkür edirik. Göstərdiyiniz ünvana e-poçt göndərdik; gələnlər qutunuzu yoxlayın. İnzibatçı təsdiq etdikdən sonra daxil ola biləcəksiniz.',
    );
    const signIn = await call(test.app, 'POST', '/api/token', {
      host: hostOf(moderated),
      body: { grant_type: 'password', username: 'elvin@example.test', password: strong.password },
    });
    expect(signIn.statusCode).toBe(403);
  });

  it('answers a known address as a new one and mails its owner instead', async () => {
    const owner = await test.factories.createUser(open, { email: 'taken@example.test', name: 'Selin' });
    const duplicate = await register(open, { name: 'A', surname: 'B', email: 'TAKEN@example.test', ...strong }, 'en');
    const fresh = await register(open, { name: 'A', surname: 'B', email: 'fresh@example.test', ...strong }, 'en');
    expect(duplicate.statusCode).toBe(201);
    expect(duplicate.body).toBe(fresh.body);
    const raw = (await readOutbox(test)).filter((item) => item.content.includes('taken@example.test')).at(-1);
    expect(decodedSubject(raw?.content ?? '')).toBe(`${open.name} – Zaten bir hesabınız var`);
    const mail = await latestMailTo(test, 'taken@example.test');
    expect(linkIn(mail, /(http:\/\/[^\s"<>]+\/login)\b/)).toBe(`http://${hostOf(open)}:3000/login`);
    const [row] = await asSystem(test.db, (tx) => tx.select().from(users).where(eq(users.id, owner.id)));
    expect(row?.name).toBe('Selin');
  });

  it('refuses a weak password and a mismatched confirmation on their fields', async () => {
    const common = await register(open, {
      name: 'A',
      surname: 'B',
      email: 'weak@example.test',
      password: 'password123',
      password_confirmation: 'password123',
    });
    expect(common.statusCode).toBe(422);
    expect(Object.keys(common.json().errors)).toEqual(['password']);
    const mismatch = await register(open, {
      name: 'A',
      surname: 'B',
      email: 'mismatch@example.test',
      password: strong.password,
      password_confirmation: 'something-else',
    });
    expect(Object.keys(mismatch.json().errors)).toEqual(['password_confirmation']);
  });

  it('registers through a signed invitation of this company only, once', async () => {
    const link = test.services.auth.createInvitationLink(closed, 'invited@example.test');
    const params = linkIn(link, /\/register-invitation\/(.+)$/);
    const accept = (company: CompanyRow, value: string) =>
      call(test.app, 'POST', '/api/register-invitation', {
        host: hostOf(company),
        body: { params: value, name: 'Davetli', surname: 'Kişi', ...strong },
      });
    expect((await accept(open, params)).statusCode).toBe(422);
    const tampered = `${params.slice(0, -2)}${params.endsWith('A') ? 'BB' : 'AA'}`;
    expect((await accept(closed, tampered)).statusCode).toBe(422);
    const accepted = await accept(closed, params);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({ email: 'invited@example.test', company_id: closed.id });
    expect((await accept(closed, params)).statusCode).toBe(422);
  });

  it('lets an admin-created user set a first password through the mailed link', async () => {
    const person = await test.factories.createUser(closed, { email: 'new.hire@example.test', password: null });
    await test.services.auth.sendPasswordCreateLink(person, closed);
    const token = linkIn(
      await latestMailTo(test, 'new.hire@example.test'),
      /\/create-password\?token=([A-Za-z0-9_-]{20,})/,
    );
    const created = await call(test.app, 'POST', '/api/create-password', {
      host: hostOf(closed),
      body: { token, ...strong },
    });
    expect(created.statusCode).toBe(200);
    await expect(login(test.app, closed, 'new.hire@example.test', strong.password)).resolves.toMatchObject({
      id: person.id,
    });
  });

  it('exchanges a one-time login token once, on its own host only', async () => {
    const person = await test.factories.createUser(open);
    const token = await test.services.auth.createLoginToken({ userId: person.id, companyId: open.id });
    const exchange = (company: CompanyRow) =>
      call(test.app, 'GET', '/api/clients/authorization-token', { host: hostOf(company), query: { token } });
    expect((await exchange(closed)).statusCode).toBe(401);
    const first = await exchange(open);
    expect(first.statusCode).toBe(200);
    expect((first.json() as Session).id).toBe(person.id);
    expect((await exchange(open)).statusCode).toBe(401);
  });

  it('opens a sub-company with a domain of its own there, through a one-time login link', async () => {
    const group = await test.factories.createCompany({ isGroupAlias: true, canSwitchCompany: true });
    const branded = await test.factories.createCompany({ parentId: group.id, customDomain: 'akademi.example.test' });
    const person = await test.factories.createUser(group);
    const session = await login(test.app, group, person.email!);
    const switched = await call(test.app, 'POST', '/api/change-company', {
      host: hostOf(group),
      token: session.access_token,
      body: { company_id: branded.id },
    });
    expect(switched.statusCode).toBe(200);
    const redirect = switched.json().redirect_url as string;
    expect(redirect).toMatch(/^http:\/\/akademi\.example\.test:3000\/\?token=/);
    const token = new URL(redirect).searchParams.get('token')!;
    const arrived = await call(test.app, 'GET', '/api/clients/authorization-token', {
      host: 'akademi.example.test',
      query: { token },
    });
    expect(arrived.statusCode).toBe(200);
    expect(arrived.json()).toMatchObject({ id: person.id, company_id: branded.id });
  });
});
