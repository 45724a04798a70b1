import { access } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../../../test/factories.js';
import { call, createTestApp, hostOf, login, type TestApp } from '../../../../test/helpers.js';
import { tokenWithPermissions } from '../../../../test/permissions.js';
import { PNG_BYTES, upload, uploadAvatar } from '../../../../test/uploads.js';
import { storedFiles } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';

const KB = 1024;
/** A valid PNG padded to about `kilobytes`: its magic bytes stay those of a PNG. */
const pngOf = (kilobytes: number) => ({
  name: 'photo.png',
  type: 'image/png',
  data: Buffer.concat([PNG_BYTES, Buffer.alloc(kilobytes * KB)]),
});
const DAY_MS = 24 * 3600 * 1000;

describe('upload storage: rate, quota, usage, attachment and clean-up', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let small: CompanyRow;

  beforeAll(async () => {
    test = await createTestApp({ UPLOAD_RATE_MAX_FILES: '3', UPLOAD_RATE_MAX_MB: '2', UPLOAD_QUOTA_MB: '50' });
    company = await test.factories.createCompany();
    other = await test.factories.createCompany();
    small = await test.factories.createCompany({ uploadQuotaMb: 1 });
  });
  afterAll(() => test.close());

  const learnerToken = async (of: CompanyRow = company) =>
    (await login(test.app, of, (await test.factories.createUser(of)).email!)).access_token;
  const rowsOf = (companyId: number) =>
    asSystem(test.db, (tx) => tx.select().from(storedFiles).where(eq(storedFiles.companyId, companyId)));
  const rowOf = async (url: string) => {
    const name = path.basename(url);
    const [row] = await asSystem(test.db, (tx) => tx.select().from(storedFiles).where(eq(storedFiles.name, name)));
    return row;
  };
  const onDisk = (companyId: number, url: string) =>
    access(path.join(test.config.DATA_DIR, 'files', String(companyId), path.basename(url))).then(
      () => true,
      () => false,
    );
  const makeOlder = (url: string, days: number) =>
    asSystem(test.db, (tx) =>
      tx
        .update(storedFiles)
        .set({ createdAt: sql`${storedFiles.createdAt} - make_interval(days => ${days})` })
        .where(eq(storedFiles.name, path.basename(url))),
    );

  describe('the rate per person', () => {
    it('refuses a fourth file in the window with 429 and Retry-After, and stores nothing', async () => {
      const token = await learnerToken();
      for (let i = 0; i < 3; i++) await uploadAvatar(test.app, hostOf(company), token);
      const before = (await rowsOf(company.id)).length;
      const refused = await upload(test.app, [pngOf(1)], { host: hostOf(company), token });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toEqual({ message: expect.any(String) });
      expect((await rowsOf(company.id)).length).toBe(before);
      // Another person of the same company still uploads.
      await uploadAvatar(test.app, hostOf(company), await learnerToken());
    });

    it('counts bytes too: over UPLOAD_RATE_MAX_MB in the window is 429', async () => {
      const token = await learnerToken();
      expect((await upload(test.app, [pngOf(1500)], { host: hostOf(company), token })).statusCode).toBe(201);
      const before = (await rowsOf(company.id)).length;
      const refused = await upload(test.app, [pngOf(1000)], { host: hostOf(company), token });
      expect(refused.statusCode).toBe(429);
      expect((await rowsOf(company.id)).length).toBe(before);
    });
  });

  describe('the company quota', () => {
    it('refuses an upload that would exceed the quota with 422 under files, storing nothing', async () => {
      const first = await upload(test.app, [pngOf(700)], { host: hostOf(small), token: await learnerToken(small) });
      expect(first.statusCode).toBe(201);
      const rows = await rowsOf(small.id);
      const refused = await upload(test.app, [pngOf(700)], {
        host: hostOf(small),
        token: await learnerToken(small),
        lang: 'en',
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        message: 'The submitted data is invalid.',
        errors: {
          files: ["This company's storage is full (at most 1 MB). Ask the platform administrator for more space."],
        },
      });
      expect(await rowsOf(small.id)).toEqual(rows);
      // Another company's quota is its own.
      expect(
        (await upload(test.app, [pngOf(700)], { host: hostOf(other), token: await learnerToken(other) })).statusCode,
      ).toBe(201);
    });
  });

  describe("the super admin's quota on the company registry", () => {
    it('sets and clears a company quota, shows usage in the registry, and refuses a quota below 1 MB', async () => {
      const target = await test.factories.createCompany();
      const superAdmin = await test.factories.createSuperAdmin(company);
      const token = (await login(test.app, company, superAdmin.email!)).access_token;
      const put = (body: unknown) =>
        call(test.app, 'PUT', `/api/admin/companies/${target.id}`, { host: hostOf(company), token, body });
      await uploadAvatar(test.app, hostOf(target), await learnerToken(target));

      const saved = await put({ upload_quota_mb: 5 });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().data).toMatchObject({
        upload_quota_mb: 5,
        storage: { used_bytes: PNG_BYTES.length, quota_bytes: 5 * KB * KB, files: 1 },
      });
      const listed = await call(test.app, 'GET', '/api/admin/companies', {
        host: hostOf(company),
        token,
        query: { search: target.slug },
      });
      expect(listed.json().data[0].storage.files).toBe(1);
      expect((await put({ upload_quota_mb: 0 })).statusCode).toBe(422);
      // Null goes back to the platform default.
      expect((await put({ upload_quota_mb: null })).json().data.storage.quota_bytes).toBe(50 * KB * KB);
      // A company admin cannot change the registry at all.
      const admin = await tokenWithPermissions(test, target, ['read_companysetting']);
      const byAdmin = await call(test.app, 'PUT', `/api/admin/companies/${target.id}`, {
        host: hostOf(target),
        token: admin,
        body: { upload_quota_mb: 100000 },
      });
      expect(byAdmin.statusCode).toBe(403);
    });
  });

  describe('GET api/admin/settings/storage', () => {
    const read = (token: string | undefined, on: CompanyRow, headers: Record<string, string> = {}) =>
      call(test.app, 'GET', '/api/admin/settings/storage', { host: hostOf(on), token, headers });

    it('answers 401 without a session and 403 without read_companysetting', async () => {
      expect((await read(undefined, company)).statusCode).toBe(401);
      expect((await read(await learnerToken(), company)).statusCode).toBe(403);
      expect((await read(await tokenWithPermissions(test, company, ['read_integration']), company)).statusCode).toBe(
        403,
      );
    });

    it("sums the acting company's files against its quota and never another company's", async () => {
      const fresh = await test.factories.createCompany({ uploadQuotaMb: 3 });
      const admin = await tokenWithPermissions(test, fresh, ['read_companysetting']);
      expect((await read(admin, fresh)).json().data).toEqual({ used_bytes: 0, quota_bytes: 3 * KB * KB, files: 0 });
      const learner = await learnerToken(fresh);
      await uploadAvatar(test.app, hostOf(fresh), learner);
      await upload(test.app, [pngOf(10)], { host: hostOf(fresh), token: learner });
      const usage = (await read(admin, fresh)).json().data;
      expect(usage).toEqual({ used_bytes: 2 * PNG_BYTES.length + 10 * KB, quota_bytes: 3 * KB * KB, files: 2 });

      // The platform default applies without a company quota; another company's token or company is refused.
      const defaultQuota = await read(await tokenWithPermissions(test, company, ['read_companysetting']), company);
      expect(defaultQuota.json().data.quota_bytes).toBe(50 * KB * KB);
      expect((await read(admin, other)).statusCode).toBe(401);
      expect((await read(admin, fresh, { 'x-company-id': String(other.id) })).statusCode).toBe(403);
    });
  });

  describe('attachment and clean-up', () => {
    const putPhoto = (token: string, image: string | null) =>
      call(test.app, 'PUT', '/api/user', { host: hostOf(other), token, body: { image } });

    it('marks a profile photo attached and lets the replaced one go', async () => {
      const token = await learnerToken(other);
      const first = await uploadAvatar(test.app, hostOf(other), token);
      expect(await rowOf(first)).toMatchObject({ attachments: 0, attachedAt: null, companyId: other.id });
      expect((await putPhoto(token, first)).statusCode).toBe(200);
      expect(await rowOf(first)).toMatchObject({ attachments: 1, attachedAt: expect.any(Date) });
      // Saving the same photo again counts nothing twice.
      expect((await putPhoto(token, first)).statusCode).toBe(200);
      expect((await rowOf(first))?.attachments).toBe(1);

      const second = await uploadAvatar(test.app, hostOf(other), token);
      expect((await putPhoto(token, second)).statusCode).toBe(200);
      expect(await rowOf(first)).toMatchObject({ attachments: 0, attachedAt: null });
      expect((await rowOf(second))?.attachments).toBe(1);
      expect((await putPhoto(token, null)).statusCode).toBe(200);
      expect((await rowOf(second))?.attachments).toBe(0);
    });

    it('removes day-old unattached uploads (row and file) and keeps attached and fresh ones', async () => {
      const token = await learnerToken(other);
      const stale = await uploadAvatar(test.app, hostOf(other), token);
      const attached = await uploadAvatar(test.app, hostOf(other), token);
      const fresh = await uploadAvatar(test.app, hostOf(other), token);
      expect((await putPhoto(token, attached)).statusCode).toBe(200);
      await makeOlder(stale, 2);
      await makeOlder(attached, 2);

      expect(await test.services.files.cleanUp(new Date())).toBeGreaterThanOrEqual(1);
      expect(await rowOf(stale)).toBeUndefined();
      expect(await onDisk(other.id, stale)).toBe(false);
      expect(await rowOf(attached)).toBeDefined();
      expect(await onDisk(other.id, attached)).toBe(true);
      expect(await rowOf(fresh)).toBeDefined();
      expect(await onDisk(other.id, fresh)).toBe(true);
      // A removed upload can no longer be used.
      expect((await putPhoto(token, stale)).statusCode).toBe(422);

      // The clock decides what is old: a day later the fresh one goes too, the attached one stays.
      await test.services.files.cleanUp(new Date(Date.now() + 2 * DAY_MS));
      expect(await rowOf(fresh)).toBeUndefined();
      expect(await onDisk(other.id, fresh)).toBe(false);
      expect(await onDisk(other.id, attached)).toBe(true);
    });

    it('keeps solution partner logos while a partner uses them', async () => {
      const admin = await tokenWithPermissions(test, other, ['read_integration']);
      const logo = await uploadAvatar(test.app, hostOf(other), admin);
      const created = await call(test.app, 'POST', '/api/admin/solution-partners', {
        host: hostOf(other),
        token: admin,
        body: { name: 'Partner', logo },
      });
      expect(created.statusCode).toBe(201);
      expect((await rowOf(logo))?.attachments).toBe(1);
      await makeOlder(logo, 2);
      await test.services.files.cleanUp(new Date());
      expect(await onDisk(other.id, logo)).toBe(true);

      const id = created.json().data.id;
      expect(
        (await call(test.app, 'DELETE', `/api/admin/solution-partners/${id}`, { host: hostOf(other), token: admin }))
          .statusCode,
      ).toBe(200);
      expect((await rowOf(logo))?.attachments).toBe(0);
      await test.services.files.cleanUp(new Date());
      expect(await onDisk(other.id, logo)).toBe(false);
    });

    it("keeps a company logo, and records the copy a super admin's upload becomes", async () => {
      const target = await test.factories.createCompany();
      const superAdmin = await test.factories.createSuperAdmin(other);
      const token = (await login(test.app, other, superAdmin.email!)).access_token;
      const logo = await uploadAvatar(test.app, hostOf(other), token);
      const saved = await call(test.app, 'PUT', `/api/admin/companies/${target.id}`, {
        host: hostOf(other),
        token,
        body: { logo_link: logo },
      });
      expect(saved.statusCode).toBe(200);
      const [copy] = await rowsOf(target.id);
      expect(copy).toMatchObject({ name: path.basename(logo), attachments: 1 });
      await makeOlder(logo, 2);
      await asSystem(test.db, (tx) =>
        tx
          .update(storedFiles)
          .set({ createdAt: sql`now() - interval '2 days'` })
          .where(eq(storedFiles.companyId, target.id)),
      );
      await test.services.files.cleanUp(new Date());
      // The upload on the super admin's host was never attached there and goes; the target's copy stays.
      expect(await onDisk(other.id, logo)).toBe(false);
      expect(await onDisk(target.id, logo)).toBe(true);
    });
  });
});
