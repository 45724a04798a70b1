import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import {
  call,
  createTestApp,
  hostOf,
  latestMailTo,
  linkIn,
  login,
  readOutbox,
  type TestApp,
} from '../../../../test/helpers.js';

const PASSWORD = 'Correct-Horse-42';

const signIn = (test: TestApp, company: CompanyRow, username: string, password = PASSWORD) =>
  call(test.app, 'POST', '/api/token', {
    host: hostOf(company),
    headers: { 'x-content-language': 'en' },
    body: { grant_type: 'password', username, password },
  });

describe('failed sign-ins count per account, and never lock its owner out', () => {
  let test: TestApp;
  let holding: CompanyRow;
  let retail: CompanyRow;
  let outlet: CompanyRow;
  let phones: CompanyRow;

  beforeAll(async () => {
    test = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
    const f = test.factories;
    holding = await f.createCompany({ isGroupAlias: true, canSwitchCompany: true });
    retail = await f.createCompany({ parentId: holding.id });
    outlet = await f.createCompany({ parentId: holding.id });
    phones = await f.createCompany({ settings: { login_options: { identifiers: ['email', 'phone'] } } });
  });
  afterAll(() => test.close());

  it('counts failures spread over the hosts of a group toward the one account', async () => {
    const person = await test.factories.createUser(holding, { language: 'en' });
    for (const host of [holding, holding, retail, retail, outlet]) {
      expect((await signIn(test, host, person.email!, 'wrong-password')).statusCode).toBe(401);
    }
    const right = await signIn(test, holding, person.email!);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ requires_sms_code: true, channel: 'email' });
    expect(right.json()).not.toHaveProperty('access_token');
  });

  it('counts failures under every spelling of one phone number toward the one account', async () => {
    const person = await test.factories.createUser(phones, { phone: '05551234567', language: 'en' });
    const spellings = ['0555 123 45 67', '(0555) 123 45 67', '0555-123-45-67', '0555 1234567', '05551234567'];
    for (const spelling of spellings) {
      expect((await signIn(test, phones, spelling, 'wrong-password')).statusCode).toBe(401);
    }
    const right = await signIn(test, phones, '0555 123 4567');
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ requires_sms_code: true, channel: 'email' });
    expect(person.email).toBeTruthy();
  });

  it('lets the owner in with a mailed code after twenty wrong passwords, then forgives the failures', async () => {
    const owner = await test.factories.createUser(holding, { email: 'owner.one@example.test', language: 'en' });
    for (let attempt = 0; attempt < 20; attempt++) {
      const wrong = await signIn(test, retail, owner.email!, `wrong-password-${attempt}`);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: 'The sign-in details are incorrect.' });
    }
    const challenged = await signIn(test, holding, owner.email!);
    expect(challenged.statusCode).toBe(200);
    const challenge = challenged.json();
    expect(challenge).toMatchObject({
      requires_sms_code: true,
      channel: 'email',
      phone_hint: 'o***@example.test',
      message: expect.stringContaining('unsuccessful sign-in attempts'),
    });

    const mail = await latestMailTo(test, owner.email!);
    const code = linkIn(mail, /sign-in code is (\d{6})\b/);
    const session = await call(test.app, 'POST', '/api/auth-validation', {
      host: hostOf(holding),
      body: { grant_type: 'sms_code', challenge: challenge.challenge, code },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ id: owner.id, access_token: expect.any(String) });
    await expect(login(test.app, holding, owner.email!)).resolves.toMatchObject({ id: owner.id });
  });

  it('sends the code by SMS where the company signs in with SMS codes', async () => {
    const company = await test.factories.createCompany({
      settings: { login_options: { identifiers: ['email', 'phone'], sms_two_factor: true } },
    });
    const person = await test.factories.createUser(company, { phone: '+905559998877' });
    for (let attempt = 0; attempt < 5; attempt++) await signIn(test, company, person.email!, 'wrong-password');
    const right = await signIn(test, company, person.email!);
    expect(right.json()).toMatchObject({ requires_sms_code: true, channel: 'sms', phone_hint: '+90 *** ** 77' });
  });

  it('holds an account with nowhere to send a code until its window ends', async () => {
    const company = await test.factories.createCompany({
      settings: { login_options: { identifiers: ['registration_number'] } },
    });
    await test.factories.createUser(company, { email: null, phone: null, registrationNumber: 'RN-77' });
    for (let attempt = 0; attempt < 5; attempt++) await signIn(test, company, 'RN-77', 'wrong-password');
    const right = await signIn(test, company, 'RN-77');
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('password-reset mails and registrations are rate-limited', () => {
  let test: TestApp;
  let company: CompanyRow;
  let person: UserRow;

  beforeAll(async () => {
    test = await createTestApp({ PASSWORD_RESETS_PER_IP: '8', REGISTRATIONS_PER_IP: '6' });
    company = await test.factories.createCompany({
      settings: { login_options: { self_registration: true, self_registration_requires_approval: false } },
    });
    person = await test.factories.createUser(company, { email: 'reset.target@example.test' });
  });
  afterAll(() => test.close());

  const forgot = (username: string) =>
    call(test.app, 'POST', '/api/forgot-password', { host: hostOf(company), body: { username } });
  const register = (email: string) =>
    call(test.app, 'POST', '/api/register', {
      host: hostOf(company),
      body: {
        name: 'Deniz',
        surname: 'Ak',
        email,
        password: 'Learning-Every-Day-9',
        password_confirmation: 'Learning-Every-Day-9',
      },
    });
  const mailsTo = async (address: string) =>
    (await readOutbox(test)).filter((item) => item.file.endsWith('.eml') && item.content.includes(address)).length;

  it('sends at most three reset mails an hour to one account, however its name is written', async () => {
    for (const spelling of ['reset.target@example.test', ' Reset.Target@example.test', 'RESET.TARGET@EXAMPLE.TEST']) {
      expect((await forgot(spelling)).statusCode).toBe(200);
    }
    const fourth = await forgot('reset.target@example.test');
    expect(fourth.statusCode).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailsTo(person.email!)).toBe(3);
  });

  it('limits reset requests per address, known accounts or not', async () => {
    const answers = [];
    for (let n = 0; n < 6; n++) answers.push((await forgot(`nobody${n}@example.test`)).statusCode);
    // Four requests (the last refused for its target) came from this address above: eight in all.
    expect(answers).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('accepts at most three registrations an hour for one address, and six from one IP', async () => {
    expect((await register('new.person@example.test')).statusCode).toBe(201);
    expect((await register('New.Person@example.test')).statusCode).toBe(201);
    expect((await register('new.person@example.test')).statusCode).toBe(201);
    expect((await register('new.person@example.test')).statusCode).toBe(429);
    expect((await register('other.one@example.test')).statusCode).toBe(201);
    expect((await register('other.two@example.test')).statusCode).toBe(201);
    expect((await register('other.three@example.test')).statusCode).toBe(429);
  });
});

describe('the work after an answer does not tell whether an account exists', () => {
  let test: TestApp;
  let company: CompanyRow;
  let person: UserRow;

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany({
      settings: { login_options: { self_registration: true, self_registration_requires_approval: false } },
    });
    person = await test.factories.createUser(company, { email: 'known.person@example.test' });
  });
  afterAll(() => test.close());
  afterEach(() => vi.restoreAllMocks());

  /** The jobs a request leads to, once they have all run, and the mails that really left. */
  async function workOf(request: () => Promise<unknown>) {
    await test.settle();
    const enqueue = vi.spyOn(test.platform.jobs, 'enqueue');
    const send = vi.spyOn(test.platform.mailer, 'send');
    await request();
    await test.settle();
    const jobs = enqueue.mock.calls.map(([, name, payload]) => ({
      name,
      event: (payload as { event?: string }).event,
      decoy: (payload as { decoy?: boolean }).decoy ?? false,
    }));
    const sent = send.mock.calls.length;
    vi.restoreAllMocks();
    return { jobs, sent };
  }

  it('composes a reset mail for an unknown account too, and sends it nowhere', async () => {
    const forgot = (username: string) => () =>
      call(test.app, 'POST', '/api/forgot-password', { host: hostOf(company), body: { username } });
    const known = await workOf(forgot(person.email!));
    const unknown = await workOf(forgot('ghost.person@example.test'));
    const names = (work: typeof known) => work.jobs.map((job) => `${job.name}:${job.event ?? ''}`);
    expect(names(unknown)).toEqual(names(known));
    expect(names(known)).toEqual(['auth.forgot-password:', 'mail.event:password_reset']);
    expect(known.jobs.at(-1)?.decoy).toBe(false);
    expect(unknown.jobs.at(-1)?.decoy).toBe(true);
    expect([known.sent, unknown.sent]).toEqual([1, 0]);
  });

  it('answers a registration the same way and mails once, whether or not the address has an account', async () => {
    const register = (email: string) => () =>
      call(test.app, 'POST', '/api/register', {
        host: hostOf(company),
        body: {
          name: 'Deniz',
          surname: 'Ak',
          email,
          password: 'Learning-Every-Day-9',
          password_confirmation: 'Learning-Every-Day-9',
        },
      });
    const known = await workOf(register(person.email!));
    const unknown = await workOf(register('brand.new@example.test'));
    expect(known.jobs.map((job) => job.name)).toEqual(['mail.event']);
    expect(unknown.jobs.map((job) => job.name)).toEqual(['mail.event']);
    expect(known.jobs[0]?.event).toBe('registration_existing_account');
    expect([known.sent, unknown.sent]).toEqual([1, 1]);
  });
});

describe('the password policy holds wherever a password is set', () => {
  let test: TestApp;
  let company: CompanyRow;

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany({
      settings: { login_options: { self_registration: true, self_registration_requires_approval: false } },
    });
  });
  afterAll(() => test.close());

  const register = (password: string, email = 'policy.person@example.test') =>
    call(test.app, 'POST', '/api/register', {
      host: hostOf(company),
      headers: { 'x-content-language': 'en' },
      body: { name: 'Gülşen', surname: 'Yıldırım', email, password, password_confirmation: password },
    });

  it.each([
    ['eight spaces', '        ', 'The password cannot consist of spaces only.'],
    ['one letter', 'aaaaaaaa', 'The password repeats the same characters too often.'],
    ['digits in order', '12345678', 'The password is a sequence such as 12345678'],
    ['the own name', 'Gulsen-Blue-Sky-9', 'The password must not contain your name'],
    ['the own email', 'policy.person-2026', 'The password must not contain your name'],
  ])('refuses %s at registration', async (_label, password, message) => {
    const response = await register(password);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.password[0]).toContain(message);
  });

  it('refuses a reset to a password holding the surname and leaves the link usable', async () => {
    const person = await test.factories.createUser(company, { surname: 'Karaca', email: 'karaca@example.test' });
    await call(test.app, 'POST', '/api/forgot-password', { host: hostOf(company), body: { username: person.email } });
    const token = linkIn(await latestMailTo(test, person.email!), /\/reset-password\/([A-Za-z0-9_-]{20,})/);
    const reset = (password: string) =>
      call(test.app, 'POST', '/api/reset-password', {
        host: hostOf(company),
        headers: { 'x-content-language': 'en' },
        body: { token, password, password_confirmation: password },
      });
    const refused = await reset('Blue-KARACA-Sky-9');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      password: ['The password must not contain your name, email address, username or phone number.'],
    });
    expect((await reset('Brand-New-Passphrase-7')).statusCode).toBe(200);
  });

  it('refuses a profile password holding the username', async () => {
    const person = await test.factories.createUser(company, { username: 'tulpar' });
    const session = await login(test.app, company, person.email!);
    const response = await call(test.app, 'PUT', '/api/user', {
      host: hostOf(company),
      token: session.access_token,
      headers: { 'x-content-language': 'en' },
      body: { password: 'Tulpar-Runs-Far-1', password_confirmation: 'Tulpar-Runs-Far-1', current_password: PASSWORD },
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['password']);
  });
});
