import type { DrawRule } from '@kampus/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  educationCategories,
  educations,
  examQuestions,
  exams,
  hashtags,
  questionHashtags,
  questions,
  users,
} from '../schema/index.js';
import { CATEGORIES, EDUCATIONS, HASHTAGS } from './educations-data.js';

type Language = 'tr' | 'en';

const TEXTS = {
  tr: {
    post: {
      title: 'Bilgi Güvenliği Farkındalığı — Son Test',
      description:
        '<p>Eğitimi tamamlamak için bu testi geçmeniz gerekir. Her denemede sorular bilgi güvenliği soru bankasından yeniden seçilir.</p><ul><li>Süre: 15 dakika</li><li>Geçme notu: %70</li></ul>',
    },
    demo: {
      title: 'Parola ve Oltalama — Deneme Sınavı',
      description:
        '<p>Kendinizi sınayın: dilediğiniz kadar deneyebilirsiniz, her denemeden sonra doğru cevapları ve açıklamaları görürsünüz. Sonucu hiçbir yerde sayılmaz.</p>',
    },
    pre: {
      title: 'KVKK — Ön Test',
      description: '<p>Eğitime başlamadan önce ne bildiğinizi görelim. Sonucunuz eğitimi etkilemez.</p>',
    },
    postPrivacy: {
      title: 'KVKK — Son Test',
      description: '<p>Eğitimin sonunda öğrendiklerinizi ölçer. Eğitimi tamamlamak için %60 almanız gerekir.</p>',
    },
  },
  en: {
    post: {
      title: 'Information Security Awareness — Post-test',
      description:
        '<p>Pass this test to complete the training. Each attempt draws its questions afresh from the information security bank.</p><ul><li>Time: 15 minutes</li><li>Pass mark: 70%</li></ul>',
    },
    demo: {
      title: 'Passwords and Phishing — Practice Exam',
      description:
        '<p>Test yourself: try as often as you like and see the right answers with their explanations after each attempt. The result counts nowhere.</p>',
    },
    pre: {
      title: 'Data Protection — Pre-test',
      description: '<p>Let us see what you know before you start. Your result does not affect the training.</p>',
    },
    postPrivacy: {
      title: 'Data Protection — Post-test',
      description: '<p>Measures what you learned at the end of the training. Score 60% to complete it.</p>',
    },
  },
} as const;

interface CompanySeed {
  companyId: number;
  slug: 'demo' | 'acme';
  language: Language;
  adminEmail: string;
}

/** The company's active questions of a category (and a hashtag), in its language, oldest first. */
async function bankQuestions(tx: Db, seed: CompanySeed, categoryId: number | null, hashtagId: number | null) {
  const rows = await tx
    .select({ id: questions.id, type: questions.type })
    .from(questions)
    .where(
      and(
        eq(questions.companyId, seed.companyId),
        eq(questions.language, seed.language),
        eq(questions.status, 1),
        ...(categoryId === null ? [] : [eq(questions.categoryId, categoryId)]),
        ...(hashtagId === null
          ? []
          : [
              inArray(
                questions.id,
                tx
                  .select({ id: questionHashtags.questionId })
                  .from(questionHashtags)
                  .where(eq(questionHashtags.hashtagId, hashtagId)),
              ),
            ]),
      ),
    )
    .orderBy(asc(questions.id));
  return rows;
}

async function educationByKey(tx: Db, seed: CompanySeed, key: string) {
  const data = EDUCATIONS.find((e) => e.key === key);
  if (!data) return null;
  const [row] = await tx
    .select({ id: educations.id })
    .from(educations)
    .where(and(eq(educations.companyId, seed.companyId), eq(educations.title, data[seed.language].title)));
  return row?.id ?? null;
}

async function insertExam(
  tx: Db,
  seed: CompanySeed,
  createdBy: number | null,
  values: Partial<typeof exams.$inferInsert> & { title: string },
  questionIds: number[] = [],
) {
  const [exam] = await tx
    .insert(exams)
    .values({ companyId: seed.companyId, language: seed.language, createdBy, ...values })
    .returning({ id: exams.id });
  if (!exam) throw new Error('seed exam not created');
  if (questionIds.length > 0) {
    await tx.insert(examQuestions).values(
      questionIds.map((questionId, index) => ({
        companyId: seed.companyId,
        examId: exam.id,
        questionId,
        position: index + 1,
      })),
    );
  }
  return exam.id;
}

/**
 * The demo exams (issue 15), built on the question bank seeded before them: per company, the information security
 * training's post-test (a random draw from the security questions of the company's language, 15 minutes), a practice
 * exam on passwords and phishing (a fixed list), and a pre-test / post-test pair on the data protection training. The
 * attempts are seeded apart (`exam-attempts.ts`).
 */
export async function seedExams(tx: Db, seeds: CompanySeed[]): Promise<void> {
  for (const seed of seeds) {
    const texts = TEXTS[seed.language];
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, seed.companyId), eq(users.email, seed.adminEmail)));
    const createdBy = admin?.id ?? null;
    const categories = await tx
      .select({ id: educationCategories.id, names: educationCategories.names })
      .from(educationCategories)
      .where(eq(educationCategories.companyId, seed.companyId));
    const categoryId = (key: string) => {
      const en = CATEGORIES.find((c) => c.key === key)?.names.en;
      return categories.find((c) => c.names.en === en)?.id ?? null;
    };
    const tags = await tx
      .select({ id: hashtags.id, name: hashtags.name })
      .from(hashtags)
      .where(eq(hashtags.companyId, seed.companyId));
    const tagId = (key: keyof (typeof HASHTAGS)['demo']) =>
      tags.find((tag) => tag.name === HASHTAGS[seed.slug][key])?.id ?? null;

    const security = categoryId('security');
    const securityTag = tagId('security');
    const privacyTag = tagId('privacy');
    const securityQuestions = await bankQuestions(tx, seed, security, securityTag);
    const privacyQuestions = await bankQuestions(tx, seed, security, privacyTag);
    if (securityQuestions.length === 0) continue;

    // The post-test draws from the security questions (the category and its hashtag) in the exam's language, as many
    // as the bank offers, up to eight.
    const rules: DrawRule[] = [
      {
        category_id: security,
        hashtag_ids: securityTag === null ? [] : [securityTag],
        difficulty: null,
        count: Math.min(8, securityQuestions.length),
      },
    ];
    const postTest = await insertExam(tx, seed, createdBy, {
      kind: 'exam',
      title: texts.post.title,
      description: texts.post.description,
      categoryId: security,
      selection: 'random',
      drawRules: rules,
      shuffleOptions: true,
      timeLimitMinutes: 15,
      passMark: 70,
      attemptsAllowed: 3,
      waitMinutes: 60,
      reveal: 'after_pass',
      layout: 'one_per_page',
      blockCopyPaste: true,
    });

    const practice = securityQuestions.filter((q) => q.type !== 'open').slice(0, 6);
    await insertExam(
      tx,
      seed,
      createdBy,
      {
        kind: 'demo',
        title: texts.demo.title,
        description: texts.demo.description,
        categoryId: security,
        selection: 'fixed',
        shuffleQuestions: true,
        shuffleOptions: true,
        passMark: 60,
        attemptsAllowed: null,
        waitMinutes: 0,
        reveal: 'after_attempt',
        layout: 'all_on_one',
      },
      practice.map((q) => q.id),
    );

    const privacyList = (privacyQuestions.length > 0 ? privacyQuestions : securityQuestions).slice(0, 5);
    const common = {
      kind: 'exam' as const,
      categoryId: security,
      selection: 'fixed' as const,
      shuffleQuestions: true,
      timeLimitMinutes: 10,
      waitMinutes: 0,
      layout: 'all_on_one' as const,
    };
    const preTest = await insertExam(
      tx,
      seed,
      createdBy,
      {
        ...common,
        title: texts.pre.title,
        description: texts.pre.description,
        passMark: 0,
        attemptsAllowed: 1,
        reveal: 'never',
      },
      privacyList.map((q) => q.id),
    );
    const privacyPost = await insertExam(
      tx,
      seed,
      createdBy,
      {
        ...common,
        title: texts.postPrivacy.title,
        description: texts.postPrivacy.description,
        passMark: 60,
        attemptsAllowed: 2,
        reveal: 'after_attempt',
      },
      privacyList.map((q) => q.id),
    );

    const securityEducation = await educationByKey(tx, seed, 'security-awareness');
    if (securityEducation !== null) {
      await tx.update(educations).set({ postTestExamId: postTest }).where(eq(educations.id, securityEducation));
    }
    const privacyEducation = await educationByKey(tx, seed, 'privacy');
    if (privacyEducation !== null) {
      await tx
        .update(educations)
        .set({ preTestExamId: preTest, postTestExamId: privacyPost })
        .where(eq(educations.id, privacyEducation));
    }
  }
}
