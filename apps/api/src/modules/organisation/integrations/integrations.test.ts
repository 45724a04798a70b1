import { CARD_PAYMENT_INTEGRATION_KEY, isPaymentIntegrationActive } from '@kampus/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../../../test/factories.js';
import { call, createTestApp, hostOf, login, type TestApp } from '../../../../test/helpers.js';
import { tokenWithPermissions } from '../../../../test/permissions.js';
import { companyIntegrations, integrations } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';
import { INTEGRATION_CATALOG, syncIntegrationCatalog } from './catalog.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('integrations', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let adminToken: string;
  let adminId: number;
  let learnerToken: string;
  let managerToken: string;
  let otherAdminToken: string;
  let zoomId: number;
  let paymentId: number;

  const idOf = (key: string) =>
    asSystem(test.db, (tx) =>
      tx
        .select()
        .from(integrations)
        .where(eq(integrations.keyName, key))
        .then((r) => r[0]!.id),
    );
  const pivotOf = (companyId: number, integrationId: number) =>
    asSystem(test.db, (tx) =>
      tx
        .select()
        .from(companyIntegrations)
        .where(and(eq(companyIntegrations.companyId, companyId), eq(companyIntegrations.integrationId, integrationId)))
        .then((r) => r[0]),
    );

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    other = await test.factories.createCompany();
    const admin = await test.factories.createAdmin(company, { name: 'Derya', surname: 'Aksoy' });
    adminId = admin.id;
    adminToken = (await login(test.app, company, admin.email!)).access_token;
    const learner = await test.factories.createUser(company);
    learnerToken = (await login(test.app, company, learner.email!)).access_token;
    managerToken = await tokenWithPermissions(test, company, ['read_integration']);
    const otherAdmin = await test.factories.createAdmin(other);
    otherAdminToken = (await login(test.app, other, otherAdmin.email!)).access_token;
    zoomId = await idOf('zoom');
    paymentId = await idOf(CARD_PAYMENT_INTEGRATION_KEY);
  });
  afterAll(() => test.close());

  const as = (
    token: string | undefined,
    method: Method,
    url: string,
    options: { body?: unknown; query?: Record<string, string>; lang?: string; on?: CompanyRow } = {},
  ) =>
    call(test.app, method, url, {
      host: hostOf(options.on ?? company),
      token,
      body: options.body,
      query: options.query,
      headers: options.lang ? { 'x-content-language': options.lang } : {},
    });

  it('keeps the catalogue in step at every start, without duplicates', async () => {
    await syncIntegrationCatalog(test.db);
    const rows = await asSystem(test.db, (tx) => tx.select().from(integrations));
    expect(rows.map((r) => r.keyName).sort()).toEqual(INTEGRATION_CATALOG.map((e) => e.key).sort());
    expect(rows.find((r) => r.keyName === CARD_PAYMENT_INTEGRATION_KEY)).toMatchObject({ category: 'payment' });
  });

  it('lists the catalogue by_user for any session, localized, with no company pivot before activation', async () => {
    expect((await as(undefined, 'GET', '/api/integrations', { query: { by_user: 'true' } })).statusCode).toBe(401);
    const response = await as(learnerToken, 'GET', '/api/integrations', { query: { by_user: 'true' }, lang: 'de' });
    expect(response.statusCode).toBe(200);
    const list = response.json().data;
    expect(list.map((i: { key_name: string }) => i.key_name)).toEqual(INTEGRATION_CATALOG.map((e) => e.key));
    expect(list[0]).toMatchObject({ key_name: 'iyzico', name: 'iyzico', category: 'payment', companies: [] });
    expect(list[0].description).toMatch(/Kartenzahlungen/);
    expect(isPaymentIntegrationActive(list)).toBe(false);
  });

  it('guards the admin list and every change with read_integration', async () => {
    const changes: [Method, string, unknown?][] = [
      ['POST', '/api/integrations', { key_name: 'zoom' }],
      ['PUT', `/api/integrations/${zoomId}`, { active: true }],
      ['DELETE', `/api/integrations/${zoomId}`],
    ];
    for (const [method, url, body] of [['GET', '/api/admin/integrations'] as [Method, string], ...changes]) {
      expect((await as(undefined, method, url, { body })).statusCode, `${method} ${url}`).toBe(401);
      expect((await as(learnerToken, method, url, { body })).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await as(managerToken, 'GET', '/api/admin/integrations')).statusCode).toBe(200);
    expect(await pivotOf(company.id, zoomId)).toBeUndefined();
  });

  it('activates the card payment integration for the acting company only, and audits it', async () => {
    const response = await as(managerToken, 'POST', '/api/integrations', {
      body: { key_name: CARD_PAYMENT_INTEGRATION_KEY, settings: { installments: true } },
      lang: 'en',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: paymentId,
      key_name: 'iyzico',
      active: true,
      activated_at: expect.any(String),
      settings: { installments: true },
    });
    // The learner's frame now sees the payment integration; another company does not.
    const mine = (await as(learnerToken, 'GET', '/api/integrations', { query: { by_user: 'true' } })).json().data;
    expect(mine[0].companies).toEqual([{ id: company.id, pivot: { activated_at: expect.any(String) } }]);
    expect(isPaymentIntegrationActive(mine)).toBe(true);
    const theirs = (
      await as(otherAdminToken, 'GET', '/api/integrations', { on: other, query: { by_user: 'true' } })
    ).json().data;
    expect(isPaymentIntegrationActive(theirs)).toBe(false);
    expect(theirs.every((i: { companies: unknown[] }) => i.companies.length === 0)).toBe(true);
    const theirAdmin = (await as(otherAdminToken, 'GET', '/api/admin/integrations', { on: other })).json().data;
    expect(theirAdmin.find((i: { id: number }) => i.id === paymentId)).toMatchObject({ active: false, settings: {} });

    const [entry] = await test.factories.auditOf('integration', paymentId);
    expect(entry).toMatchObject({
      action: 'integration.activated',
      companyId: company.id,
      before: { active: false },
      after: { active: true, settings: { installments: true } },
    });
    // Activating again changes nothing and writes nothing.
    await as(managerToken, 'POST', '/api/integrations', { body: { key_name: CARD_PAYMENT_INTEGRATION_KEY } });
    expect(await test.factories.auditOf('integration', paymentId)).toHaveLength(1);
  });

  it('shows who activated it in the admin list, and deactivates keeping the options', async () => {
    await as(adminToken, 'POST', '/api/integrations', { body: { key_name: 'zoom', settings: { account: 'egitim' } } });
    const admin = (await as(adminToken, 'GET', '/api/admin/integrations', { lang: 'tr' })).json().data;
    const zoom = admin.find((i: { key_name: string }) => i.key_name === 'zoom');
    expect(zoom).toMatchObject({
      active: true,
      activated_by: { id: adminId, name: 'Derya Aksoy' },
      category: 'meeting',
    });
    expect(zoom.description).toMatch(/Zoom toplantısı/);

    const off = await as(adminToken, 'DELETE', `/api/integrations/${zoomId}`, { lang: 'en' });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      message: 'The integration has been switched off.',
      data: { active: false, activated_at: null, activated_by: null, settings: { account: 'egitim' } },
    });
    expect(await pivotOf(company.id, zoomId)).toMatchObject({ activatedAt: null, settings: { account: 'egitim' } });
    const audits = await test.factories.auditOf('integration', zoomId);
    expect(audits.map((a) => a.action)).toEqual(['integration.deactivated', 'integration.activated']);
    // The by_user list keeps the company's pivot with a null activated_at: not active.
    const byUser = (await as(learnerToken, 'GET', '/api/integrations', { query: { by_user: 'true' } })).json().data;
    expect(byUser.find((i: { key_name: string }) => i.key_name === 'zoom').companies).toEqual([
      { id: company.id, pivot: { activated_at: null } },
    ]);
  });

  it('switches on and off and replaces options through PUT', async () => {
    const teams = await idOf('microsoft_teams');
    const on = await as(adminToken, 'PUT', `/api/integrations/${teams}`, { body: { active: true } });
    expect(on.json().data).toMatchObject({ active: true });
    const options = await as(adminToken, 'PUT', `/api/integrations/${teams}`, {
      body: { settings: { tenant: 'demo' } },
    });
    expect(options.json().data).toMatchObject({ active: true, settings: { tenant: 'demo' } });
    const off = await as(adminToken, 'PUT', `/api/integrations/${teams}`, { body: { active: false } });
    expect(off.json().data).toMatchObject({ active: false });
    const actions = (await test.factories.auditOf('integration', teams)).map((a) => a.action);
    expect(actions).toEqual(['integration.deactivated', 'integration.updated', 'integration.activated']);
  });

  it('refuses unknown integrations and bad bodies (404 / 422), changing nothing', async () => {
    const unknown = await as(adminToken, 'POST', '/api/integrations', { body: { key_name: 'myspace' }, lang: 'en' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ key_name: ['There is no such integration.'] });
    const missing = await as(adminToken, 'POST', '/api/integrations', { body: {}, lang: 'en' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toHaveProperty('key_name');
    const badSettings = await as(adminToken, 'PUT', `/api/integrations/${zoomId}`, {
      body: { settings: { nested: { no: 1 } } },
    });
    expect(badSettings.statusCode).toBe(422);
    expect((await as(adminToken, 'PUT', '/api/integrations/999999', { body: { active: true } })).statusCode).toBe(404);
    expect((await as(adminToken, 'DELETE', '/api/integrations/999999')).statusCode).toBe(404);
    expect(await pivotOf(company.id, 999999)).toBeUndefined();
  });
});
