import { isPermission, ROLE } from '@kampus/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, hostOf, login, type TestApp } from '../test/helpers.js';
import { users } from './db/schema/index.js';
import { asSystem } from './db/scope.js';

describe('the platform pipeline', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  it('gives every API route an access rule, and opens only the routes meant to be public', () => {
    const publicRoutes = test.routes
      .filter((r) => r.access === 'public' && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(publicRoutes).toEqual(
      [
        'GET /api/agenda/feed/:token.ics',
        'GET /api/clients/authorization-token',
        'GET /api/company/self',
        'GET /api/files/:name',
        'GET /api/health',
        'GET /api/localization',
        'GET /api/ready',
        'GET /api/s/:id',
        'GET /api/scorm/:versionId/:token/*',
        // The public verification of a certificate number (issue 16).
        'GET /api/verify/:number',
        'POST /api/auth-validation',
        'POST /api/create-password',
        'POST /api/email-verification',
        'POST /api/forgot-password',
        'POST /api/register',
        'POST /api/register-invitation',
        'POST /api/reset-password',
        'POST /api/token',
        'POST /api/token/refresh',
      ].sort(),
    );
    expect(test.routes.every((r) => r.access !== undefined)).toBe(true);
    expect(() => test.app.get('/api/unguarded-probe', async () => ({ ok: true }))).toThrow(/declares no access rule/);
  });

  it('guards every admin route with an admin permission, never with a bare session', () => {
    const admin = test.routes.filter((r) => r.url.startsWith('/api/admin/'));
    expect(admin.map((r) => `${r.method} ${r.url}`)).toContain('GET /api/admin/dashboard');
    const loose = admin.filter((r) => r.access === 'public' || r.access === 'authenticated');
    expect(loose).toEqual([]);
    // Positively: every admin route names a permission, the admin threshold or the super admin role.
    const guarded = (access: (typeof admin)[number]['access']) =>
      access === 'admin' || access === 'super_admin' || (typeof access === 'object' && isPermission(access.permission));
    expect(admin.filter((r) => !guarded(r.access))).toEqual([]);
    expect(admin.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /api/admin/users', 'POST /api/admin/users/bulk', 'POST /api/admin/users/export']),
    );
  });

  it("answers every admin route addressing a record with 404 for another company's record, never a success", async () => {
    const company = await test.factories.createCompany();
    const other = await test.factories.createCompany();
    // The super admin role passes every guard, so only the tenant scope can stop the call.
    await test.factories.createSuperAdmin(company, { email: 'walker@example.test' });
    const foreign = await test.factories.createUser(other, { name: 'Foreign' });
    // Role ids 1–3 are the built-ins every company sees, so a user's id may name one: roles get a foreign role's id.
    const foreignRole = await test.factories.createRole(other, { name: 'Foreign' });
    const idFor = (url: string) => (url.startsWith('/api/admin/roles/') ? foreignRole.id : foreign.id);
    const token = (await login(test.app, company, 'walker@example.test')).access_token;
    // The company registry is not tenant-owned: a super admin reaches every company by design (companies-admin.test
    // covers its 403 for everyone else and 404 for unknown ids).
    const byId = test.routes.filter(
      (r) =>
        r.url.startsWith('/api/admin/') &&
        !r.url.startsWith('/api/admin/companies/') &&
        r.url.includes(':id') &&
        r.method !== 'HEAD',
    );
    expect(byId.length).toBeGreaterThan(0);
    for (const route of byId) {
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
      // Nested ids (a classroom's :session, :registration) are the foreign record's too.
      const url = route.url.replace(/:[a-z_]+/g, String(idFor(route.url)));
      const response = await call(test.app, method, url, {
        host: hostOf(company),
        token,
        ...(method === 'POST' || method === 'PUT' ? { body: {} } : {}),
      });
      // A body a route requires may be refused first (422); a foreign record is never found, read or changed.
      expect(response.statusCode === 404 || (response.statusCode === 422 && method !== 'GET'), `${method} ${url}`).toBe(
        true,
      );
      expect(response.body).not.toContain('Foreign');
    }
    const [row] = await asSystem(test.db, (tx) => tx.select().from(users).where(eq(users.id, foreign.id)));
    expect(row).toMatchObject({ name: 'Foreign', status: 1 });
  });

  it('answers health and readiness on any host', async () => {
    const health = await call(test.app, 'GET', '/api/health', { host: '127.0.0.1' });
    expect(health.statusCode).toBe(200);
    const ready = await call(test.app, 'GET', '/api/ready', { host: '127.0.0.1' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', database: { status: 'up' }, redis: 'not_configured' });
  });

  it('answers an unknown host with a clear 404 body in the requested language', async () => {
    const response = await call(test.app, 'GET', '/api/company/self', {
      host: 'nobody.localhost',
      headers: { 'x-content-language': 'en' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'This address does not belong to any company.' });
  });

  it('sends security headers and a request id, and no stack on unknown routes', async () => {
    const response = await call(test.app, 'GET', '/api/does-not-exist');
    expect(response.statusCode).toBe(404);
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    // The player embeds YouTube's and Vimeo's players, and no other site's frame.
    expect(response.headers['content-security-policy']).toContain(
      "frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com",
    );
    expect(response.json()).toEqual({ message: 'İstenen adres bulunamadı.' });
  });

  it('validates bodies into the one error shape, with localized field messages', async () => {
    const company = await test.factories.createCompany();
    const response = await call(test.app, 'POST', '/api/token', {
      host: hostOf(company),
      headers: { 'x-content-language': 'de' },
      body: { grant_type: 'password', username: '' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Die übermittelten Angaben sind ungültig.',
      errors: { username: ['Dieses Feld ist erforderlich.'], password: ['Dieses Feld ist erforderlich.'] },
    });
  });

  it('drops unknown body keys instead of storing them', async () => {
    const company = await test.factories.createCompany();
    const user = await test.factories.createUser(company, { roles: [ROLE.user] });
    const session = await login(test.app, company, user.email!);
    const response = await call(test.app, 'PUT', '/api/user', {
      host: hostOf(company),
      token: session.access_token,
      body: { bio: 'Hello', is_admin: true, company_id: 999 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('is_admin');
    expect(response.json().bio).toBe('Hello');
  });

  it('lets CORS through only for known hosts', async () => {
    const company = await test.factories.createCompany();
    const allowed = await call(test.app, 'GET', '/api/company/self', {
      host: hostOf(company),
      headers: { origin: `http://${hostOf(company)}:3000` },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe(`http://${hostOf(company)}:3000`);
    const refused = await call(test.app, 'GET', '/api/company/self', {
      host: hostOf(company),
      headers: { origin: 'http://evil.example' },
    });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('the request log', () => {
  let test: TestApp;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    test = await createTestApp(
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line) => void lines.push(JSON.parse(line)) } },
    );
  });
  afterAll(() => test.close());

  it('writes one line a request, when it is answered, without the session token', async () => {
    const company = await test.factories.createCompany();
    const before = lines.length;
    const response = await call(test.app, 'GET', '/api/company/self', {
      host: hostOf(company),
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(response.statusCode).toBe(200);
    const written = lines.slice(before).filter((line) => line.reqId === response.headers['x-request-id']);
    expect(written).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: '/api/company/self', host: hostOf(company) }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
    expect(JSON.stringify(written)).not.toContain('not-a-token');
  });
});
