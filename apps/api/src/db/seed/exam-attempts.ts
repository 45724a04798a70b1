import { type QuestionAnswer, type QuestionBody, ROLE, scoreAnswer } from '@kampus/shared';
import { sql } from 'drizzle-orm';
import type { AssignmentsService } from '../../modules/learning/assignments/service.js';
import type { EducationsService } from '../../modules/learning/educations/service.js';
import type { Initiator } from '../../platform/actor.js';
import type { EventBus } from '../../platform/events.js';
import type { Jobs } from '../../platform/jobs.js';
import type { Db } from '../client.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const MINUTE = 60_000;
const DAY = 86_400_000;

/** A right or a wrong answer to a question, as a learner might give it. */
export function sampleAnswer(body: QuestionBody, right: boolean, language: 'tr' | 'en'): QuestionAnswer | null {
  switch (body.type) {
    case 'single': {
      const wrong = body.options.find((o) => o.key !== body.correct)?.key ?? body.correct;
      return { type: 'single', key: right ? body.correct : wrong };
    }
    case 'multiple':
      return { type: 'multiple', keys: right ? [...body.correct] : body.correct.slice(0, 1) };
    case 'true_false':
      return { type: 'true_false', value: right ? body.correct : !body.correct };
    case 'short_text':
      return {
        type: 'short_text',
        text: right ? (body.accepted[0] ?? '') : language === 'tr' ? 'Bilmiyorum' : 'Not sure',
      };
    case 'ordering': {
      const keys = body.items.map((item) => item.key);
      return { type: 'ordering', keys: right ? keys : [...keys].reverse() };
    }
    case 'matching': {
      const rights = body.pairs.map((pair) => pair.right_key);
      const shifted = right ? rights : [...rights.slice(1), ...rights.slice(0, 1)];
      return {
        type: 'matching',
        pairs: Object.fromEntries(body.pairs.map((pair, i) => [pair.key, shifted[i] as string])),
      };
    }
    case 'numeric':
      return { type: 'numeric', value: right ? body.value : body.value + body.tolerance + 10 };
    case 'open':
      return {
        type: 'open',
        text:
          language === 'tr'
            ? 'Olayı hemen bilgi güvenliği ekibine e-posta ve telefonla bildirir, ekran görüntüsünü eklerim.'
            : 'I report it to the security team at once by e-mail and phone, with a screenshot attached.',
      };
  }
}

/**
 * Attempts of demo learners on the company's seeded exams (issue 15, after the exams seed), so the results pages,
 * charts and the grading queue show data on first start: up to six learners per exam, each one scored attempt
 * submitted in the past weeks with a mix of right and wrong answers (scored with `scoreAnswer`), and the company's
 * demo learner's open answer left pending for a grader. Demo exams count for nothing, so they get none. A fixed
 * exam asks its listed questions; a random one the first questions its rules would draw (the current versions).
 */
export async function seedExamAttempts(tx: Db, companyId: number, language: 'tr' | 'en', learnerEmail: string) {
  const exams = rowsOf<{
    id: number;
    pass_mark: number;
    time_limit_minutes: number | null;
    draw_rules: { count?: number }[];
  }>(
    await tx.execute(sql`select id, pass_mark, time_limit_minutes, draw_rules from exams
      where company_id = ${companyId} and kind = 'exam' and status = 1 order by id`),
  );
  if (exams.length === 0) return;
  const learners = rowsOf<{ id: number; email: string }>(
    await tx.execute(sql`select u.id, u.email from users u where u.company_id = ${companyId} and u.status = 1
      and exists (select 1 from role_user r where r.user_id = u.id and r.role_id = ${ROLE.user})
      and not exists (select 1 from role_user r where r.user_id = u.id and r.role_id in (${ROLE.superAdmin}, ${ROLE.admin}))
      order by (u.email = ${learnerEmail}) desc, u.id limit 6`),
  );
  let seed = companyId * 7919;
  const random = () => {
    seed = (seed * 48_271) % 2_147_483_647;
    return seed / 2_147_483_647;
  };
  for (const [examIndex, exam] of exams.entries()) {
    const listed = rowsOf<{ version_id: number; points: number; body: QuestionBody }>(
      await tx.execute(sql`select v.id as version_id, v.points, v.body from exam_questions eq
        join questions q on q.id = eq.question_id join question_versions v on v.id = q.current_version_id
        where eq.exam_id = ${exam.id} order by eq.position`),
    );
    const count = (exam.draw_rules ?? []).reduce((sum, rule) => sum + (Number(rule.count) || 0), 0);
    const questions =
      listed.length > 0
        ? listed
        : rowsOf<{ version_id: number; points: number; body: QuestionBody }>(
            await tx.execute(sql`select v.id as version_id, v.points, v.body from questions q
              join question_versions v on v.id = q.current_version_id
              where q.company_id = ${companyId} and q.status = 1 and q.language = ${language}
              order by q.id limit ${Math.max(count, 1)}`),
          );
    if (questions.length === 0) continue;
    for (const [learnerIndex, learner] of learners.entries()) {
      const skill = 0.45 + random() * 0.5;
      const started = new Date(Date.now() - (2 + examIndex + learnerIndex * 3) * DAY - random() * 8 * 3_600_000);
      const submitted = new Date(started.getTime() + (8 + Math.floor(random() * 15)) * MINUTE);
      const answers = questions.map((question, index) => {
        const answer = sampleAnswer(question.body, random() < skill, language);
        const score = scoreAnswer(question.body, answer);
        // The demo learner's open answer waits for a grader; the others' were graded by half or whole.
        const graded = question.body.type === 'open' && learner.email !== learnerEmail;
        const ratio = graded ? (random() < 0.5 ? 0.5 : 1) : score.ratio;
        return {
          position: index + 1,
          versionId: question.version_id,
          answer,
          outcome: graded ? (ratio === 1 ? 'correct' : 'partial') : score.outcome,
          points: ratio === null ? null : Math.round(question.points * ratio * 100) / 100,
          maxPoints: question.points,
        };
      });
      const maxPoints = answers.reduce((sum, a) => sum + a.maxPoints, 0);
      const points = answers.reduce((sum, a) => sum + (a.points ?? 0), 0);
      const pending = answers.some((a) => a.outcome === 'pending');
      const percent = maxPoints > 0 ? Math.round((points / maxPoints) * 10_000) / 100 : 0;
      const [attempt] = rowsOf<{ id: number }>(
        await tx.execute(sql`insert into exam_attempts (company_id, exam_id, user_id, number, state, started_at,
            deadline_at, submitted_at, submit_reason, scored_at, points, max_points, score_percent, passed, tab_leaves)
          values (${companyId}, ${exam.id}, ${learner.id}, 1, ${pending ? 'pending' : 'scored'}, ${started},
            ${exam.time_limit_minutes ? new Date(started.getTime() + exam.time_limit_minutes * MINUTE) : null},
            ${submitted}, 'learner', ${pending ? null : submitted}, ${points}, ${maxPoints},
            ${pending ? null : percent}, ${pending ? null : percent >= exam.pass_mark}, ${Math.floor(random() * 3)})
          on conflict do nothing returning id`),
      );
      if (!attempt) continue;
      for (const a of answers) {
        await tx.execute(sql`insert into exam_attempt_answers (company_id, attempt_id, position, question_version_id,
            answer, seq, answered_at, outcome, points, max_points)
          values (${companyId}, ${attempt.id}, ${a.position}, ${a.versionId}, ${JSON.stringify(a.answer)}::jsonb, 1,
            ${submitted}, ${a.outcome}, ${a.points}, ${a.maxPoints})`);
      }
    }
    await tx.execute(sql`update question_versions set used_at = coalesce(used_at, now())
      where id in (select question_version_id from exam_attempt_answers where company_id = ${companyId})`);
  }
}

/**
 * The built application's parts the demo needs (main.ts's, a test's TestApp): the services whose roll-ups it runs over
 * what its seeds wrote directly, and the event bus whose subscribers (programs, assignments) follow those roll-ups.
 */
export interface DemoRollUps {
  services: { educations: Pick<EducationsService, 'enrolments'>; assignments: Pick<AssignmentsService, 'delivery'> };
  /** The jobs the demo queues (the certificates' renders run once the server is up). */
  platform: { events: Pick<EventBus, 'idle'>; jobs: Pick<Jobs, 'enqueue'> };
}

/**
 * The educations that got a post-test after their enrolments were seeded: each of their enrolments goes through the
 * educations' own roll-up (`enrolments.sync`: the post-test is one more required part at the end, completed once
 * passed, started once tried; a completion reached before stays), then the rows of the assignments that give those
 * educations through the publish job's (`syncRows`). Nothing here restates their rules.
 */
export async function rollUpPostTestEnrolments(tx: Db, companyId: number, rollUps: DemoRollUps) {
  const who: Initiator = { companyId, userId: null, impersonatorId: null, ip: null, requestId: null };
  const enrolments = rowsOf<{ id: number }>(
    await tx.execute(sql`select en.id from education_enrolments en join educations e on e.id = en.education_id
      where e.company_id = ${companyId} and e.post_test_exam_id is not null order by en.id`),
  );
  for (const { id } of enrolments) await rollUps.services.educations.enrolments.sync(tx, who, id, false);
  await rollUps.services.assignments.delivery.syncRows(
    tx,
    who,
    sql`au.company_id = ${companyId} and au.assignment_id in (select i.assignment_id from assignment_items i
      join educations e on e.id = i.ref_id where i.type = 'education' and e.company_id = ${companyId}
        and e.post_test_exam_id is not null)`,
    false,
  );
}
