import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { SCORM_VERSIONS } from '@kampus/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import { call, companyCaller, createTestApp, hostOf, login, type TestApp } from '../../../../test/helpers.js';
import { startTestS3, type TestS3 } from '../../../../test/s3-server.js';
import {
  buildDemoScormPackage,
  buildScormManifest,
  buildScormPackage,
  DEMO_SCORM_FILES,
  renameZipEntry,
} from '../../../../test/scorm-packages.js';
import { PNG_BYTES, upload } from '../../../../test/uploads.js';
import { contents, contentVersions } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';
import { apiPath } from '../../../paths.js';
import { HttpError } from '../../../platform/http/errors.js';
import { createS3FileStorage } from '../../../platform/s3-storage.js';
import type { FileStorage } from '../../../platform/storage.js';
import {
  cmiToProgress,
  contentTypeOf,
  inspectScormPackage,
  isSafeEntryPath,
  SCORM_CONTENT_SECURITY_POLICY,
  SCORM_LAUNCH_TTL_SECONDS,
  SCORM_LIMITS,
  scormLaunchUrl,
  scormVersionOf,
} from './scorm.js';

const REFUSALS = [
  'not_a_zip',
  'no_manifest',
  'manifest_invalid',
  'unknown_version',
  'launch_missing',
  'unsafe_path',
  'too_many_entries',
  'too_large',
  'suspicious_compression',
  'encrypted',
  'unsupported_entry',
  'file_missing',
] as const;

/** The `scorm.*` key a refused package is answered with on `file_url`, or the package when accepted. */
async function refusalOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError && error.status === 422)
      return (error.fieldErrors?.file_url?.[0] ?? '?').replace(/^scorm\./, '');
    throw error;
  }
  return 'accepted';
}

describe('inspectScormPackage', () => {
  let test: TestApp;
  let company: CompanyRow;
  let storage: FileStorage;
  const stored = async (zip: Buffer | Readable) =>
    (await storage.put(company.id, 'zip', zip, { contentType: 'application/zip' })).name;
  const inspect = async (zip: Buffer, limits = SCORM_LIMITS) =>
    inspectScormPackage(storage, company.id, await stored(zip), limits);

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    storage = test.platform.files;
  });
  afterAll(() => test.close());

  it('reads a SCORM 1.2 package: edition, launch page and title', async () => {
    const zip = await buildScormPackage({ version: '1.2', title: 'Güvenlik 101' });
    expect(await inspect(zip)).toEqual({ version: '1.2', launch: 'index.html', title: 'Güvenlik 101' });
  });

  it('reads a SCORM 2004 package with its launch page in a folder and the item parameters kept', async () => {
    const zip = await buildScormPackage({ version: '2004', launch: 'lesson/start page.html' });
    expect(await inspect(zip)).toEqual({
      version: '2004',
      launch: 'lesson/start page.html',
      title: 'Information Security Basics',
    });
    const manifest = buildScormManifest({ version: '2004' }).replace(
      'identifierref="sco-1"',
      'identifierref="sco-1" parameters="?lang=tr"',
    );
    expect(await inspect(await buildScormPackage({ version: '2004', manifest }))).toMatchObject({
      launch: 'index.html?lang=tr',
    });
  });

  it('tells the edition from schemaversion, else from the ADL namespace', () => {
    expect(scormVersionOf('1.2', new Set())).toBe('1.2');
    expect(scormVersionOf('2004 3rd Edition', new Set())).toBe('2004');
    expect(scormVersionOf('2004 4th Edition', new Set())).toBe('2004');
    expect(scormVersionOf('CAM 1.3', new Set())).toBe('2004');
    expect(scormVersionOf(null, new Set(['http://www.adlnet.org/xsd/adlcp_rootv1p2']))).toBe('1.2');
    expect(scormVersionOf(null, new Set(['http://www.adlnet.org/xsd/adlcp_v1p3']))).toBe('2004');
    expect(scormVersionOf('1.1', new Set(['http://www.adlnet.org/xsd/adlcp_rootv1p2']))).toBeNull();
    expect(scormVersionOf(null, new Set(['http://www.imsglobal.org/xsd/imscp_v1p1']))).toBeNull();
  });

  it('refuses what is not a zip, or a zip without a manifest at its root', async () => {
    expect(await refusalOf(inspect(PNG_BYTES))).toBe('not_a_zip');
    expect(await refusalOf(inspect(Buffer.from('PK\u0003\u0004 but nothing else')))).toBe('not_a_zip');
    expect(await refusalOf(inspect(await buildScormPackage({ version: '1.2', manifest: null })))).toBe('no_manifest');
    const nested = await buildScormPackage({
      version: '1.2',
      manifest: null,
      files: { 'course/imsmanifest.xml': buildScormManifest({ version: '1.2' }) },
    });
    expect(await refusalOf(inspect(nested))).toBe('no_manifest');
  });

  it('refuses a manifest that is not XML, of an unknown edition, or whose launch page is missing', async () => {
    const broken = await buildScormPackage({ version: '1.2', manifest: '<manifest><organizations>' });
    expect(await refusalOf(inspect(broken))).toBe('manifest_invalid');
    const edition = await buildScormPackage({ version: '1.2', schemaVersion: '1.1' });
    expect(await refusalOf(inspect(edition))).toBe('unknown_version');
    const missing = await buildScormPackage({ version: '2004', omitLaunch: true });
    expect(await refusalOf(inspect(missing))).toBe('launch_missing');
    const outside = buildScormManifest({ version: '1.2' }).replaceAll('href="index.html"', 'href="../index.html"');
    expect(await refusalOf(inspect(await buildScormPackage({ version: '1.2', manifest: outside })))).toBe(
      'launch_missing',
    );
    const external = buildScormManifest({ version: '1.2' }).replaceAll(
      'href="index.html"',
      'href="https://evil.test/"',
    );
    expect(await refusalOf(inspect(await buildScormPackage({ version: '1.2', manifest: external })))).toBe(
      'launch_missing',
    );
  });

  it('refuses entries whose path escapes the package (zip-slip): .., absolute, drive letters, backslashes', async () => {
    const zip = await buildScormPackage({ version: '1.2', files: { 'zz/slip.txt': 'x' } });
    for (const name of ['../slip.txt', '/z/slip.txt', 'C:/slip.txt', 'zz\\slip.txt']) {
      expect(await refusalOf(inspect(renameZipEntry(zip, 'zz/slip.txt', name.padEnd(11, '_'))))).toBe('unsafe_path');
    }
    expect(isSafeEntryPath('assets/lesson.js')).toBe(true);
    for (const path of ['', '/x', '../x', 'a/../../x', 'a/./x', 'a//x', 'C:x', 'a\\x', 'a\u0000x']) {
      expect(isSafeEntryPath(path), path).toBe(false);
    }
  });

  it('refuses a zip bomb by its compression ratio, and packages over the size or entry limits', async () => {
    const zeros = Buffer.alloc(20 * 1024 * 1024);
    const bomb = await buildScormPackage({ version: '1.2', files: { 'media/blank.bin': zeros } });
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(await refusalOf(inspect(bomb))).toBe('suspicious_compression');

    const zip = await buildScormPackage({ version: '1.2', files: { 'media/a.txt': 'a'.repeat(5000) } });
    expect(await refusalOf(inspect(zip, { ...SCORM_LIMITS, totalBytes: 4000 }))).toBe('too_large');
    expect(await refusalOf(inspect(zip, { ...SCORM_LIMITS, entries: 3 }))).toBe('too_many_entries');
    expect(await refusalOf(inspect(zip, { ...SCORM_LIMITS, manifestBytes: 100 }))).toBe('manifest_invalid');
  });

  it('refuses encrypted entries', async () => {
    const zip = await buildScormPackage({ version: '1.2' });
    expect(await refusalOf(inspect(withEncryptionFlag(zip)))).toBe('encrypted');
  });

  it('refuses a stored name the company does not have', async () => {
    expect(await refusalOf(inspectScormPackage(storage, company.id, `${'0'.repeat(32)}.zip`))).toBe('file_missing');
  });

  it('has every refusal in all four languages', async () => {
    const locales: Record<string, Record<string, unknown>> = {};
    for (const language of ['tr', 'en', 'az', 'de']) {
      locales[language] = JSON.parse(await readFile(apiPath(`../../packages/shared/locales/${language}.json`), 'utf8'));
    }
    for (const language of ['tr', 'en', 'az', 'de']) {
      for (const key of [...REFUSALS, 'link_invalid']) {
        const texts = locales[language]?.scorm as Record<string, unknown> | undefined;
        expect(typeof texts?.[key], `${language} scorm.${key}`).toBe('string');
      }
    }
  });
});

describe('inspectScormPackage on S3 storage (s3rver): range reads, never the whole zip', () => {
  let s3: TestS3;
  let storage: FileStorage;

  beforeAll(async () => {
    s3 = await startTestS3();
    storage = createS3FileStorage({
      bucket: s3.env.S3_BUCKET ?? '',
      region: s3.env.S3_REGION ?? '',
      endpoint: s3.env.S3_ENDPOINT,
      accessKeyId: s3.env.S3_ACCESS_KEY_ID,
      secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: true,
    });
  });
  afterAll(async () => {
    await storage.close();
    await s3.stop();
  });

  it('reads a package with many entries', async () => {
    const files = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`pages/page-${i}.html`, `<p>${i}</p>`]));
    const zip = await buildScormPackage({ version: '2004', files });
    const { name } = await storage.put(7, 'zip', zip, { contentType: 'application/zip' });
    expect(await inspectScormPackage(storage, 7, name)).toMatchObject({ version: '2004', launch: 'index.html' });
  });
});

describe('GET /api/scorm/{versionId}/{token}/{path}', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let learner: UserRow;
  let versionId: number;
  const launch = (now?: Date) =>
    scormLaunchUrl(test.platform, { companyId: company.id, versionId, userId: learner.id, launch: 'index.html', now });
  const get = (url: string, host = hostOf(company)) => call(test.app, 'GET', url, { host });

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    other = await test.factories.createCompany();
    learner = await test.factories.createUser(company);
    const zip = await buildScormPackage({ version: '1.2', files: { 'media/read me.txt': 'hello' } });
    const { name, size } = await test.platform.files.put(company.id, 'zip', zip, { contentType: 'application/zip' });
    const scorm = await inspectScormPackage(test.platform.files, company.id, name);
    versionId = await asSystem(test.db, async (tx) => {
      const [content] = await tx
        .insert(contents)
        .values({ companyId: company.id, type: 'scorm', title: 'SCORM', language: 'tr' })
        .returning();
      const [version] = await tx
        .insert(contentVersions)
        .values({
          companyId: company.id,
          contentId: content?.id ?? 0,
          number: 1,
          fileUrl: `/api/files/${name}`,
          fileName: 'lesson.zip',
          fileSize: size,
          mime: 'application/zip',
          scorm,
        })
        .returning();
      return version?.id ?? 0;
    });
  });
  afterAll(() => test.close());

  it('serves the launch page and its relative files to the signed learner, with their types and a policy', async () => {
    const url = launch();
    expect(url).toMatch(new RegExp(`^/api/scorm/${versionId}/${learner.id}\\.\\d+\\.[\\w-]{43}/index\\.html$`));
    const page = await get(url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['content-security-policy']).toBe(SCORM_CONTENT_SECURITY_POLICY);
    expect(page.body).toContain('<script src="assets/lesson.js"></script>');

    const base = url.slice(0, url.lastIndexOf('/') + 1);
    const script = await get(`${base}assets/lesson.js`);
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toContain('API_1484_11');
    const spaced = await get(`${base}media/read%20me.txt`);
    expect(spaced.statusCode).toBe(200);
    expect(spaced.body).toBe('hello');
  });

  it('answers 404 for a path that is not in the package or tries to leave it', async () => {
    const base = launch().replace(/index\.html$/, '');
    for (const path of [
      'missing.html',
      'assets/',
      'assets/..%2Fimsmanifest.xml',
      '..%2F..%2Fetc%2Fpasswd',
      '%2Findex.html',
    ]) {
      expect((await get(`${base}${path}`)).statusCode, path).toBe(404);
    }
    expect((await get(`${base}imsmanifest.xml`)).statusCode).toBe(200);
  });

  it('refuses a forged or expired token with 403', async () => {
    const url = launch();
    const [, , , versionPart, token = ''] = url.split('/');
    const forged = token.replace(/^\d+/, String(learner.id + 1));
    expect((await get(`/api/scorm/${versionPart}/${forged}/index.html`)).statusCode).toBe(403);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await get(`/api/scorm/${versionPart}/${tampered}/index.html`)).statusCode).toBe(403);
    expect((await get(`/api/scorm/${versionPart}/not-a-token/index.html`)).statusCode).toBe(403);
    const past = new Date(Date.now() - (SCORM_LAUNCH_TTL_SECONDS + 60) * 1000);
    const expired = await get(launch(past));
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBeTruthy();
  });

  it("answers 404 on another company's host, and for a version that is not a SCORM package's", async () => {
    expect((await get(launch(), hostOf(other))).statusCode).toBe(404);
    const unknown = scormLaunchUrl(test.platform, {
      companyId: company.id,
      versionId: versionId + 1000,
      userId: learner.id,
      launch: 'index.html',
    });
    expect((await get(unknown)).statusCode).toBe(404);
  });
});

describe('a SCORM content through the API: upload, launch, commit, report', () => {
  let test: TestApp;
  let company: CompanyRow;
  let learner: UserRow;
  let adminToken: string;
  let learnerToken: string;
  const as = companyCaller(() => ({ app: test.app, company }));

  async function uploadZip(zip: Buffer, name = 'lesson.zip') {
    const response = await upload(test.app, [{ name, type: 'application/zip', data: zip }], {
      host: hostOf(company),
      token: adminToken,
      kind: 'scorm',
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data[0].url as string;
  }

  const createScorm = async (zip: Buffer, lang = 'en') =>
    as(adminToken, 'POST', '/api/admin/contents', {
      body: { type: 'scorm', title: 'SCORM lesson', language: 'en', file_url: await uploadZip(zip) },
      lang,
    });

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    const admin = await test.factories.createAdmin(company);
    learner = await test.factories.createUser(company);
    adminToken = (await login(test.app, company, admin.email ?? '')).access_token;
    learnerToken = (await login(test.app, company, learner.email ?? '')).access_token;
  });
  afterAll(() => test.close());

  it('refuses a bad package on file_url with the localized reason', async () => {
    const zip = await buildScormPackage({ version: '1.2', manifest: null });
    const response = await createScorm(zip, 'tr');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.file_url).toEqual([
      'Paketin kök klasöründe imsmanifest.xml yok. Paketi, imsmanifest.xml arşivin en üstünde olacak şekilde sıkıştırın.',
    ]);
  });

  for (const version of SCORM_VERSIONS) {
    it(`plays a SCORM ${version} package: the launch address serves it and the committed score reaches the report`, async () => {
      const created = await createScorm(await buildScormPackage({ version }));
      expect(created.statusCode, created.body).toBe(201);
      const content = created.json().data as { id: number; scorm: unknown };
      expect(content.scorm).toEqual({ version, launch: 'index.html', title: 'Information Security Basics' });
      const enrolled = await as(adminToken, 'POST', `/api/admin/contents/${content.id}/enrolments`, {
        body: { user_ids: [learner.id] },
      });
      expect(enrolled.statusCode, enrolled.body).toBeLessThan(300);

      const player = await as(learnerToken, 'GET', `/api/contents/${content.id}/player`);
      expect(player.statusCode, player.body).toBe(200);
      const launchUrl = player.json().data.content.scorm.launch_url as string;
      expect(player.json().data.content.scorm.version).toBe(version);
      const page = await call(test.app, 'GET', launchUrl, { host: hostOf(company) });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`data-version="${version}"`);

      const cmi =
        version === '1.2'
          ? {
              cmi: {
                core: { lesson_status: 'passed', lesson_location: 'quiz', score: { raw: '85', min: '0', max: '100' } },
              },
            }
          : {
              cmi: {
                completion_status: 'completed',
                success_status: 'passed',
                location: 'quiz',
                score: { scaled: '0.85' },
              },
            };
      const committed = await as(learnerToken, 'PUT', `/api/contents/${content.id}/scorm`, {
        body: { session: randomUUID(), seq: 0, cmi },
      });
      expect(committed.statusCode, committed.body).toBe(200);
      expect(committed.json().data).toMatchObject({ status: 'completed', score: 85, success: 'passed' });

      const resumed = await as(learnerToken, 'GET', `/api/contents/${content.id}/player`);
      expect(resumed.json().data.cmi).toEqual(cmi);
      const report = await as(adminToken, 'GET', `/api/admin/contents/${content.id}/report`);
      expect(report.statusCode, report.body).toBe(200);
      const row = report.json().data.find((r: { user: { id: number } }) => r.user.id === learner.id);
      expect(row).toMatchObject({ status: 'completed', score: 85, success: 'passed' });
    });
  }
});

describe('contentTypeOf', () => {
  it('names the types packages use and serves the rest as bytes', () => {
    expect(contentTypeOf('a/b.HTM')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('player.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('font.woff2')).toBe('font/woff2');
    expect(contentTypeOf('clip.mp4')).toBe('video/mp4');
    expect(contentTypeOf('noextension')).toBe('application/octet-stream');
    expect(contentTypeOf('data.swf')).toBe('application/octet-stream');
  });
});

describe('cmiToProgress', () => {
  it('maps SCORM 1.2 lesson_status: passed and completed complete, failed is an attempt that did not pass', () => {
    const cmi = (lesson_status: string, score: Record<string, string> = {}) => ({
      cmi: { core: { lesson_status, lesson_location: 'page-3', score } },
    });
    expect(cmiToProgress('1.2', cmi('passed', { raw: '85', min: '0', max: '100' }))).toEqual({
      completed: true,
      score: 85,
      success: 'passed',
      location: 'page-3',
      progress: null,
    });
    expect(cmiToProgress('1.2', cmi('completed'))).toMatchObject({ completed: true, success: null, score: null });
    expect(cmiToProgress('1.2', cmi('failed', { raw: '40' }))).toMatchObject({
      completed: false,
      success: 'failed',
      score: 40,
    });
    for (const status of ['incomplete', 'browsed', 'not attempted', '']) {
      expect(cmiToProgress('1.2', cmi(status)).completed, status).toBe(false);
    }
  });

  it('scales a 1.2 raw score within min and max, and bounds it to 0–100', () => {
    const scored = (score: Record<string, string>) =>
      cmiToProgress('1.2', { cmi: { core: { lesson_status: 'incomplete', score } } }).score;
    expect(scored({ raw: '15', min: '0', max: '20' })).toBe(75);
    expect(scored({ raw: '7', min: '5', max: '9' })).toBe(50);
    expect(scored({ raw: '2', min: '0', max: '3' })).toBe(66.67);
    expect(scored({ raw: '130' })).toBe(100);
    expect(scored({ raw: '-5' })).toBe(0);
    expect(scored({ raw: '' })).toBeNull();
    expect(scored({ raw: 'abc' })).toBeNull();
  });

  it('maps SCORM 2004 completion, success, scaled score, location and progress measure', () => {
    expect(
      cmiToProgress('2004', {
        cmi: {
          completion_status: 'completed',
          success_status: 'passed',
          score: { scaled: '0.9', raw: '45', min: '0', max: '50' },
          location: 'quiz',
          progress_measure: '1',
        },
      }),
    ).toEqual({ completed: true, score: 90, success: 'passed', location: 'quiz', progress: 100 });
    expect(
      cmiToProgress('2004', {
        cmi: { completion_status: 'incomplete', success_status: 'failed', score: { raw: '3', max: '10' } },
      }),
    ).toMatchObject({ completed: false, success: 'failed', score: 30, location: null, progress: null });
    // Passed counts as done even when the package never set completion_status.
    expect(cmiToProgress('2004', { cmi: { completion_status: 'unknown', success_status: 'passed' } }).completed).toBe(
      true,
    );
    expect(cmiToProgress('2004', { cmi: { success_status: 'unknown' } })).toMatchObject({
      completed: false,
      success: null,
      score: null,
    });
  });

  it('reads flattened keys as well as the nested JSON', () => {
    expect(
      cmiToProgress('2004', {
        'cmi.completion_status': 'completed',
        'cmi.score.scaled': 0.5,
        'cmi.location': '2',
      }),
    ).toMatchObject({ completed: true, score: 50, location: '2' });
    expect(cmiToProgress('1.2', { 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': 70 })).toMatchObject({
      completed: true,
      score: 70,
    });
  });

  it('ignores what is not CMI data', () => {
    expect(cmiToProgress('1.2', {})).toEqual({
      completed: false,
      score: null,
      success: null,
      location: null,
      progress: null,
    });
    expect(cmiToProgress('2004', { cmi: 'nonsense' }).completed).toBe(false);
    expect(
      cmiToProgress('2004', JSON.parse('{"__proto__": {"cmi": {"completion_status": "completed"}}}')).completed,
    ).toBe(false);
  });
});

describe('the demo packages', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  it("are the builder's current output and valid packages of both editions", async () => {
    for (const version of SCORM_VERSIONS) {
      const file = apiPath(DEMO_SCORM_FILES[version]);
      const committed = await readFile(file);
      expect(committed.equals(await buildDemoScormPackage(version)), file).toBe(true);
      const name = (await test.platform.files.put(1, 'zip', committed, { contentType: 'application/zip' })).name;
      expect(await inspectScormPackage(test.platform.files, 1, name)).toMatchObject({ version, launch: 'index.html' });
    }
  });
});

// --- helpers ---

/** Sets the "encrypted" bit of every entry's flags, in the local headers and the central directory. */
function withEncryptionFlag(zip: Buffer): Buffer {
  const out = Buffer.from(zip);
  for (let at = 0; at < out.length - 4; at++) {
    const signature = out.readUInt32LE(at);
    if (signature === 0x04034b50) out.writeUInt16LE(out.readUInt16LE(at + 6) | 1, at + 6);
    if (signature === 0x02014b50) out.writeUInt16LE(out.readUInt16LE(at + 8) | 1, at + 8);
  }
  return out;
}
