import type { QuestionBody } from '@kampus/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { educationCategories, hashtags, questionHashtags, questions, questionVersions } from '../schema/index.js';
import { CATEGORIES, HASHTAGS } from './educations-data.js';
import { SEED_QUESTIONS, type SeedQuestion, type SeedQuestionText, TOPICS } from './questions-data.js';

const paragraph = (text: string) =>
  `<p>${text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] ?? c)}</p>`;

/** The body a compact spec describes (see questions-data.ts); keys are per question and say nothing of the order. */
export function seedBody(question: SeedQuestion, text: SeedQuestionText, n: number): QuestionBody {
  const base = { text: paragraph(text.text), explanation: text.explanation ? paragraph(text.explanation) : null };
  const parts = text.spec.split('|').map((part) => part.trim());
  const key = (i: number, side = 'o') => `${side}${((n * 7919 + i * 104_729) % 1_000_003).toString(36)}`;
  switch (question.type) {
    case 'single':
    case 'multiple': {
      const options = parts.map((part, i) => ({ key: key(i), text: part.replace(/^\*/, '') }));
      const correct = options.filter((_, i) => parts[i]?.startsWith('*')).map((o) => o.key);
      return question.type === 'single'
        ? { ...base, type: 'single', options, correct: correct[0] as string }
        : { ...base, type: 'multiple', options, correct };
    }
    case 'true_false':
      return { ...base, type: 'true_false', correct: text.spec === 'true' };
    case 'short_text':
      return { ...base, type: 'short_text', accepted: parts };
    case 'ordering':
      return { ...base, type: 'ordering', items: parts.map((part, i) => ({ key: key(i), text: part })) };
    case 'matching':
      return {
        ...base,
        type: 'matching',
        pairs: parts.map((part, i) => {
          const [left = '', right = ''] = part.split('=').map((side) => side.trim());
          return { key: key(i, 'l'), left, right_key: key(i, 'r'), right };
        }),
      };
    case 'numeric': {
      const [value = '0', tolerance = '0'] = text.spec.split('~');
      return { ...base, type: 'numeric', value: Number(value), tolerance: Number(tolerance) };
    }
    case 'open':
      return { ...base, type: 'open', guidance: paragraph(text.spec) };
  }
}

/**
 * The demo question banks (issue 15): every seed question in both languages for each company — Demo Holding's
 * Turkish questions newest (listed first), Acme's English ones — in the education categories of their topics,
 * tagged with the topic's hashtag. 60 questions × 2 languages = 120 per company.
 */
export async function seedQuestions(tx: Db, companies: { demo: number; acme: number }): Promise<void> {
  for (const [slug, companyId, first] of [
    ['demo', companies.demo, 'en'],
    ['acme', companies.acme, 'tr'],
  ] as const) {
    const categoryRows = await tx
      .select({ id: educationCategories.id, names: educationCategories.names })
      .from(educationCategories)
      .where(eq(educationCategories.companyId, companyId));
    const categoryOf = new Map(
      CATEGORIES.map((c) => [c.key, categoryRows.find((row) => row.names.en === c.names.en)?.id ?? null]),
    );
    const tagRows = await tx
      .select({ id: hashtags.id, name: hashtags.name })
      .from(hashtags)
      .where(eq(hashtags.companyId, companyId));
    const tagOf = (key: string) =>
      tagRows.find((row) => row.name === (HASHTAGS[slug] as Record<string, string>)[key])?.id ?? null;
    // The older language first, so the company's own language is the newest and listed first.
    const languages = first === 'en' ? (['en', 'tr'] as const) : (['tr', 'en'] as const);
    let n = 0;
    for (const language of languages) {
      for (const question of SEED_QUESTIONS) {
        n++;
        const text = question[language];
        const body = seedBody(question, text, n + companyId * 1000);
        const topic = TOPICS[question.topic];
        const [row] = await tx
          .insert(questions)
          .values({
            companyId,
            type: question.type,
            title: text.text,
            difficulty: question.difficulty,
            language,
            categoryId: categoryOf.get(topic.category) ?? null,
            points: question.points,
            createdAt: new Date(Date.now() - (SEED_QUESTIONS.length * 2 - n) * 3_600_000),
          })
          .returning({ id: questions.id });
        if (!row) throw new Error('seed question not created');
        const [version] = await tx
          .insert(questionVersions)
          .values({ companyId, questionId: row.id, version: 1, body, points: question.points })
          .returning({ id: questionVersions.id });
        await tx
          .update(questions)
          .set({ currentVersionId: version?.id ?? null })
          .where(eq(questions.id, row.id));
        const tag = tagOf(topic.hashtag);
        if (tag !== null) await tx.insert(questionHashtags).values({ companyId, questionId: row.id, hashtagId: tag });
      }
    }
  }
}
