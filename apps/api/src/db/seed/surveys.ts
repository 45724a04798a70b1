import type { Locale, LocalizedText, SurveyAnswers } from '@kampus/shared';
import { LIKERT_DEFAULT_LABELS } from '@kampus/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  assignmentItems,
  assignments,
  assignmentTargets,
  assignmentUsers,
  surveyParticipations,
  surveyQuestions,
  surveyResponses,
  surveys,
} from '../schema/index.js';

const DAY = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

type Lang = 'tr' | 'en';
type Text2 = Record<Lang, string>;

interface QuestionSeed {
  type: 'likert' | 'single_choice' | 'multiple_choice' | 'rating' | 'free_text';
  text: Text2;
  required?: boolean;
  scale?: 'stars' | 'nps';
  options?: { key: string; text: Text2 }[];
  /** Answer weights: for a scale, per point from the lowest; for choices, per option. */
  weights?: number[];
  answers?: Text2[];
}

const SATISFACTION: { title: Text2; description: Text2; questions: QuestionSeed[] } = {
  title: { tr: 'Çalışan Memnuniyeti Anketi 2026', en: 'Employee Satisfaction Survey 2026' },
  description: {
    tr: '<p>Görüşleriniz bizim için değerli. Anket anonimdir; yanıtlarınız adınız olmadan saklanır.</p>',
    en: '<p>Your views matter to us. The survey is anonymous; your answers are stored without your name.</p>',
  },
  questions: [
    {
      type: 'likert',
      text: { tr: 'Şirketimizde çalışmaktan memnunum.', en: 'I am happy working at our company.' },
      weights: [1, 2, 4, 9, 6],
    },
    {
      type: 'likert',
      text: { tr: 'Gelişimim için yeterli eğitim fırsatı sunuluyor.', en: 'I get enough training to grow.' },
      weights: [2, 3, 5, 7, 4],
    },
    {
      type: 'single_choice',
      text: { tr: 'En çok hangi öğrenme biçimini tercih edersiniz?', en: 'Which way of learning do you prefer most?' },
      options: [
        { key: 'video', text: { tr: 'Kısa videolar', en: 'Short videos' } },
        { key: 'class', text: { tr: 'Sınıf eğitimleri', en: 'Classroom sessions' } },
        { key: 'reading', text: { tr: 'Okuma materyalleri', en: 'Reading material' } },
        { key: 'mentor', text: { tr: 'Mentorluk', en: 'Mentoring' } },
      ],
      weights: [6, 3, 1, 4],
    },
    {
      type: 'multiple_choice',
      required: false,
      text: {
        tr: 'Önümüzdeki yıl hangi konularda eğitim almak istersiniz?',
        en: 'Which topics would you like training in next year?',
      },
      options: [
        { key: 'data', text: { tr: 'Veri analizi', en: 'Data analysis' } },
        { key: 'lead', text: { tr: 'Liderlik', en: 'Leadership' } },
        { key: 'comm', text: { tr: 'İletişim', en: 'Communication' } },
        { key: 'ai', text: { tr: 'Yapay zekâ araçları', en: 'AI tools' } },
        { key: 'time', text: { tr: 'Zaman yönetimi', en: 'Time management' } },
      ],
      weights: [5, 4, 3, 7, 3],
    },
    {
      type: 'rating',
      scale: 'nps',
      text: {
        tr: 'Şirketimizi bir arkadaşınıza çalışılacak yer olarak ne kadar tavsiye edersiniz?',
        en: 'How likely are you to recommend our company to a friend as a place to work?',
      },
      weights: [0, 0, 1, 1, 1, 2, 2, 4, 6, 5, 4],
    },
    {
      type: 'rating',
      scale: 'stars',
      text: { tr: 'Öğrenme platformumuzu nasıl puanlarsınız?', en: 'How would you rate our learning platform?' },
      weights: [0, 1, 3, 8, 6],
    },
    {
      type: 'free_text',
      required: false,
      text: { tr: 'Neyi daha iyi yapabiliriz?', en: 'What could we do better?' },
      answers: [
        {
          tr: 'Eğitimlerin mobilde de rahat izlenebilmesi çok iyi olur.',
          en: 'Watching trainings comfortably on mobile would be great.',
        },
        { tr: 'Ekipler arası bilgi paylaşımı artırılabilir.', en: 'Knowledge sharing between teams could improve.' },
        { tr: 'Daha fazla uygulamalı atölye isterim.', en: 'I would like more hands-on workshops.' },
        { tr: 'Esnek çalışma saatleri devam etmeli.', en: 'Flexible hours should continue.' },
        { tr: 'Geri bildirim süreçleri daha düzenli olabilir.', en: 'Feedback could be given more regularly.' },
      ],
    },
  ],
};

const EVALUATION: { title: Text2; description: Text2; questions: QuestionSeed[] } = {
  title: { tr: 'Eğitim Sonu Değerlendirme Anketi', en: 'End-of-Training Evaluation' },
  description: {
    tr: '<p>Tamamladığınız eğitimi birkaç soruda değerlendirin; geri bildiriminiz eğitimleri geliştirmemize yardımcı olur.</p>',
    en: '<p>Rate the training you completed in a few questions; your feedback helps us improve our trainings.</p>',
  },
  questions: [
    {
      type: 'likert',
      text: { tr: 'Eğitimin içeriği beklentilerimi karşıladı.', en: 'The content met my expectations.' },
      weights: [0, 1, 2, 6, 5],
    },
    {
      type: 'likert',
      text: { tr: 'Öğrendiklerimi işimde kullanabileceğim.', en: 'I can use what I learned in my work.' },
      weights: [0, 1, 3, 5, 5],
    },
    {
      type: 'rating',
      scale: 'stars',
      text: { tr: 'Eğitimi genel olarak nasıl puanlarsınız?', en: 'How would you rate the training overall?' },
      weights: [0, 0, 2, 6, 5],
    },
    {
      type: 'single_choice',
      text: { tr: 'Eğitimin süresi nasıldı?', en: 'How was the length of the training?' },
      options: [
        { key: 'short', text: { tr: 'Kısa', en: 'Too short' } },
        { key: 'right', text: { tr: 'Uygun', en: 'About right' } },
        { key: 'long', text: { tr: 'Uzun', en: 'Too long' } },
      ],
      weights: [2, 8, 2],
    },
    {
      type: 'free_text',
      required: false,
      text: { tr: 'Eğitimle ilgili eklemek istedikleriniz', en: 'Anything else about the training?' },
      answers: [
        { tr: 'Koçluk örnekleri çok faydalıydı.', en: 'The coaching examples were very useful.' },
        { tr: 'Rol oyunlarına daha fazla zaman ayrılabilir.', en: 'More time for role plays would help.' },
        { tr: 'Ekibimle hemen uygulamaya başladım.', en: 'I started using it with my team right away.' },
      ],
    },
  ],
};

function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const weighted = (random: () => number, weights: number[]) => {
  const total = weights.reduce((a, b) => a + b, 0);
  let roll = random() * total;
  for (const [index, weight] of weights.entries()) {
    roll -= weight;
    if (roll < 0) return index;
  }
  return weights.length - 1;
};

const both = (text: Text2, languages: Lang[]): LocalizedText =>
  Object.fromEntries(languages.map((lang) => [lang, text[lang]]));

async function insertSurvey(
  tx: Db,
  companyId: number,
  kind: 'survey' | 'evaluation',
  anonymous: boolean,
  seed: { title: Text2; description: Text2; questions: QuestionSeed[] },
  languages: Lang[],
) {
  const main = languages[0] as Lang;
  const [survey] = await tx
    .insert(surveys)
    .values({
      companyId,
      kind,
      title: seed.title[main],
      description: seed.description[main],
      languages,
      anonymous,
      createdAt: new Date(Date.now() - 30 * DAY),
    })
    .returning({ id: surveys.id });
  if (!survey) throw new Error('survey seed insert returned nothing');
  const questions = await tx
    .insert(surveyQuestions)
    .values(
      seed.questions.map((q, index) => ({
        companyId,
        surveyId: survey.id,
        position: index + 1,
        type: q.type,
        text: both(q.text, languages),
        required: q.required ?? true,
        points: q.type === 'likert' ? 5 : null,
        labels:
          q.type === 'likert'
            ? Object.fromEntries(languages.map((lang) => [lang, [...LIKERT_DEFAULT_LABELS[lang as Locale][5]]]))
            : {},
        options: (q.options ?? []).map((o) => ({ key: o.key, text: both(o.text, languages) })),
        scale: q.scale ?? null,
      })),
    )
    .returning({ id: surveyQuestions.id });
  return { id: survey.id, questionIds: questions.map((q) => q.id) };
}

/** One person's answers, drawn from the weights (free text for about a third of them). */
function answersOf(seed: QuestionSeed[], questionIds: number[], random: () => number, main: Lang): SurveyAnswers {
  const answers: SurveyAnswers = {};
  for (const [index, q] of seed.entries()) {
    const id = String(questionIds[index]);
    const weights = q.weights ?? [];
    if (q.type === 'likert') answers[id] = weighted(random, weights) + 1;
    else if (q.type === 'rating') answers[id] = weighted(random, weights) + (q.scale === 'nps' ? 0 : 1);
    else if (q.type === 'single_choice') answers[id] = q.options?.[weighted(random, weights)]?.key ?? '';
    else if (q.type === 'multiple_choice') {
      const picked = (q.options ?? []).filter((_, i) => random() < (weights[i] ?? 1) / 10).map((o) => o.key);
      if (picked.length > 0) answers[id] = picked;
    } else if (random() < 0.35 && q.answers?.length) {
      answers[id] = (q.answers[Math.floor(random() * q.answers.length)] as Text2)[main];
    }
  }
  return answers;
}

async function rows<T>(tx: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Surveys of one demo company (issue 15), in the company's language and the other of Turkish and English: the
 * anonymous satisfaction survey, given to everyone through a published assignment and answered by about two thirds
 * of the learners (not the demo learner, so the survey waits for them); and the evaluation survey attached to the
 * leadership education, answered by the people who completed it. Runs after the educations and assignments seeds.
 */
export async function seedSurveys(tx: Db, companyId: number, language: Lang, learnerEmail: string) {
  const languages: Lang[] = language === 'tr' ? ['tr', 'en'] : ['en', 'tr'];
  const random = seededRandom(companyId * 7919 + 15);
  const now = Date.now();
  const [admin] = await rows<{ id: number }>(
    tx,
    sql`select u.id from users u join role_user ru on ru.user_id = u.id
      where u.company_id = ${companyId} and ru.role_id = 2 order by u.id limit 1`,
  );

  // The satisfaction survey, to everyone, through an assignment.
  const satisfaction = await insertSurvey(tx, companyId, 'survey', true, SATISFACTION, languages);
  const people = await rows<{ id: number; email: string | null; department: string | null }>(
    tx,
    sql`select id, email, department from users where company_id = ${companyId} and status = 1 order by id`,
  );
  const publishedAt = new Date(now - 20 * DAY);
  const [assignment] = await tx
    .insert(assignments)
    .values({
      companyId,
      name: SATISFACTION.title[language],
      description: SATISFACTION.description[language],
      startDate: dayOf(publishedAt),
      endDate: dayOf(new Date(now + 25 * DAY)),
      mandatory: false,
      reminderDays: [7],
      targetKind: 'company',
      publishedAt,
      createdBy: admin?.id ?? null,
      createdAt: publishedAt,
    })
    .returning({ id: assignments.id });
  if (!assignment) throw new Error('survey assignment insert returned nothing');
  await tx.insert(assignmentItems).values({
    companyId,
    assignmentId: assignment.id,
    type: 'survey',
    refId: satisfaction.id,
    position: 0,
  });
  await tx
    .insert(assignmentTargets)
    .values({ companyId, assignmentId: assignment.id, kind: 'company', refId: companyId });
  const answered = people.filter((p) => p.email !== learnerEmail && random() < 0.68);
  const dateOf = () => new Date(now - Math.floor(random() * 18 + 1) * DAY);
  const submitted = new Map(answered.map((p) => [p.id, dateOf()]));
  await tx.insert(assignmentUsers).values(
    people.map((p) => {
      const at = submitted.get(p.id);
      return {
        companyId,
        assignmentId: assignment.id,
        userId: p.id,
        status: at ? 'completed' : 'not_started',
        progress: at ? 100 : 0,
        startedAt: at ?? null,
        completedAt: at ?? null,
        lastActivityAt: at ?? null,
        notifiedAt: publishedAt,
        createdAt: publishedAt,
      };
    }),
  );
  if (answered.length > 0) {
    await tx.insert(surveyParticipations).values(
      answered.map((p) => ({
        companyId,
        surveyId: satisfaction.id,
        userId: p.id,
        status: 'submitted' as const,
        savedAt: submitted.get(p.id),
        submittedAt: submitted.get(p.id),
      })),
    );
    // Anonymous: no person, the day only, in an order that is not the people's.
    const shuffled = [...answered].sort(() => random() - 0.5);
    await tx.insert(surveyResponses).values(
      shuffled.map((p) => {
        const day = new Date(submitted.get(p.id) as Date);
        day.setUTCHours(0, 0, 0, 0);
        return {
          companyId,
          surveyId: satisfaction.id,
          userId: null,
          department: p.department?.trim() || null,
          answers: answersOf(SATISFACTION.questions, satisfaction.questionIds, random, language),
          submittedAt: day,
        };
      }),
    );
  }

  // The evaluation survey of the leadership education, answered by those who completed it.
  const evaluation = await insertSurvey(tx, companyId, 'evaluation', false, EVALUATION, languages);
  const [leadership] = await rows<{ id: number }>(
    tx,
    sql`select id from educations where company_id = ${companyId}
      and (title ilike '%liderlik%' or title ilike '%leadership%') order by id limit 1`,
  );
  if (!leadership) return { satisfaction: satisfaction.id, evaluation: evaluation.id, educationId: null };
  await tx.execute(
    sql`update educations set evaluation_survey_id = ${evaluation.id}, evaluation_required_for_certificate = true
      where id = ${leadership.id}`,
  );
  const completers = await rows<{ user_id: number; completed_at: string; department: string | null }>(
    tx,
    sql`select ee.user_id, ee.completed_at, u.department from education_enrolments ee
      join users u on u.id = ee.user_id
      where ee.education_id = ${leadership.id} and ee.status = 'completed' order by ee.user_id`,
  );
  const evaluators = completers.filter(() => random() < 0.85);
  if (evaluators.length > 0) {
    const at = (c: { completed_at: string }) => new Date(new Date(c.completed_at).getTime() + 2 * 3_600_000);
    await tx.insert(surveyParticipations).values(
      evaluators.map((c) => ({
        companyId,
        surveyId: evaluation.id,
        userId: c.user_id,
        educationId: leadership.id,
        status: 'submitted' as const,
        savedAt: at(c),
        submittedAt: at(c),
      })),
    );
    await tx.insert(surveyResponses).values(
      evaluators.map((c) => ({
        companyId,
        surveyId: evaluation.id,
        educationId: leadership.id,
        userId: c.user_id,
        department: c.department?.trim() || null,
        answers: answersOf(EVALUATION.questions, evaluation.questionIds, random, language),
        submittedAt: at(c),
      })),
    );
  }
  return { satisfaction: satisfaction.id, evaluation: evaluation.id, educationId: leadership.id };
}
