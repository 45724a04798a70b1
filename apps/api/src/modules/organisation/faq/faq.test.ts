import type { LocalizedText } from '@kampus/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../../../test/factories.js';
import {
  call,
  companyCaller,
  companyExporter,
  createTestApp,
  hostOf,
  login,
  type TestApp,
} from '../../../../test/helpers.js';
import { describeResourceContract } from '../../../../test/resource-contract.js';
import { faqCategories, faqs } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';

describe('FAQ: admin resources and the learner page', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let adminToken: string;
  let adminId: number;

  const insertCategory = (companyId: number, name: LocalizedText, values: { order?: number; status?: number } = {}) =>
    asSystem(test.db, (tx) =>
      tx
        .insert(faqCategories)
        .values({ companyId, name, ...values })
        .returning()
        .then((r) => r[0]!),
    );
  const insertFaq = (
    companyId: number,
    question: LocalizedText,
    answer: LocalizedText,
    values: { categoryId?: number | null; order?: number; status?: number } = {},
  ) =>
    asSystem(test.db, (tx) =>
      tx
        .insert(faqs)
        .values({ companyId, question, answer, ...values })
        .returning()
        .then((r) => r[0]!),
    );
  const faqRow = (id: number) =>
    asSystem(test.db, (tx) =>
      tx
        .select()
        .from(faqs)
        .where(eq(faqs.id, id))
        .then((r) => r[0]),
    );

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    other = await test.factories.createCompany();
    const admin = await test.factories.createAdmin(company);
    adminId = admin.id;
    adminToken = (await login(test.app, company, admin.email!)).access_token;
  });
  afterAll(() => test.close());
  const exportAs = companyExporter(() => ({ test, company }));

  const as = companyCaller(() => ({ app: test.app, company }));

  it("refuses to file a question under another company's category", async () => {
    const foreignCategory = await insertCategory(other.id, { tr: 'Yabancı kategori' });
    const sneaky = await as(adminToken, 'POST', '/api/admin/faqs', {
      lang: 'en',
      body: { category_id: foreignCategory.id, question: { tr: 'Soru?' }, answer: { tr: 'Yanıt' } },
    });
    expect(sneaky.statusCode).toBe(422);
    expect(sneaky.json().errors).toEqual({ category_id: ["Choose one of your company's categories."] });
  });

  it('creates a category and a question in several languages, reads them back and audits both', async () => {
    const created = await as(adminToken, 'POST', '/api/admin/faq-categories', {
      body: { name: { tr: ' Sertifikalar ', en: 'Certificates', az: '', de: 'Zertifikate' }, order: 2 },
    });
    expect(created.statusCode).toBe(201);
    const category = created.json().data;
    expect(category).toMatchObject({
      name: { tr: 'Sertifikalar', en: 'Certificates', de: 'Zertifikate' },
      order: 2,
      status: 1,
      faqs_count: 0,
    });
    expect(category.name).not.toHaveProperty('az');

    const faq = await as(adminToken, 'POST', '/api/admin/faqs', {
      body: {
        category_id: category.id,
        question: { tr: 'Sertifikamı nereden indiririm?', en: 'Where do I download my certificate?' },
        answer: { tr: '<p>Profil menüsünden <b>Sertifikalarım</b>.</p>', en: '<p>From <b>My certificates</b>.</p>' },
      },
    });
    expect(faq.statusCode).toBe(201);
    const item = faq.json().data;
    expect(item).toMatchObject({
      category_id: category.id,
      category: { id: category.id, name: { tr: 'Sertifikalar' } },
      order: 0,
      status: 1,
    });
    expect((await as(adminToken, 'GET', `/api/admin/faqs/${item.id}`)).json()).toEqual({ data: item });
    const counted = await as(adminToken, 'GET', `/api/admin/faq-categories/${category.id}`);
    expect(counted.json().data.faqs_count).toBe(1);

    const [categoryAudit] = await test.factories.auditOf('faq_category', category.id);
    expect(categoryAudit).toMatchObject({ action: 'faq_category.created', actorUserId: adminId, before: null });
    const [faqAudit] = await test.factories.auditOf('faq', item.id);
    expect(faqAudit).toMatchObject({
      action: 'faq.created',
      companyId: company.id,
      after: { question: { en: 'Where do I download my certificate?' } },
    });
  });

  it("refuses bad input with localized field errors, including a text missing the company's default language", async () => {
    const before = (await as(adminToken, 'GET', '/api/admin/faqs')).json().meta.total;
    const empty = await as(adminToken, 'POST', '/api/admin/faqs', {
      lang: 'en',
      body: { question: { tr: '  ', en: '' }, answer: {} },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      question: ['Write it in at least one language.'],
      answer: ['Write it in at least one language.'],
    });
    // The company's default language is tr: an English-only question is refused on question.tr.
    const englishOnly = await as(adminToken, 'POST', '/api/admin/faqs', {
      lang: 'tr',
      body: { question: { en: 'Only English?' }, answer: { tr: 'Evet' } },
    });
    expect(englishOnly.statusCode).toBe(422);
    expect(englishOnly.json().errors).toEqual({ 'question.tr': ['Bu alanı doldurun: şirketinizin varsayılan dili.'] });
    const tooLong = await as(adminToken, 'POST', '/api/admin/faqs', {
      body: { question: { tr: 'x'.repeat(301) }, answer: { tr: 'Evet' }, order: -1, status: 3 },
    });
    expect(Object.keys(tooLong.json().errors).sort()).toEqual(['order', 'question.tr', 'status']);
    const category = await as(adminToken, 'POST', '/api/admin/faq-categories', {
      body: { name: { de: 'Nur Deutsch' } },
    });
    expect(category.json().errors).toHaveProperty(['name.tr']);
    expect((await as(adminToken, 'GET', '/api/admin/faqs')).json().meta.total).toBe(before);
  });

  it('follows an English company’s default language when checking texts', async () => {
    const english = await test.factories.createCompany({ defaultLanguage: 'en' });
    const admin = await test.factories.createAdmin(english);
    const token = (await login(test.app, english, admin.email!)).access_token;
    const created = await call(test.app, 'POST', '/api/admin/faq-categories', {
      host: hostOf(english),
      token,
      body: { name: { en: 'Billing' } },
    });
    expect(created.statusCode).toBe(201);
  });

  it('updates by PUT and POST keeping fields not sent, moves a question out of its category, and audits', async () => {
    const category = await insertCategory(company.id, { tr: 'Hesap' });
    const faq = await insertFaq(
      company.id,
      { tr: 'Şifremi unuttum' },
      { tr: 'Sıfırlayın' },
      { categoryId: category.id },
    );
    const put = await as(adminToken, 'PUT', `/api/admin/faqs/${faq.id}`, {
      body: { question: { tr: 'Şifremi unuttum, ne yapmalıyım?', en: 'I forgot my password' } },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ category_id: category.id, answer: { tr: 'Sıfırlayın' } });
    const post = await as(adminToken, 'POST', `/api/admin/faqs/${faq.id}`, { body: { category_id: null, order: 5 } });
    expect(post.json().data).toMatchObject({ category_id: null, category: null, order: 5 });
    const entries = await test.factories.auditOf('faq', faq.id);
    expect(entries.map((e) => e.action)).toEqual(['faq.updated', 'faq.updated']);
    expect(entries[1]).toMatchObject({
      before: { question: { tr: 'Şifremi unuttum' } },
      after: { question: { en: 'I forgot my password' } },
    });
  });

  it('deleting a category keeps its questions without a category', async () => {
    const category = await insertCategory(company.id, { tr: 'Silinecek' });
    const faq = await insertFaq(company.id, { tr: 'Kalır mı?' }, { tr: 'Evet' }, { categoryId: category.id });
    const deleted = await as(adminToken, 'DELETE', `/api/admin/faq-categories/${category.id}`, { lang: 'en' });
    expect(deleted.json()).toEqual({ message: 'The record has been deleted.' });
    expect(await faqRow(faq.id)).toMatchObject({ categoryId: null });
    expect((await test.factories.auditOf('faq_category', category.id))[0]).toMatchObject({
      action: 'faq_category.deleted',
    });
  });

  it('searches every language of the question case-folded, filters by category or none, and sorts by order', async () => {
    const category = await insertCategory(company.id, { tr: 'Arama' });
    const a = await insertFaq(
      company.id,
      { tr: 'İZİN günleri', de: 'Urlaubstage' },
      { tr: 'x' },
      {
        categoryId: category.id,
        order: 2,
      },
    );
    const b = await insertFaq(
      company.id,
      { tr: 'Yıllık izin', en: 'Annual LEAVE' },
      { tr: 'y' },
      {
        categoryId: category.id,
        order: 1,
      },
    );
    const loose = await insertFaq(company.id, { tr: 'Kategorisiz izin' }, { tr: 'z' });
    const ids = async (query: Record<string, string>) =>
      (await as(adminToken, 'GET', '/api/admin/faqs', { query })).json().data.map((f: { id: number }) => f.id);
    expect(await ids({ search: 'izin', category_id: String(category.id) })).toEqual([b.id, a.id]);
    expect(await ids({ search: 'URLAUB' })).toEqual([a.id]);
    expect(await ids({ search: 'leave' })).toEqual([b.id]);
    expect(await ids({ search: 'izin', category_id: 'none' })).toEqual([loose.id]);
    expect(await ids({ search: 'izin', category_id: String(category.id), sort: '-order' })).toEqual([a.id, b.id]);
    const categories = await as(adminToken, 'GET', '/api/admin/faq-categories', { query: { search: 'ARAMA' } });
    expect(categories.json().data.map((c: { id: number }) => c.id)).toEqual([category.id]);
  });

  it('exports questions with a column per language', async () => {
    await insertFaq(company.id, { tr: 'Dışa aktarım sorusu', en: 'Export question' }, { tr: 'a' });
    const csv = await exportAs(adminToken, '/api/admin/faqs/export', {
      query: { format: 'csv', search: 'dışa aktarım' },
      lang: 'en',
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('Question (Turkish),Question (English)');
    expect(lines[1]).toContain('Dışa aktarım sorusu,Export question');
  });

  describe('GET api/faq (learner)', () => {
    let learnerCompany: CompanyRow;
    let token: string;
    const read = (query: Record<string, string> = {}, lang = 'en') =>
      call(test.app, 'GET', '/api/faq', {
        host: hostOf(learnerCompany),
        token,
        query,
        headers: { 'x-content-language': lang },
      });

    beforeAll(async () => {
      // Default language az, so the fallback order request → az → any is visible.
      learnerCompany = await test.factories.createCompany({ defaultLanguage: 'az' });
      const learner = await test.factories.createUser(learnerCompany);
      token = (await login(test.app, learnerCompany, learner.email!)).access_token;
      const general = await insertCategory(learnerCompany.id, { az: 'Ümumi', en: 'General' }, { order: 1 });
      const access = await insertCategory(learnerCompany.id, { az: 'Giriş', tr: 'Giriş' }, { order: 0 });
      const hidden = await insertCategory(learnerCompany.id, { az: 'Gizli' }, { status: 0 });
      await insertFaq(
        learnerCompany.id,
        { az: 'Şifrəni necə dəyişim?', en: 'How do I change my password?' },
        {
          az: '<p>Profil</p>',
          en: '<p>Open <b>My profile</b>.</p>',
        },
        { categoryId: access.id, order: 1 },
      );
      await insertFaq(
        learnerCompany.id,
        { de: 'Nur auf Deutsch?' },
        { de: '<p>Ja, <i>nur</i> Deutsch.</p>' },
        {
          categoryId: access.id,
          order: 0,
        },
      );
      await insertFaq(
        learnerCompany.id,
        { az: 'Sertifikat haradadır?' },
        { az: '<p>Sertifikatlarım səhifəsində.</p>' },
        {
          categoryId: general.id,
        },
      );
      await insertFaq(learnerCompany.id, { az: 'Kateqoriyasız sual' }, { az: 'Cavab' });
      await insertFaq(learnerCompany.id, { az: 'Passiv sual' }, { az: 'Görünmür' }, { status: 0 });
      await insertFaq(learnerCompany.id, { az: 'Gizli kateqoriyada' }, { az: 'Görünmür' }, { categoryId: hidden.id });
      await insertFaq(other.id, { en: 'Another company’s password question' }, { en: 'Secret' });
    });

    it('needs a session', async () => {
      const response = await call(test.app, 'GET', '/api/faq', { host: hostOf(learnerCompany) });
      expect(response.statusCode).toBe(401);
    });

    it('answers active categories and questions in the request language, else the default, else any', async () => {
      const response = await read();
      expect(response.statusCode).toBe(200);
      const { categories, questions } = response.json().data;
      expect(categories).toEqual([
        { id: expect.any(Number), name: 'Giriş', count: 2 },
        { id: expect.any(Number), name: 'General', count: 1 },
      ]);
      expect(questions.map((q: { question: string }) => q.question)).toEqual([
        'Nur auf Deutsch?',
        'How do I change my password?',
        'Sertifikat haradadır?',
        'Kateqoriyasız sual',
      ]);
      expect(questions[1].answer).toBe('<p>Open <b>My profile</b>.</p>');
      expect(questions[3].category_id).toBeNull();
      const azerbaijani = (await read({}, 'az')).json().data;
      expect(azerbaijani.questions[1].question).toBe('Şifrəni necə dəyişim?');
      expect(azerbaijani.categories[1].name).toBe('Ümumi');
    });

    it('searches what the learner reads (question and answer text, not the tags), case-folded', async () => {
      const byAnswer = (await read({ search: 'MY PROFILE' })).json().data;
      expect(byAnswer.questions.map((q: { question: string }) => q.question)).toEqual(['How do I change my password?']);
      expect(byAnswer.categories.map((c: { count: number }) => c.count)).toEqual([1, 0]);
      const folded = (await read({ search: 'SERTİFİKAT' }, 'az')).json().data;
      expect(folded.questions).toHaveLength(1);
      expect((await read({ search: 'password' })).json().data.questions).toHaveLength(1);
      expect((await read({ search: '<b>' })).json().data.questions).toEqual([]);
      expect((await read({ search: 'Secret' })).json().data.questions).toEqual([]);
    });

    it('filters by category, ignoring a malformed one', async () => {
      const all = (await read()).json().data;
      const access = all.categories[0].id;
      const filtered = (await read({ category_id: String(access) })).json().data;
      expect(filtered.questions).toHaveLength(2);
      expect(filtered.categories).toHaveLength(2);
      const lenient = await read({ category_id: 'abc' });
      expect(lenient.statusCode).toBe(200);
      expect(lenient.json().data.questions).toHaveLength(4);
    });
  });
});

describeResourceContract({
  plural: 'faq-categories',
  entity: 'faq_category',
  permissions: { read: 'read_faq', write: 'create_faq' },
  create: (n) => ({ name: { tr: `Kategori ${n}` } }),
  update: { name: { tr: 'Değişen kategori' } },
  invalid: { body: { name: { de: 'Nur Deutsch' } }, field: 'name.tr' },
});

describeResourceContract({
  plural: 'faqs',
  entity: 'faq',
  permissions: { read: 'read_faq', write: 'create_faq' },
  create: (n) => ({ question: { tr: `Soru ${n}?` }, answer: { tr: '<p>Yanıt</p>' } }),
  update: { question: { tr: 'Değişen soru?' } },
  invalid: { body: { question: {}, answer: {} }, field: 'question' },
});
