import type { SearchGroup, SearchKind, SearchResponse } from '@kampus/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import { call, createTestApp, hostOf, login, type TestApp } from '../../../../test/helpers.js';
import { tokenWithPermissions } from '../../../../test/permissions.js';
import {
  contentEnrolments,
  contents,
  educationEnrolments,
  educations,
  programEnrolments,
  programs,
} from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';

describe('GET api/search', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let learner: UserRow;
  let learnerToken: string;
  let ids: Record<string, number>;

  const search = (token: string | undefined, query: Record<string, string>, language = 'tr', target = company) =>
    call(test.app, 'GET', '/api/search', {
      host: hostOf(target),
      token,
      query,
      headers: { 'x-content-language': language },
    });

  /** The groups of a successful search by kind. */
  const groupsOf = async (token: string, query: Record<string, string>, language = 'tr') => {
    const response = await search(token, query, language);
    expect(response.statusCode).toBe(200);
    const body = response.json() as SearchResponse;
    return Object.fromEntries(body.data.groups.map((g) => [g.kind, g])) as Partial<Record<SearchKind, SearchGroup>>;
  };
  const titles = (group: SearchGroup | undefined) => group?.hits.map((h) => h.title) ?? [];

  async function education(target: CompanyRow, values: Partial<typeof educations.$inferInsert> & { title: string }) {
    const [row] = await asSystem(test.db, (tx) =>
      tx
        .insert(educations)
        .values({ companyId: target.id, language: 'tr', visibility: 'catalogue', ...values })
        .returning(),
    );
    return row!.id;
  }

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany({ surnameViewRestrict: 1 });
    other = await test.factories.createCompany();
    learner = await test.factories.createUser(company, { name: 'Deniz', surname: 'Kaya' });
    learnerToken = (await login(test.app, company, learner.email!)).access_token;

    ids = {
      security: await education(company, {
        title: 'Bilgi Güvenliği Farkındalık Eğitimi',
        subTitle: 'Parolalar, oltalama ve güvenli çalışma',
      }),
      istanbul: await education(company, { title: 'İstanbul Ofisi Oryantasyonu' }),
      kvkk: await education(company, { title: 'KVKK Kişisel Verilerin Korunması', visibility: 'assigned' }),
      sales: await education(company, { title: 'Satış Eğitimi', description: '<p>İkna ve <b>müzakere</b></p>' }),
      policy: await education(company, { title: 'Travel Policy', language: 'en' }),
      policyAz: await education(company, { title: 'Travel Policy', language: 'az' }),
      assigned: await education(company, { title: 'Liderlik Atölyesi', visibility: 'assigned' }),
      passive: await education(company, { title: 'Liderlik Arşivi', status: 0 }),
      foreign: await education(other, { title: 'Bilgi Güvenliği Farkındalık Eğitimi' }),
    };
    await asSystem(test.db, async (tx) => {
      await tx
        .insert(educationEnrolments)
        .values({ companyId: company.id, educationId: ids.kvkk!, userId: learner.id });
      const [program] = await tx
        .insert(programs)
        .values([
          { companyId: company.id, title: 'Yeni Yönetici Programı' },
          { companyId: company.id, title: 'Yönetici Gelişim Yolu' },
        ])
        .returning();
      ids.program = program!.id;
      await tx.insert(programEnrolments).values({ companyId: company.id, programId: program!.id, userId: learner.id });
      const [video, page] = await tx
        .insert(contents)
        .values([
          { companyId: company.id, type: 'video', title: 'Güvenli Parola Videosu', language: 'tr' },
          { companyId: company.id, type: 'page', title: 'Güvenli Masa Politikası', language: 'tr' },
        ])
        .returning();
      ids.video = video!.id;
      ids.page = page!.id;
      await tx.insert(contentEnrolments).values({ companyId: company.id, contentId: video!.id, userId: learner.id });
    });
    await test.factories.createFaq(company, {
      question: { tr: 'Şifremi nasıl değiştiririm?', en: 'How do I change my password?' },
      answer: { tr: '<p>Profil sayfasından <b>şifre</b> alanını kullanın.</p>', en: '<p>Use the profile page.</p>' },
    });
    await test.factories.createFaq(company, { question: { tr: 'Eski şifre sorusu' }, answer: { tr: 'x' }, status: 0 });
    await test.factories.createUser(company, { name: 'Ayşe', surname: 'Yılmaz', title: 'Satış Müdürü' });
    await test.factories.createUser(company, { name: 'Ayşe', surname: 'Pasif', status: 0 });
    await test.factories.createUser(other, { name: 'Ayşe', surname: 'Başkası' });
  });
  afterAll(() => test.close());

  it('needs a session', async () => {
    expect((await search(undefined, { q: 'bilgi' })).statusCode).toBe(401);
  });

  it('refuses a missing, empty or too long query and an unknown kind with 422', async () => {
    const missing = await search(learnerToken, {});
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['q']);
    expect((await search(learnerToken, { q: '   ' })).statusCode).toBe(422);
    const long = await search(learnerToken, { q: 'a'.repeat(201) });
    expect(long.statusCode).toBe(422);
    expect(Object.keys(long.json().errors)).toEqual(['q']);
    const kind = await search(learnerToken, { q: 'bilgi', kind: 'wiki' });
    expect(kind.statusCode).toBe(422);
    expect(Object.keys(kind.json().errors)).toEqual(['kind']);
    expect((await search(learnerToken, { q: 'bilgi', per_page: '51' })).statusCode).toBe(422);
  });

  it('forgives a typo through trigram matching and marks the matched words', async () => {
    const groups = await groupsOf(learnerToken, { q: 'bilgi güvenlği' });
    expect(groups.education?.total).toBe(1);
    const [hit] = groups.education!.hits;
    expect(hit).toMatchObject({ id: ids.security, title: 'Bilgi Güvenliği Farkındalık Eğitimi', enrolled: false });
    expect(hit!.title_highlights).toEqual([
      { start: 0, length: 5 },
      { start: 6, length: 9 },
    ]);
    // Typed without Turkish letters.
    expect(titles((await groupsOf(learnerToken, { q: 'bilgi guvenligi' })).education)).toEqual([
      'Bilgi Güvenliği Farkındalık Eğitimi',
    ]);
  });

  it('folds dotted and dotless i and case: ISTANBUL finds İstanbul, kvkk finds KVKK', async () => {
    expect(titles((await groupsOf(learnerToken, { q: 'ISTANBUL' })).education)).toEqual([
      'İstanbul Ofisi Oryantasyonu',
    ]);
    expect(titles((await groupsOf(learnerToken, { q: 'ıstanbul' })).education)).toEqual([
      'İstanbul Ofisi Oryantasyonu',
    ]);
    const kvkk = (await groupsOf(learnerToken, { q: 'kvkk' })).education!;
    expect(kvkk.hits.map((h) => [h.title, h.enrolled])).toEqual([['KVKK Kişisel Verilerin Korunması', true]]);
    expect(kvkk.hits[0]!.title_highlights).toEqual([{ start: 0, length: 4 }]);
  });

  it("stems in the row's language and matches Azerbaijani word for word", async () => {
    // "policies" is neither a prefix of "policy" nor close enough in trigrams: only the English stemmer joins them.
    expect((await groupsOf(learnerToken, { q: 'policies' })).education?.hits.map((h) => h.id)).toEqual([ids.policy]);
    expect((await groupsOf(learnerToken, { q: 'policy' })).education?.hits.map((h) => h.id).sort()).toEqual(
      [ids.policy, ids.policyAz].sort(),
    );
    // Turkish: "eğitimleri" and "Eğitimi" share the stem "eğitim".
    expect(titles((await groupsOf(learnerToken, { q: 'satış eğitimleri' })).education)).toEqual(['Satış Eğitimi']);
    // The description is searched too, its tags left out; a prefix finds the word.
    expect(titles((await groupsOf(learnerToken, { q: 'müzak' })).education)).toEqual(['Satış Eğitimi']);
  });

  it('never finds another company’s rows', async () => {
    const groups = await groupsOf(learnerToken, { q: 'Bilgi Güvenliği' });
    expect(groups.education?.hits.map((h) => h.id)).toEqual([ids.security]);
    const admin = await test.factories.createAdmin(company);
    const adminToken = (await login(test.app, company, admin.email!)).access_token;
    const people = await groupsOf(adminToken, { q: 'ayşe' });
    expect(titles(people.person)).toEqual(['Ayşe Yılmaz']);
  });

  it('finds assigned-only educations only for those enrolled, and passive ones for nobody', async () => {
    expect((await groupsOf(learnerToken, { q: 'liderlik' })).education?.total).toBe(0);
    const admin = await tokenWithPermissions(test, company, ['show_training', 'read_training']);
    expect((await groupsOf(admin, { q: 'liderlik' })).education?.total).toBe(0);
    await asSystem(test.db, (tx) =>
      tx.insert(educationEnrolments).values({ companyId: company.id, educationId: ids.assigned!, userId: learner.id }),
    );
    expect(titles((await groupsOf(learnerToken, { q: 'liderlik' })).education)).toEqual(['Liderlik Atölyesi']);
  });

  it('finds the contents and programs a learner is in; read_content and read_program find all', async () => {
    const mine = await groupsOf(learnerToken, { q: 'güvenli' });
    expect(mine.content?.hits.map((h) => [h.id, h.enrolled])).toEqual([[ids.video, true]]);
    const programsFound = await groupsOf(learnerToken, { q: 'yönetici' });
    expect(programsFound.program?.hits.map((h) => [h.id, h.enrolled])).toEqual([[ids.program, true]]);
    const reader = await tokenWithPermissions(test, company, ['read_content', 'read_program']);
    expect((await groupsOf(reader, { q: 'güvenli' })).content?.total).toBe(2);
    expect((await groupsOf(reader, { q: 'yönetici' })).program?.total).toBe(2);
  });

  it('finds active FAQ entries in the request language, with a plain-text snippet', async () => {
    const tr = await groupsOf(learnerToken, { q: 'şifre' });
    expect(titles(tr.faq)).toEqual(['Şifremi nasıl değiştiririm?']);
    const snippet = tr.faq!.hits[0]!;
    expect(snippet.snippet).toBe('Profil sayfasından şifre alanını kullanın.');
    expect(snippet.snippet_highlights).toEqual([{ start: 19, length: 5 }]);
    expect((await groupsOf(learnerToken, { q: 'şifre' }, 'en')).faq?.total).toBe(0);
    expect(titles((await groupsOf(learnerToken, { q: 'password' }, 'en')).faq)).toEqual([
      'How do I change my password?',
    ]);
  });

  it('leaves people out without show_user', async () => {
    const groups = await groupsOf(learnerToken, { q: 'ayşe' });
    expect(Object.keys(groups)).toEqual(['education', 'program', 'content', 'faq']);
    const onlyPeople = await search(learnerToken, { q: 'ayşe', kind: 'person' });
    expect(onlyPeople.json().data.groups).toEqual([]);
  });

  it('masks surnames as surname_view_restrict asks, and does not search the masked part', async () => {
    const role = await test.factories.createRole(company, { permissions: ['show_user'] });
    const viewer = await test.factories.createUser(company, { roles: [role.id] });
    const token = (await login(test.app, company, viewer.email!)).access_token;
    const found = await groupsOf(token, { q: 'ayşe' });
    expect(found.person?.hits.map((h) => [h.title, h.snippet])).toEqual([['Ayşe Y****', 'Satış Müdürü']]);
    expect((await groupsOf(token, { q: 'yılmaz' })).person?.total).toBe(0);
    // A reader with more than one role sees and searches the whole name.
    const privileged = await tokenWithPermissions(test, company, ['show_user']);
    expect(titles((await groupsOf(privileged, { q: 'yılmaz' })).person)).toEqual(['Ayşe Yılmaz']);
  });

  it('pages one group with kind=', async () => {
    const reader = await tokenWithPermissions(test, company, ['read_program']);
    const first = await groupsOf(reader, { q: 'yönetici', kind: 'program', per_page: '1' });
    expect(Object.keys(first)).toEqual(['program']);
    expect(first.program).toMatchObject({ total: 2, page: 1, per_page: 1 });
    const second = await groupsOf(reader, { q: 'yönetici', kind: 'program', per_page: '1', page: '2' });
    expect(second.program?.hits).toHaveLength(1);
    expect(second.program?.hits[0]?.id).not.toBe(first.program?.hits[0]?.id);
  });

  it('keeps its indexes usable under row-level security: the match functions are LEAKPROOF', async () => {
    const result = await asSystem(test.db, (tx) =>
      tx.execute(sql`
        select proname from pg_proc
        where proleakproof and proname in ('kampus_fold_plain', 'kampus_fold_name', 'kampus_search_document',
          'ts_match_vq', 'word_similarity_op', 'word_similarity_commutator_op')
        order by proname`),
    );
    expect((result as unknown as { rows: { proname: string }[] }).rows.map((r) => r.proname)).toEqual([
      'kampus_fold_name',
      'kampus_fold_plain',
      'kampus_search_document',
      'ts_match_vq',
      'word_similarity_commutator_op',
      'word_similarity_op',
    ]);
  });

  it('tells the planner what a trigram comparison costs, so broad searches read the trigram indexes (migration 0034)', async () => {
    const result = await asSystem(test.db, (tx) =>
      tx.execute(sql`
        select proname, procost from pg_proc
        where proname in ('word_similarity_op', 'word_similarity_commutator_op') order by proname`),
    );
    expect((result as unknown as { rows: { proname: string; procost: number }[] }).rows).toEqual([
      { proname: 'word_similarity_commutator_op', procost: 100 },
      { proname: 'word_similarity_op', procost: 100 },
    ]);
  });

  it('finds nothing, without error, for a query of no letters or digits', async () => {
    const groups = await groupsOf(learnerToken, { q: '%_*&|!' });
    expect(Object.values(groups).every((g) => g.total === 0 && g.hits.length === 0)).toBe(true);
  });
});
