import { randomBytes } from 'node:crypto';
import { QUESTION_IMPORT_COLUMNS, type Question } from '@kampus/shared';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../../../test/factories.js';
import { companyCaller, createTestApp, hostOf, login, type TestApp } from '../../../../test/helpers.js';
import { tokenWithPermissions } from '../../../../test/permissions.js';
import { describeResourceContract } from '../../../../test/resource-contract.js';
import { educationCategories, questionVersions, storedFiles } from '../../../db/schema/index.js';
import { asSystem, inTenant } from '../../../db/scope.js';

const single = (text = '<p>Hangisi en güçlü paroladır?</p>') => ({
  type: 'single',
  text,
  explanation: null,
  options: [
    { key: 'a1', text: '123456' },
    { key: 'b2', text: 'Eğ1t!m-2026' },
  ],
  correct: 'b2',
});

describeResourceContract({
  plural: 'questions',
  entity: 'question',
  permissions: { read: 'show_exam', write: 'create_exam' },
  create: (n) => ({ body: single(`<p>Soru ${n}?</p>`), language: 'tr', points: 2 }),
  update: { difficulty: 'hard', points: 3 },
  invalid: { body: { body: { ...single(), correct: 'zz' }, language: 'tr' }, field: 'body.correct' },
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function multipart(data: Buffer, fileName: string, type = XLSX, fields: Record<string, string> = {}) {
  const boundary = `----kampus${randomBytes(8).toString('hex')}`;
  const fieldParts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = `${fieldParts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sorular');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('the question bank: bodies per type, versions, filters, deletion, import', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let adminToken: string;
  let readerToken: string;
  let otherAdminToken: string;
  let category: number;
  let child: number;
  let tag: number;
  const as = companyCaller(() => ({ app: test.app, company }));
  const asOther = companyCaller(() => ({ app: test.app, company: other }));

  /** POSTs an xlsx to the import as the person of the token, on the company's host. */
  const upload = (
    token: string,
    who: CompanyRow,
    url: string,
    data: Buffer,
    lang = 'tr',
    fields: Record<string, string> = {},
  ) => {
    const form = multipart(data, 'sorular.xlsx', XLSX, fields);
    return test.app.inject({
      method: 'POST',
      url,
      headers: { host: hostOf(who), authorization: `Bearer ${token}`, 'x-content-language': lang, ...form.headers },
      payload: form.body,
    });
  };

  async function create(body: Record<string, unknown>, extra: Record<string, unknown> = {}) {
    const response = await as(adminToken, 'POST', '/api/admin/questions', { body: { body, language: 'tr', ...extra } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as Question;
  }

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    other = await test.factories.createCompany();
    const admin = await test.factories.createAdmin(company);
    adminToken = (await login(test.app, company, admin.email ?? '')).access_token;
    const otherAdmin = await test.factories.createAdmin(other);
    otherAdminToken = (await login(test.app, other, otherAdmin.email ?? '')).access_token;
    readerToken = await tokenWithPermissions(test, company, ['show_exam']);
    category = (
      await test.factories.row(educationCategories, company, { names: { tr: 'Bilgi Güvenliği', en: 'Security' } })
    ).id;
    child = (await test.factories.row(educationCategories, company, { names: { tr: 'Oltalama' }, parentId: category }))
      .id;
    tag = (await test.factories.createHashtag(company, { name: 'parola' })).id;
  });
  afterAll(() => test?.close());

  it('stores every type, sanitizing the rich text and keeping the plain title', async () => {
    const bodies = [
      {
        ...single('<p>Güçlü <script>alert(1)</script><b>parola</b> &amp; kimlik?</p><img src="/x.png" onerror="y()">'),
      },
      {
        type: 'multiple',
        text: '<p>Oltalama belirtileri?</p>',
        options: [
          { key: 'm1', text: 'Acele' },
          { key: 'm2', text: 'İmza' },
          { key: 'm3', text: 'Parola isteği' },
        ],
        correct: ['m1', 'm3'],
        explanation: '<p onclick="x()">Açıklama</p>',
      },
      { type: 'true_false', text: '<p>Parola paylaşılabilir.</p>', correct: false },
      { type: 'short_text', text: '<p>Kısaltma?</p>', accepted: ['KVKK', '6698'] },
      {
        type: 'ordering',
        text: '<p>Sırala</p>',
        items: [
          { key: 'o1', text: 'Alarm' },
          { key: 'o2', text: 'Çık' },
        ],
      },
      {
        type: 'matching',
        text: '<p>Eşleştir</p>',
        pairs: [
          { key: 'l1', left: 'Kırmızı', right_key: 'r1', right: 'Yasak' },
          { key: 'l2', left: 'Mavi', right_key: 'r2', right: 'Zorunlu' },
        ],
      },
      { type: 'numeric', text: '<p>Kaç saat?</p>', value: 72, tolerance: 0 },
      { type: 'open', text: '<p>Anlatın.</p>', guidance: '<p>Dinler<script>x</script></p>' },
    ];
    const created = [];
    for (const body of bodies) created.push(await create(body, { hashtag_ids: [tag], category_id: child }));
    const [first, multiple, , , , , , open] = created;
    // An image elsewhere than our own stored files is dropped (see the images test).
    expect(first?.body.text).toBe('<p>Güçlü <b>parola</b> &amp; kimlik?</p>');
    expect(first?.title).toBe('Güçlü parola & kimlik?');
    expect(first).toMatchObject({ type: 'single', version: 1, in_use: false, hashtags: [{ id: tag, name: 'parola' }] });
    expect(multiple?.body.explanation).toBe('<p>Açıklama</p>');
    expect(open?.body).toMatchObject({ type: 'open', guidance: '<p>Dinler</p>' });
    expect(created.map((q) => q.type)).toEqual([
      'single',
      'multiple',
      'true_false',
      'short_text',
      'ordering',
      'matching',
      'numeric',
      'open',
    ]);
  });

  it('refuses a bad body per type with the field named', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...single(), correct: 'nope' }, 'body.correct'],
      [{ ...single(), options: [{ key: 'a', text: 'yalnız' }] }, 'body.options'],
      [{ type: 'multiple', text: '<p>x</p>', options: single().options, correct: [] }, 'body.correct'],
      [{ type: 'true_false', text: '<p>x</p>' }, 'body.correct'],
      [{ type: 'short_text', text: '<p>x</p>', accepted: [] }, 'body.accepted'],
      [{ type: 'ordering', text: '<p>x</p>', items: [{ key: 'a', text: 'bir' }] }, 'body.items'],
      [
        {
          type: 'matching',
          text: '<p>x</p>',
          pairs: [
            { key: 'a', left: 'l', right_key: 'a', right: 'r' },
            { key: 'b', left: 'l', right_key: 'c', right: 'r' },
          ],
        },
        'body.pairs',
      ],
      [{ type: 'numeric', text: '<p>x</p>', value: 'çok' }, 'body.value'],
      [{ type: 'open', text: '' }, 'body.text'],
      [{ type: 'essay', text: '<p>x</p>' }, 'body.type'],
    ];
    for (const [body, field] of cases) {
      const response = await as(adminToken, 'POST', '/api/admin/questions', { body: { body, language: 'tr' } });
      expect(response.statusCode, `${field} ${response.body}`).toBe(422);
      expect(Object.keys(response.json().errors ?? {}), field).toContain(field);
    }
    // Only markup that sanitizes to nothing, a points value out of range, a foreign category or hashtag.
    const empty = await as(adminToken, 'POST', '/api/admin/questions', {
      body: { body: single('<script>x()</script>'), language: 'tr' },
    });
    expect(empty.json().errors).toHaveProperty(['body.text']);
    const points = await as(adminToken, 'POST', '/api/admin/questions', {
      body: { body: single(), language: 'tr', points: 1001 },
    });
    expect(points.json().errors).toHaveProperty('points');
    const foreignTag = await test.factories.createHashtag(other);
    const foreign = await as(adminToken, 'POST', '/api/admin/questions', {
      body: { body: single(), language: 'tr', hashtag_ids: [foreignTag.id] },
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toHaveProperty('hashtag_ids');
  });

  it('edits in place until a version is used, then writes the next version', async () => {
    const question = await create(single('<p>İlk hâli</p>'));
    const edit = (body: Record<string, unknown>) =>
      as(adminToken, 'PUT', `/api/admin/questions/${question.id}`, { body });
    let response = await edit({ body: single('<p>Düzeltilmiş</p>') });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ version: 1, title: 'Düzeltilmiş' });

    // An attempt holds version 1.
    const [current] = await inTenant(test.db, company.id, (tx) =>
      test.services.questions.forExams.currentVersions(tx, company.id, [question.id]),
    );
    await inTenant(test.db, company.id, (tx) =>
      test.services.questions.forExams.markUsed(tx, [current?.version_id as number]),
    );
    // Metadata alone does not version.
    response = await edit({ difficulty: 'hard' });
    expect(response.json().data).toMatchObject({ version: 1, difficulty: 'hard', in_use: true });
    response = await edit({ body: single('<p>Yeni sürüm</p>'), points: 5 });
    expect(response.json().data).toMatchObject({ version: 2, title: 'Yeni sürüm', points: 5 });
    const versions = await asSystem(test.db, (tx) =>
      tx.select().from(questionVersions).where(eq(questionVersions.questionId, question.id)),
    );
    const byNumber = new Map(versions.map((v) => [v.version, v]));
    expect(byNumber.get(1)?.body.text).toBe('<p>Düzeltilmiş</p>');
    expect(byNumber.get(1)?.points).toBe(1);
    expect(byNumber.get(2)).toMatchObject({ points: 5, usedAt: null });
    // Version 2 is unused: another edit changes it in place.
    response = await edit({ points: 6 });
    expect(response.json().data).toMatchObject({ version: 2, points: 6 });

    // In use: deleting is refused with 409, making it passive works.
    const refused = await as(adminToken, 'DELETE', `/api/admin/questions/${question.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/pasif/i);
    response = await edit({ status: 0 });
    expect(response.json().data.status).toBe(0);
  });

  it("keeps only the company's own stored images, attaching them per version and letting them go", async () => {
    const image = async (who: CompanyRow = company) =>
      `/api/files/${(await test.factories.createStoredFile(who)).name}`;
    const attachments = async (url: string) => {
      const [row] = await asSystem(test.db, (tx) =>
        tx
          .select({ n: storedFiles.attachments })
          .from(storedFiles)
          .where(eq(storedFiles.name, url.slice('/api/files/'.length))),
      );
      return row?.n;
    };
    const [a, b, foreign] = [await image(), await image(), await image(other)];
    const text = (src: string) =>
      `<p>Hangi işaret?</p><img src="${src}" alt="Uyarı levhası" onerror="x()"><img src="https://evil.test/p.gif"><img src="data:image/png;base64,AA=="><img src="//evil.test/${src.slice(11)}">`;

    // Another company's file (or a stored name nobody uploaded) is refused on the field it is in.
    let response = await as(adminToken, 'POST', '/api/admin/questions', {
      body: { body: single(text(foreign)), language: 'tr' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors['body.text']).toBeTruthy();
    response = await as(adminToken, 'POST', '/api/admin/questions', {
      body: {
        body: { ...single(), explanation: `<p>Bakın</p><img src="/api/files/${'f'.repeat(32)}.png">` },
        language: 'tr',
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors['body.explanation']).toBeTruthy();
    expect(await attachments(foreign)).toBe(0);

    // Our own file stays (with its alternative text), everything else goes; an image alone is a text.
    const question = await create({ ...single(text(a)), explanation: `<img src="${a}" alt="">` });
    expect(question.body.text).toBe(`<p>Hangi işaret?</p><img src="${a}" alt="Uyarı levhası" />`);
    expect(await attachments(a)).toBe(1);
    const edit = (body: Record<string, unknown>) =>
      as(adminToken, 'PUT', `/api/admin/questions/${question.id}`, { body });

    // Changed in place: b attached, a let go.
    response = await edit({ body: single(`<img src="${b}" alt="Levha">`) });
    expect(response.statusCode, response.body).toBe(200);
    expect([await attachments(a), await attachments(b)]).toEqual([0, 1]);

    // Over a used version the new version attaches its own, the old one keeps b.
    const [current] = await inTenant(test.db, company.id, (tx) =>
      test.services.questions.forExams.currentVersions(tx, company.id, [question.id]),
    );
    await inTenant(test.db, company.id, (tx) =>
      test.services.questions.forExams.markUsed(tx, [current?.version_id as number]),
    );
    response = await edit({ body: single(`<p>Yeni</p><img src="${b}" alt="Levha">`) });
    expect(response.json().data.version).toBe(2);
    expect(await attachments(b)).toBe(2);

    // Deleting a free question lets its images go.
    const free = await create(single(`<img src="${a}" alt="Levha">`));
    expect(await attachments(a)).toBe(1);
    expect((await as(adminToken, 'DELETE', `/api/admin/questions/${free.id}`)).statusCode).toBe(200);
    expect(await attachments(a)).toBe(0);
  });

  it('refuses deleting a question another module holds (registerUsage)', async () => {
    const question = await create(single('<p>Sınavdaki soru</p>'));
    const held = question.id;
    test.services.questions.registerUsage((id) => eq(id, held));
    const refused = await as(adminToken, 'DELETE', `/api/admin/questions/${held}`);
    expect(refused.statusCode).toBe(409);
    const free = await create(single('<p>Serbest soru</p>'));
    expect((await as(adminToken, 'DELETE', `/api/admin/questions/${free.id}`)).statusCode).toBe(200);
  });

  it('filters by type, difficulty, language, category (with sub-categories), hashtag and status, and searches', async () => {
    await create(single('<p>Filtre İngilizce</p>'), { language: 'en', difficulty: 'easy', category_id: category });
    const list = async (query: string) => {
      const response = await as(readerToken, 'GET', `/api/admin/questions?per_page=100&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { data: Question[]; meta: { total: number } };
    };
    expect((await list('type=matching')).data.map((q) => q.type)).toEqual(['matching']);
    expect((await list('language=en')).data.map((q) => q.title)).toEqual(['Filtre İngilizce']);
    expect((await list('difficulty=easy')).data.every((q) => q.difficulty === 'easy')).toBe(true);
    const inParent = await list(`category_id=${category}`);
    expect(inParent.meta.total).toBe(9); // the eight under the sub-category and the one in the category
    expect((await list(`category_id=${child}`)).meta.total).toBe(8);
    expect((await list(`hashtag_id=${tag}`)).meta.total).toBe(8);
    expect((await list('search=FİLTRE')).data.map((q) => q.title)).toEqual(['Filtre İngilizce']);
    expect((await list('status=0')).data.every((q) => q.status === 0)).toBe(true);
    expect((await list('sort=difficulty')).data[0]?.difficulty).toBe('easy');
    // Another company sees none of them; a bad filter value is ignored.
    const theirs = await asOther(otherAdminToken, 'GET', '/api/admin/questions');
    expect(theirs.json().meta.total).toBe(0);
    expect((await list('type=essay')).meta.total).toBe((await list('')).meta.total);
  });

  it('serves the import template: every column explained, an example of every type that imports cleanly', async () => {
    const response = await as(adminToken, 'GET', '/api/admin/questions/import-template', { lang: 'en' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('Type *');
    // The options' note says how to mark the right ones.
    expect(String(sheet?.getRow(1).getCell(QUESTION_IMPORT_COLUMNS.indexOf('options') + 1).note ?? '')).toContain('*');
    expect(sheet?.rowCount).toBe(9);
    // The template's own examples pass a dry run.
    const dry = await upload(
      adminToken,
      company,
      '/api/admin/questions/import?dry_run=true',
      response.rawPayload,
      'en',
    );
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ dry_run: true, summary: { rows: 8, valid: 8, invalid: 0 }, created: 0 });
    expect(dry.json().preview.map((p: { type: string }) => p.type)).toContain('matching');
  });

  it('checks an import in a dry run, row by row, then writes the valid rows', async () => {
    const file = await workbook([
      [
        'Tür',
        'Soru',
        'Seçenekler',
        'Cevap',
        'Tolerans',
        'Açıklama',
        'Puan',
        'Zorluk',
        'Dil',
        'Kategori',
        'Etiketler',
        'Not',
      ],
      [
        'Tek seçimli',
        'Aktarılan soru 1',
        'A\n*B\nC',
        '',
        '',
        'Çünkü B',
        2,
        'Kolay',
        'tr',
        'bilgi güvenliği',
        '#parola',
        'x',
      ],
      ['Doğru / yanlış', 'Aktarılan soru 2', '', 'yanlış', '', '', '', '', '', '', '', ''],
      ['Sayısal', 'Aktarılan soru 3', '', '72,5', '0,5', '', '', 'Zor', 'en', '', '', ''],
      ['Eşleştirme', 'Aktarılan soru 4', 'Kırmızı = Yasak\nMavi', '', '', '', '', '', '', '', '', ''],
      ['Tek seçimli', 'Aktarılan soru 5', '*A\n*B', '', '', '', '', '', '', '', '', ''],
      ['Deneme', 'Aktarılan soru 6', '', '', '', '', '', '', '', '', '', ''],
      ['Kısa cevap', 'Aktarılan soru 7', '', 'KVKK|6698', '', '', '', 'Orta', '', 'Yok böyle', 'yok', ''],
    ]);
    const dry = await upload(adminToken, company, '/api/admin/questions/import?dry_run=1', file);
    expect(dry.statusCode, dry.body).toBe(200);
    const result = dry.json();
    expect(result.summary).toEqual({ rows: 7, valid: 3, invalid: 4 });
    expect(result.ignored_columns).toEqual(['Not']);
    const problems = result.errors.map((e: { row: number; column: string }) => `${e.row}:${e.column}`);
    expect(problems).toEqual(expect.arrayContaining(['5:options', '6:options', '7:type', '8:category', '8:hashtags']));
    const before = (await as(adminToken, 'GET', '/api/admin/questions?search=Aktarılan')).json().meta.total;
    expect(before).toBe(0);

    const run = await upload(adminToken, company, '/api/admin/questions/import', file);
    expect(run.json()).toMatchObject({ dry_run: false, created: 3 });
    const imported = (await as(adminToken, 'GET', '/api/admin/questions?search=Aktarılan&sort=title')).json()
      .data as Question[];
    expect(imported.map((q) => q.type)).toEqual(['single', 'true_false', 'numeric']);
    const [first, second, third] = imported;
    expect(first).toMatchObject({ points: 2, difficulty: 'easy', category: { id: category }, hashtags: [{ id: tag }] });
    expect(first?.body).toMatchObject({ explanation: '<p>Çünkü B</p>' });
    const body = first?.body;
    expect(body?.type === 'single' && body.options.find((o) => o.key === body.correct)?.text).toBe('B');
    expect(second?.body).toMatchObject({ type: 'true_false', correct: false });
    expect(third?.body).toMatchObject({ type: 'numeric', value: 72.5, tolerance: 0.5 });
    expect(third?.language).toBe('en');
  });

  it('fails only the row naming an image that was not sent or is not ours, and imports the good rows with theirs', async () => {
    const stored = async (who: CompanyRow) =>
      `/api/files/${(await test.factories.createStoredFile(who, { mime: 'image/png' })).name}`;
    const ours = await stored(company);
    const theirs = await stored(other);
    const images = JSON.stringify([
      { name: 'Uyari-levhasi.png', url: ours },
      { name: 'baska.png', url: theirs },
    ]);
    const file = await workbook([
      ['Tür', 'Soru', 'Görsel', 'Cevap'],
      ['Doğru / yanlış', 'Görselli soru 1: levha sarı mı?', 'uyari-levhasi.png', 'doğru'],
      ['Doğru / yanlış', 'Görselli soru 2', 'yok.png', 'doğru'],
      ['Doğru / yanlış', 'Görselli soru 3', 'baska.png', 'yanlış'],
    ]);
    const dry = await upload(adminToken, company, '/api/admin/questions/import?dry_run=1', file, 'en', { images });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().summary).toEqual({ rows: 3, valid: 1, invalid: 2 });
    expect(dry.json().errors).toEqual([
      { row: 3, column: 'image', value: 'yok.png', message: 'No image named "yok.png" was uploaded with the file.' },
      { row: 4, column: 'image', value: 'baska.png', message: '"baska.png" is not an image your company uploaded.' },
    ]);
    expect((await as(adminToken, 'GET', '/api/admin/questions?search=Görselli')).json().meta.total).toBe(0);

    const run = await upload(adminToken, company, '/api/admin/questions/import', file, 'tr', { images });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toMatchObject({ created: 1, summary: { valid: 1, invalid: 2 } });
    const imported = (await as(adminToken, 'GET', '/api/admin/questions?search=Görselli')).json().data as Question[];
    expect(imported).toHaveLength(1);
    expect(imported[0]?.body.text).toBe(
      `<p>Görselli soru 1: levha sarı mı?</p><p><img src="${ours}" alt="uyari levhasi" /></p>`,
    );
    // The question holds the image as its own: the clean-up keeps it; the other company's file is untouched.
    const attachments = async (url: string) =>
      (
        await asSystem(test.db, (tx) =>
          tx
            .select({ n: storedFiles.attachments })
            .from(storedFiles)
            .where(eq(storedFiles.name, url.slice('/api/files/'.length))),
        )
      )[0]?.n;
    expect(await attachments(ours)).toBe(1);
    expect(await attachments(theirs)).toBe(0);

    // A list of images that is not one is refused on its field, and nothing is written.
    for (const bad of ['not json', JSON.stringify([{ name: '', url: ours }]), JSON.stringify({ name: 'a' })]) {
      const refused = await upload(adminToken, company, '/api/admin/questions/import', file, 'en', { images: bad });
      expect(refused.statusCode, bad).toBe(422);
      expect(refused.json().errors.images).toEqual([
        'The list of images could not be read. Reload the page and upload the images again.',
      ]);
    }
    expect((await as(adminToken, 'GET', '/api/admin/questions?search=Görselli')).json().meta.total).toBe(1);
  });

  it('refuses what is not an import: no file, no type column, another company, a reader', async () => {
    const none = await as(adminToken, 'POST', '/api/admin/questions/import', { body: {} });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.file[0]).toMatch(/xlsx/);
    const headless = await workbook([
      ['Başka', 'Sütun'],
      ['a', 'b'],
    ]);
    const wrong = await upload(adminToken, company, '/api/admin/questions/import', headless);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toHaveProperty('file');
    const file = await workbook([
      ['Tür', 'Soru'],
      ['Açık uçlu', 'Okuyucu aktaramaz'],
    ]);
    expect((await upload(readerToken, company, '/api/admin/questions/import', file)).statusCode).toBe(403);
    expect((await as(readerToken, 'GET', '/api/admin/questions/import-template')).statusCode).toBe(403);
    expect((await as(undefined, 'GET', '/api/admin/questions/import-template')).statusCode).toBe(401);
    // The other company's import writes into the other company only.
    const theirs = await upload(otherAdminToken, other, '/api/admin/questions/import', file);
    expect(theirs.json().created).toBe(1);
    expect((await as(adminToken, 'GET', '/api/admin/questions?search=Okuyucu')).json().meta.total).toBe(0);
  });
});
