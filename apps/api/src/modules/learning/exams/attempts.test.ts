import type { QuestionBody } from '@kampus/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import { companyCaller, createTestApp, login, type TestApp } from '../../../../test/helpers.js';
import type { Db } from '../../../db/client.js';
import {
  auditLogs,
  educationEnrolments,
  educations,
  examAttemptAnswers,
  examAttempts,
  jobs,
  questionVersions,
} from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';
import { DEADLINE_JOB } from './attempts.js';
import { DEADLINE_SWEEP_JOB } from './deadline.js';

/** One question of every type, with a right answer for each. */
const BODIES: { body: QuestionBody; right: unknown; wrong: unknown }[] = [
  {
    body: {
      type: 'single',
      text: '<p>Parola en az kaç karakter olmalı?</p>',
      explanation: '<p>Politika 12 karakter ister.</p>',
      options: [
        { key: 's1', text: '6' },
        { key: 's2', text: '12' },
        { key: 's3', text: '4' },
      ],
      correct: 's2',
    },
    right: { type: 'single', key: 's2' },
    wrong: { type: 'single', key: 's1' },
  },
  {
    body: {
      type: 'multiple',
      text: '<p>Hangileri kimlik avı işaretidir?</p>',
      explanation: null,
      options: [
        { key: 'm1', text: 'Acele ettiren dil' },
        { key: 'm2', text: 'Tanıdık gönderen' },
        { key: 'm3', text: 'Benzer alan adı' },
      ],
      correct: ['m1', 'm3'],
    },
    right: { type: 'multiple', keys: ['m3', 'm1'] },
    wrong: { type: 'multiple', keys: ['m1'] },
  },
  {
    body: { type: 'true_false', text: '<p>Ekranı kilitlemek gerekir.</p>', explanation: null, correct: true },
    right: { type: 'true_false', value: true },
    wrong: { type: 'true_false', value: false },
  },
  {
    body: { type: 'short_text', text: '<p>KVKK hangi ülkenin yasası?</p>', explanation: null, accepted: ['Türkiye'] },
    right: { type: 'short_text', text: '  TÜRKİYE ' },
    wrong: { type: 'short_text', text: 'Almanya' },
  },
  {
    body: {
      type: 'ordering',
      text: '<p>Sıralayın.</p>',
      explanation: null,
      items: [
        { key: 'o1', text: 'Bildir' },
        { key: 'o2', text: 'Ayır' },
        { key: 'o3', text: 'Düzelt' },
      ],
    },
    right: { type: 'ordering', keys: ['o1', 'o2', 'o3'] },
    wrong: { type: 'ordering', keys: ['o3', 'o2', 'o1'] },
  },
  {
    body: {
      type: 'matching',
      text: '<p>Eşleştirin.</p>',
      explanation: null,
      pairs: [
        { key: 'l1', left: 'Gizlilik', right_key: 'r1', right: 'Yetkisiz erişim yok' },
        { key: 'l2', left: 'Bütünlük', right_key: 'r2', right: 'Değişmemiş veri' },
      ],
    },
    right: { type: 'matching', pairs: { l1: 'r1', l2: 'r2' } },
    wrong: { type: 'matching', pairs: { l1: 'r2', l2: 'r1' } },
  },
  {
    body: { type: 'numeric', text: '<p>Kaç gün?</p>', explanation: null, value: 72, tolerance: 0.5 },
    right: { type: 'numeric', value: 72.4 },
    wrong: { type: 'numeric', value: 70 },
  },
];

const OPEN: QuestionBody = {
  type: 'open',
  text: '<p>Bir olayı nasıl bildirirsiniz?</p>',
  explanation: null,
  guidance: 'Kanal ve süre',
};

describe('exam attempts: start, save, submit, grade, result', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let learner: UserRow;
  let second: UserRow;
  let admin: UserRow;
  let token: string;
  let secondToken: string;
  let adminToken: string;
  let otherToken: string;
  let questionIds: number[];
  let openId: number;
  const as = companyCaller(() => ({ app: test.app, company }));
  const asOther = companyCaller(() => ({ app: test.app, company: other }));
  const TAB = 'tab-aaaaaaaa';
  const TAB2 = 'tab-bbbbbbbb';

  const start = (examId: number, holder = TAB, who = token) =>
    as(who, 'POST', `/api/my/exams/${examId}/attempts`, { body: { holder } });
  const put = (attempt: number, position: number, answer: unknown, seq: number, holder = TAB, who = token) =>
    as(who, 'PUT', `/api/my/attempts/${attempt}/answers/${position}`, { body: { answer, seq, holder } });
  const submit = (attempt: number, who = token) => as(who, 'POST', `/api/my/attempts/${attempt}/submit`);
  const resultOf = (attempt: number, who = token) => as(who, 'GET', `/api/my/attempts/${attempt}/result`);
  const attemptRow = async (id: number) =>
    (await asSystem(test.db, (tx) => tx.select().from(examAttempts).where(eq(examAttempts.id, id))))[0];
  const events = (action: string, examId: number) =>
    asSystem(test.db, (tx) =>
      tx
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, action), eq(auditLogs.entityId, examId))),
    );
  /** Moves an attempt's deadline into the past (time passing, without waiting for it). */
  const expire = (id: number, secondsAgo = 60) =>
    asSystem(test.db, (tx) =>
      tx
        .update(examAttempts)
        .set({ deadlineAt: new Date(Date.now() - secondsAgo * 1000) })
        .where(eq(examAttempts.id, id)),
    );

  /** A real exam given to the learners through an assignment. */
  async function realExam(values: Parameters<TestApp['factories']['createExam']>[1] = {}) {
    const exam = await test.factories.createExam(company, { questionIds: questionIds.slice(0, 3), ...values });
    await test.factories.assignExam(company, exam.id, [learner.id, second.id]);
    return exam;
  }

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    other = await test.factories.createCompany();
    learner = await test.factories.createUser(company);
    second = await test.factories.createUser(company);
    admin = await test.factories.createAdmin(company);
    token = (await login(test.app, company, learner.email!)).access_token;
    secondToken = (await login(test.app, company, second.email!)).access_token;
    adminToken = (await login(test.app, company, admin.email!)).access_token;
    const otherUser = await test.factories.createUser(other);
    otherToken = (await login(test.app, other, otherUser.email!)).access_token;
    questionIds = [];
    for (const { body } of BODIES) {
      questionIds.push((await test.factories.createQuestion(company, { body, points: 2 })).id);
    }
    openId = (await test.factories.createQuestion(company, { body: OPEN, points: 4 })).id;
  });
  afterAll(() => test.close());

  it('lists the exams open to the learner with their state; a real exam not given to them is not there', async () => {
    const demo = await test.factories.createExam(company, { kind: 'demo', title: 'Pratik', questionIds });
    const given = await realExam({ title: 'Verilen', attemptsAllowed: 1 });
    const notGiven = await test.factories.createExam(company, { title: 'Verilmeyen', questionIds });
    const passive = await test.factories.createExam(company, { kind: 'demo', status: 0, questionIds });
    const response = await as(token, 'GET', '/api/my/tests');
    expect(response.statusCode, response.body).toBe(200);
    const ids = response.json().data.map((t: { id: number }) => t.id);
    expect(ids).toContain(demo.id);
    expect(ids).toContain(given.id);
    expect(ids).not.toContain(notGiven.id);
    expect(ids).not.toContain(passive.id);
    const card = response.json().data.find((t: { id: number }) => t.id === given.id);
    expect(card).toMatchObject({ state: 'not_started', sources: ['assignment'], question_count: 3, attempts_left: 1 });
    // Another company's learner sees none of them; a stranger's start is 404.
    const theirs = await asOther(otherToken, 'GET', '/api/my/tests');
    expect(theirs.json().data.map((t: { id: number }) => t.id)).not.toContain(demo.id);
    expect(
      (await asOther(otherToken, 'POST', `/api/my/exams/${demo.id}/attempts`, { body: { holder: TAB } })).statusCode,
    ).toBe(404);
    expect((await start(notGiven.id)).statusCode).toBe(404);
    expect((await as(undefined, 'GET', '/api/my/tests')).statusCode).toBe(401);
  });

  it('starting fixes questions, order and deadline; the payload holds no answers; starting again resumes', async () => {
    const exam = await test.factories.createExam(company, {
      kind: 'demo',
      questionIds,
      shuffleQuestions: true,
      shuffleOptions: true,
      timeLimitMinutes: 20,
    });
    const first = await start(exam.id);
    expect(first.statusCode, first.body).toBe(201);
    const data = first.json().data;
    expect(data.questions).toHaveLength(BODIES.length);
    expect(Date.parse(data.deadline_at) - Date.parse(data.started_at)).toBe(20 * 60_000);
    for (const forbidden of [
      'correct',
      'accepted',
      'explanation',
      'right_key',
      '"value":72',
      'tolerance',
      'guidance',
    ]) {
      expect(first.body).not.toContain(forbidden);
    }
    // Ordering items never start in the right order.
    const ordering = data.questions.find((q: { question: { type: string } }) => q.question.type === 'ordering');
    expect(ordering.question.items.map((i: { key: string }) => i.key)).not.toEqual(['o1', 'o2', 'o3']);
    const again = await start(exam.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ id: data.id, deadline_at: data.deadline_at });
    expect(again.json().data.questions).toEqual(data.questions);
    const read = await as(token, 'GET', `/api/my/attempts/${data.id}`);
    expect(read.json().data.questions).toEqual(data.questions);
    // The versions asked are used: an edit of the bank writes a new version from now on.
    const versions = await asSystem(test.db, (tx) => tx.select().from(questionVersions));
    expect(versions.filter((v) => questionIds.includes(v.questionId)).every((v) => v.usedAt !== null)).toBe(true);
    // Another person's or another company's attempt is 404.
    expect((await as(secondToken, 'GET', `/api/my/attempts/${data.id}`)).statusCode).toBe(404);
    expect((await asOther(otherToken, 'GET', `/api/my/attempts/${data.id}`)).statusCode).toBe(404);
    expect((await put(data.id, 1, null, 1, TAB, secondToken)).statusCode).toBe(404);
    expect((await submit(data.id, secondToken)).statusCode).toBe(404);
  });

  it('saves are idempotent and ordered by seq; a wrong type or a bad body is 422 with field errors', async () => {
    const exam = await test.factories.createExam(company, { kind: 'demo', questionIds: questionIds.slice(0, 1) });
    const attempt = (await start(exam.id)).json().data.id as number;
    const later = await put(attempt, 1, { type: 'single', key: 's2' }, 5);
    expect(later.json().data).toEqual({ position: 1, seq: 5, saved: true });
    const late = await put(attempt, 1, { type: 'single', key: 's1' }, 3);
    expect(late.statusCode).toBe(200);
    expect(late.json().data).toEqual({ position: 1, seq: 5, saved: false });
    expect((await put(attempt, 1, { type: 'single', key: 's1' }, 5)).json().data.saved).toBe(false);
    const stored = await as(token, 'GET', `/api/my/attempts/${attempt}`);
    expect(stored.json().data.questions[0]).toMatchObject({ answer: { type: 'single', key: 's2' }, seq: 5 });
    const wrongType = await put(attempt, 1, { type: 'true_false', value: true }, 6);
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().errors).toHaveProperty(['answer.type']);
    const bad = await as(token, 'PUT', `/api/my/attempts/${attempt}/answers/1`, {
      body: { answer: { type: 'x' }, seq: 0 },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['seq', 'holder']));
    expect((await put(attempt, 9, null, 1)).statusCode).toBe(404);
    const noHolder = await start(exam.id, 'x');
    expect(noHolder.statusCode).toBe(422);
    expect(noHolder.json().errors).toHaveProperty('holder');
  });

  it('a save is one statement holding to the tenant: another company or person is 404 and changes nothing', async () => {
    const exam = await test.factories.createExam(company, { kind: 'demo', questionIds: questionIds.slice(0, 1) });
    const attempt = (await start(exam.id)).json().data.id as number;
    expect((await put(attempt, 1, { type: 'single', key: 's2' }, 1)).statusCode).toBe(200);
    const stored = async () =>
      (
        await asSystem(test.db, (tx) =>
          tx
            .select({ answer: examAttemptAnswers.answer, seq: examAttemptAnswers.seq })
            .from(examAttemptAnswers)
            .where(and(eq(examAttemptAnswers.attemptId, attempt), eq(examAttemptAnswers.position, 1))),
        )
      )[0];
    const before = await stored();
    expect(before).toEqual({ answer: { type: 'single', key: 's2' }, seq: 1 });
    // Another company's learner naming the attempt's id.
    const cross = await asOther(otherToken, 'PUT', `/api/my/attempts/${attempt}/answers/1`, {
      body: { answer: { type: 'single', key: 's1' }, seq: 9, holder: TAB },
    });
    expect(cross.statusCode).toBe(404);
    expect((await put(attempt, 1, { type: 'single', key: 's1' }, 9, TAB, secondToken)).statusCode).toBe(404);
    // The statement itself, as the application role runs it: the tenant it is given decides what it sees, and it
    // names the company in every statement, so even the system scope does not let another company's id through.
    const call = (db: Db, companyId: number, userId: number) =>
      db.execute(sql`select outcome, seq, saved from kampus_exam_save_answer(${companyId}::int, ${userId}::int,
        ${attempt}::int, 1, ${JSON.stringify({ type: 'single', key: 's1' })}::jsonb, 'single', 9, ${TAB},
        now(), 5000, 30000, 10000)`) as unknown as Promise<{ rows: { outcome: string }[] }>;
    expect((await call(test.db, other.id, learner.id)).rows[0]?.outcome).toBe('not_found');
    expect((await asSystem(test.db, (tx) => call(tx, other.id, learner.id))).rows[0]?.outcome).toBe('not_found');
    expect((await call(test.db, company.id, second.id)).rows[0]?.outcome).toBe('not_found');
    expect(await stored()).toEqual(before);
    // The tenant it sets ends with its own transaction.
    const setting = (await test.db.execute(
      sql`select current_setting('app.company_id', true) as value`,
    )) as unknown as {
      rows: { value: string | null }[];
    };
    expect(setting.rows[0]?.value ?? '').toBe('');
    // The person's own save goes through the same statement.
    expect((await call(test.db, company.id, learner.id)).rows[0]?.outcome).toBe('saved');
    expect(await stored()).toEqual({ answer: { type: 'single', key: 's1' }, seq: 9 });
  });

  it('a second tab is refused while the first speaks; "continue here" moves the attempt', async () => {
    const exam = await test.factories.createExam(company, { kind: 'demo', questionIds: questionIds.slice(0, 2) });
    const attempt = (await start(exam.id)).json().data.id as number;
    const elsewhere = await start(exam.id, TAB2);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().message).toBe('Bu sınav başka bir sekmede ya da pencerede açık.');
    expect((await put(attempt, 1, { type: 'single', key: 's1' }, 1, TAB2)).statusCode).toBe(409);
    const moved = await as(token, 'POST', `/api/my/attempts/${attempt}/take-over`, { body: { holder: TAB2 } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await put(attempt, 1, { type: 'single', key: 's1' }, 2, TAB2)).statusCode).toBe(200);
    expect((await put(attempt, 1, { type: 'single', key: 's2' }, 3, TAB)).statusCode).toBe(409);
    // A holder quiet for longer than the hold lets the other tab in.
    await asSystem(test.db, (tx) =>
      tx
        .update(examAttempts)
        .set({ heldAt: new Date(Date.now() - 60_000) })
        .where(eq(examAttempts.id, attempt)),
    );
    expect((await put(attempt, 1, { type: 'single', key: 's2' }, 3, TAB)).statusCode).toBe(200);
    const left = await as(token, 'POST', `/api/my/attempts/${attempt}/events`, {
      body: { type: 'tab_left', holder: TAB },
    });
    expect(left.json().data.tab_leaves).toBe(1);
    expect((await attemptRow(attempt))?.tabLeaves).toBe(1);
    const badEvent = await as(token, 'POST', `/api/my/attempts/${attempt}/events`, {
      body: { type: 'nap', holder: TAB },
    });
    expect(badEvent.statusCode).toBe(422);
  });

  it('scores every type through submit; a demo exam publishes nothing; saves after submit are refused', async () => {
    const exam = await test.factories.createExam(company, { kind: 'demo', questionIds, reveal: 'after_attempt' });
    const data = (await start(exam.id)).json().data;
    for (const q of data.questions as { position: number; question: { text: string } }[]) {
      const source = BODIES.find((b) => b.body.text === q.question.text);
      // Every answer right except the single choice.
      const answer = source?.body.type === 'single' ? source.wrong : source?.right;
      expect((await put(data.id, q.position, answer, 1)).statusCode).toBe(200);
    }
    const done = await submit(data.id);
    expect(done.statusCode, done.body).toBe(200);
    const row = await attemptRow(data.id);
    expect(row).toMatchObject({ state: 'scored', submitReason: 'learner', maxPoints: 14, points: 12 });
    expect(row?.scorePercent).toBeCloseTo(85.71, 1);
    expect((await events('exam.passed', exam.id)).length + (await events('exam.failed', exam.id)).length).toBe(0);
    expect((await put(data.id, 1, null, 9)).statusCode).toBe(409);
    expect((await submit(data.id)).statusCode).toBe(409);
    const result = await resultOf(data.id);
    expect(result.statusCode, result.body).toBe(200);
    const single = result
      .json()
      .data.questions.find((q: { question: { type: string } }) => q.question.type === 'single');
    expect(single).toMatchObject({
      outcome: 'wrong',
      points: 0,
      revealed: { type: 'single', key: 's2' },
      explanation: '<p>Politika 12 karakter ister.</p>',
    });
    const matching = result
      .json()
      .data.questions.find((q: { question: { type: string } }) => q.question.type === 'matching');
    expect(matching).toMatchObject({ outcome: 'correct', points: 2 });
    expect(result.json().data).toMatchObject({ revealed: true, passed: true, can_retry: true });
  });

  it('a submit writes nothing when an answer came in after it read them, and audits who submitted', async () => {
    const exam = await realExam();
    const data = (await start(exam.id)).json().data;
    const right = BODIES.find((b) => b.body.text === data.questions[0].question.text)?.right;
    expect((await put(data.id, 1, right, 1)).statusCode).toBe(200);
    // The write of a submit that scored the slots at seq 0: the answer above (seq 1) came in between.
    const stale = data.questions.map((q: { position: number }) => ({
      position: q.position,
      seq: 0,
      outcome: 'wrong',
      points: 0,
    }));
    const written = await asSystem(test.db, (tx) =>
      tx.execute(sql`select kampus_exam_submit(${company.id}::int, ${data.id}::int, ${JSON.stringify(stale)}::jsonb,
        now(), 'learner', 'scored', 0, 0, false, '[]'::jsonb) as outcome`),
    );
    expect((written as unknown as { rows: { outcome: string }[] }).rows[0]?.outcome).toBe('changed');
    expect(await attemptRow(data.id)).toMatchObject({ state: 'in_progress', scorePercent: null });
    // The submit itself scores what was saved, and its audit row names the learner.
    expect((await submit(data.id)).statusCode).toBe(200);
    const row = await attemptRow(data.id);
    expect(row?.state).toBe('scored');
    expect(row?.points).toBe(2);
    const [audit] = await asSystem(test.db, (tx) =>
      tx
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'exam_attempt.submitted'), eq(auditLogs.entityId, data.id))),
    );
    expect(audit).toMatchObject({ companyId: company.id, actorUserId: learner.id, entityType: 'exam_attempt' });
    expect(audit?.after).toMatchObject({ reason: 'learner', state: 'scored' });
    expect(await events('exam.failed', exam.id)).toEqual(
      expect.arrayContaining([expect.objectContaining({ after: expect.objectContaining({ attempt_id: data.id }) })]),
    );
  });

  it('a real exam: attempts limit, waiting time, and exam.passed / exam.failed published with the score', async () => {
    const exam = await realExam({ attemptsAllowed: 2, waitMinutes: 30, passMark: 60, reveal: 'never' });
    const first = (await start(exam.id)).json().data;
    await submit(first.id); // nothing answered: 0%
    const failed = await events('exam.failed', exam.id);
    expect(failed).toHaveLength(1);
    expect(failed[0]?.after).toMatchObject({
      examId: exam.id,
      userId: learner.id,
      attemptId: first.id,
      scorePercent: 0,
    });
    const waiting = await start(exam.id);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().message).toBe('Bir sonraki denemeye kadar beklemeniz gerekiyor.');
    const card = (await as(token, 'GET', '/api/my/tests')).json().data.find((t: { id: number }) => t.id === exam.id);
    expect(card).toMatchObject({ state: 'waiting', attempts_used: 1, attempts_left: 1 });
    expect(Date.parse(card.next_attempt_at)).toBeGreaterThan(Date.now() + 29 * 60_000);
    // The wait passes.
    await asSystem(test.db, (tx) =>
      tx
        .update(examAttempts)
        .set({ submittedAt: new Date(Date.now() - 31 * 60_000) })
        .where(eq(examAttempts.id, first.id)),
    );
    const second = (await start(exam.id)).json().data;
    expect(second.number).toBe(2);
    for (const q of second.questions as { position: number; question: { text: string } }[]) {
      await put(second.id, q.position, BODIES.find((b) => b.body.text === q.question.text)?.right, 1);
    }
    await submit(second.id);
    expect(await events('exam.passed', exam.id)).toHaveLength(1);
    const result = (await resultOf(second.id)).json().data;
    expect(result).toMatchObject({ passed: true, score_percent: 100, revealed: false, can_retry: false });
    expect(result.questions.every((q: { revealed: unknown }) => q.revealed === null)).toBe(true);
    const passed = await start(exam.id);
    expect(passed.statusCode).toBe(409);
    expect(passed.json().message).toBe('Bu sınavı zaten geçtiniz.');
  });

  it('no attempt left, and the availability window', async () => {
    const once = await realExam({ attemptsAllowed: 1 });
    await submit((await start(once.id)).json().data.id);
    expect((await start(once.id)).json().message).toBe('Deneme hakkınız kalmadı.');
    const later = await realExam({ availableFrom: new Date(Date.now() + 86_400_000) });
    const early = await start(later.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Bu sınav henüz başlamadı.');
    const over = await realExam({
      availableFrom: new Date(Date.now() - 2 * 86_400_000),
      availableUntil: new Date(Date.now() - 86_400_000),
    });
    expect((await start(over.id)).json().message).toBe('Bu sınavın süresi sona erdi.');
    const states = (await as(token, 'GET', '/api/my/tests')).json().data;
    expect(states.find((t: { id: number }) => t.id === later.id).state).toBe('upcoming');
    expect(states.find((t: { id: number }) => t.id === over.id).state).toBe('closed');
    expect(states.find((t: { id: number }) => t.id === once.id).state).toBe('failed');
  });

  it('saves are refused past the deadline; the deadline job submits without a browser; the sweep is the backstop', async () => {
    const exam = await realExam({ timeLimitMinutes: 1 });
    const data = (await start(exam.id)).json().data;
    await put(data.id, 1, { type: 'single', key: 's2' }, 1);
    const [job] = await asSystem(test.db, (tx) =>
      tx
        .select()
        .from(jobs)
        .where(eq(jobs.idempotencyKey, `exam-attempt:${data.id}`)),
    );
    expect(job).toMatchObject({ name: DEADLINE_JOB, state: 'queued' });
    expect(job?.runAt.getTime()).toBeGreaterThan(Date.parse(data.deadline_at));
    await expire(data.id);
    const late = await put(data.id, 2, { type: 'multiple', keys: ['m1'] }, 1);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Süre doldu; yanıtlar artık kaydedilmiyor.');
    // The job comes due; nobody calls the API.
    await asSystem(test.db, (tx) =>
      tx
        .update(jobs)
        .set({ runAt: new Date() })
        .where(eq(jobs.id, job?.id ?? 0)),
    );
    await test.settle();
    expect(await attemptRow(data.id)).toMatchObject({ state: 'scored', submitReason: 'deadline', points: 2 });
    // The sweep: an attempt whose job is gone.
    const lost = await realExam({ timeLimitMinutes: 1 });
    const lostAttempt = (await start(lost.id)).json().data.id as number;
    await asSystem(test.db, (tx) => tx.delete(jobs).where(eq(jobs.idempotencyKey, `exam-attempt:${lostAttempt}`)));
    await expire(lostAttempt, 600);
    await test.platform.jobs.enqueue(test.db, DEADLINE_SWEEP_JOB, {});
    await test.settle();
    expect(await attemptRow(lostAttempt)).toMatchObject({ state: 'scored', submitReason: 'deadline' });
  });

  it('an open answer keeps the result pending until graded; grading scores and publishes', async () => {
    const exam = await realExam({ questionIds: [questionIds[0] as number, openId], passMark: 50 });
    const data = (await start(exam.id)).json().data;
    const openPosition = data.questions.find(
      (q: { question: { type: string } }) => q.question.type === 'open',
    ).position;
    const singlePosition = data.questions.find(
      (q: { question: { type: string } }) => q.question.type === 'single',
    ).position;
    await put(data.id, openPosition, { type: 'open', text: 'Güvenlik ekibine hemen e-posta ile.' }, 1);
    await put(data.id, singlePosition, { type: 'single', key: 's1' }, 1);
    await submit(data.id);
    expect(await attemptRow(data.id)).toMatchObject({ state: 'pending', passed: null, scorePercent: null });
    const card = (await as(token, 'GET', '/api/my/tests')).json().data.find((t: { id: number }) => t.id === exam.id);
    expect(card.state).toBe('pending');
    expect(
      (await resultOf(data.id)).json().data.questions.find((q: { position: number }) => q.position === openPosition)
        .outcome,
    ).toBe('pending');
    const actor = { userId: admin.id, companyId: company.id, ip: null, requestId: null } as never;
    const grade = (points: number) =>
      asSystem(test.db, (tx) =>
        test.services.exams.attempts.grade(tx, actor, data.id, openPosition, { points, feedback: 'Açık ve net.' }),
      );
    await expect(grade(5)).rejects.toMatchObject({ status: 422 });
    await expect(
      asSystem(test.db, (tx) =>
        test.services.exams.attempts.grade(tx, actor, data.id, singlePosition, { points: 1, feedback: null }),
      ),
    ).rejects.toMatchObject({ status: 422 });
    expect(await grade(4)).toMatchObject({ state: 'scored', passed: true });
    await test.settle();
    expect(await attemptRow(data.id)).toMatchObject({ state: 'scored', points: 4, maxPoints: 6 });
    const passed = await events('exam.passed', exam.id);
    expect(passed).toHaveLength(1);
    const result = (await resultOf(data.id)).json().data;
    expect(result.questions.find((q: { position: number }) => q.position === openPosition)).toMatchObject({
      outcome: 'correct',
      points: 4,
      feedback: 'Açık ve net.',
    });
    const [row] = await asSystem(test.db, (tx) =>
      tx
        .select()
        .from(examAttemptAnswers)
        .where(and(eq(examAttemptAnswers.attemptId, data.id), eq(examAttemptAnswers.position, openPosition))),
    );
    expect(row?.gradedBy).toBe(admin.id);
  });

  it('reveal rules: after passing, after the end; a result of a running attempt is 409', async () => {
    const afterPass = await realExam({
      questionIds: [questionIds[0] as number],
      reveal: 'after_pass',
      attemptsAllowed: 3,
    });
    const failed = (await start(afterPass.id)).json().data.id as number;
    expect((await resultOf(failed)).statusCode).toBe(409);
    await submit(failed);
    expect((await resultOf(failed)).json().data.revealed).toBe(false);
    const passing = (await start(afterPass.id)).json().data.id as number;
    await put(passing, 1, { type: 'single', key: 's2' }, 1);
    await submit(passing);
    expect((await resultOf(passing)).json().data.revealed).toBe(true);
    // Once passed, earlier attempts show their answers too.
    expect((await resultOf(failed)).json().data.revealed).toBe(true);
    const until = new Date(Date.now() + 86_400_000);
    const afterEnd = await realExam({
      questionIds: [questionIds[0] as number],
      reveal: 'after_end',
      availableUntil: until,
    });
    const attempt = (await start(afterEnd.id)).json().data.id as number;
    await submit(attempt);
    const hidden = (await resultOf(attempt)).json().data;
    expect(hidden).toMatchObject({ revealed: false, reveal_at: until.toISOString() });
    expect(hidden.questions[0].explanation).toBeNull();
  });

  it('a demo exam checks one answer at once; a real exam refuses it (403)', async () => {
    const demo = await test.factories.createExam(company, { kind: 'demo', questionIds: questionIds.slice(0, 1) });
    const attempt = (await start(demo.id)).json().data.id as number;
    const check = await as(token, 'POST', `/api/my/attempts/${attempt}/answers/1/check`, {
      body: { answer: { type: 'single', key: 's1' }, seq: 1, holder: TAB },
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().data).toMatchObject({
      position: 1,
      seq: 1,
      outcome: 'wrong',
      revealed: { type: 'single', key: 's2' },
      explanation: '<p>Politika 12 karakter ister.</p>',
    });
    const real = await realExam({ questionIds: questionIds.slice(0, 1) });
    const realAttempt = (await start(real.id)).json().data.id as number;
    const refused = await as(token, 'POST', `/api/my/attempts/${realAttempt}/answers/1/check`, {
      body: { answer: { type: 'single', key: 's1' }, seq: 1, holder: TAB },
    });
    expect(refused.statusCode).toBe(403);
    expect((await as(adminToken, 'GET', `/api/my/attempts/${realAttempt}`)).statusCode).toBe(404);
  });

  it('an education’s post-test is open to the people enrolled in it, and to nobody else', async () => {
    const exam = await test.factories.createExam(company, { questionIds: questionIds.slice(0, 1) });
    const education = await test.factories.row(educations, company, {
      title: 'Bilgi Güvenliği',
      language: 'tr',
      postTestExamId: exam.id,
    });
    await test.factories.row(educationEnrolments, company, { educationId: education.id, userId: learner.id });
    const mine = (await as(token, 'GET', '/api/my/tests')).json().data.find((t: { id: number }) => t.id === exam.id);
    expect(mine).toMatchObject({ sources: ['education'], state: 'not_started' });
    const theirs = (await as(secondToken, 'GET', '/api/my/tests')).json().data;
    expect(theirs.map((t: { id: number }) => t.id)).not.toContain(exam.id);
    expect((await start(exam.id, TAB, secondToken)).statusCode).toBe(404);
    expect((await start(exam.id)).statusCode).toBe(201);
  });
});
