import {
  pickLocalized,
  type Question,
  type QuestionBody,
  type QuestionCreate,
  type QuestionListQuery,
  type QuestionUpdate,
  questionsContract,
} from '@kampus/shared';
import { and, asc, desc, eq, inArray, max, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import sanitizeHtml from 'sanitize-html';
import type { Db } from '../../../db/client.js';
import {
  educationCategories,
  hashtags,
  questionHashtags,
  questions,
  questionVersions,
} from '../../../db/schema/index.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { conflict, invalidFields } from '../../../platform/http/errors.js';
import { languageOf } from '../../../platform/i18n.js';
import { activeStatusExportColumn, defineResource, presentActiveStatus } from '../../../platform/resource/resource.js';
import { imagesOf, sanitizeRichText } from '../../../platform/rich-text.js';
import { attachFile, detachFile } from '../../system/files/service.js';

const NS = questionsContract.namespace;
const TITLE_MAX = 500;

/** Another module's hold on questions: a condition true for a question it uses (an exam listing it). */
export type QuestionUsage = (questionId: PgColumn) => SQL;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** A rich text as plain text: the list's title and what search finds. */
export function plainText(html: string): string {
  const text = sanitizeHtml(html.replace(/<\/(p|h[1-6]|li|blockquote)>|<br\s*\/?>/gi, ' $&'), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return text
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, TITLE_MAX);
}

const sanitizeOptional = (html: string | null) => (html === null ? null : sanitizeRichText(html) || null);

/**
 * The body as stored: every rich text field sanitized (text, explanation, an open question's guidance). Option texts
 * are plain text (shown as text, never as markup). A text that sanitizes to nothing is refused.
 */
export function sanitizeBody(body: QuestionBody): QuestionBody {
  const text = sanitizeRichText(body.text);
  if (text === '' || (plainText(text) === '' && !/<img\b/i.test(text))) {
    throw invalidFields({ 'body.text': 'validation.required' });
  }
  const clean = { ...body, text, explanation: sanitizeOptional(body.explanation) };
  if (clean.type === 'open') clean.guidance = sanitizeOptional(clean.guidance);
  return clean;
}

/** The rich text fields of a body that may hold images, by their field path. */
function richTexts(body: QuestionBody): [string, string | null][] {
  return [
    ['body.text', body.text],
    ['body.explanation', body.explanation],
    ...(body.type === 'open' ? ([['body.guidance', body.guidance]] as [string, string | null][]) : []),
  ];
}

const imagesOfBody = (body: QuestionBody | null | undefined) =>
  body ? [...new Set(richTexts(body).flatMap(([, html]) => imagesOf(html)))] : [];

/**
 * A version's body now shows `after`'s images instead of `before`'s: the new ones are attached (so the clean-up keeps
 * them), the dropped ones let go. An image that is not a stored file of the company is refused on its field.
 */
async function swapImages(tx: Db, companyId: number, before: QuestionBody | null, after: QuestionBody | null) {
  const had = new Set(imagesOfBody(before));
  const attached = new Set<string>();
  for (const [field, html] of after ? richTexts(after) : []) {
    for (const src of imagesOf(html)) {
      if (had.has(src) || attached.has(src)) continue;
      if (!(await attachFile(tx, companyId, src))) throw invalidFields({ [field]: 'questions.errors.image_invalid' });
      attached.add(src);
    }
  }
  const keeps = new Set(imagesOfBody(after));
  for (const src of had) if (!keeps.has(src)) await detachFile(tx, companyId, src);
}

async function assertOwnCategory(tx: Db, companyId: number, id: number | null | undefined) {
  if (id === null || id === undefined) return;
  const [row] = await tx
    .select({ id: educationCategories.id })
    .from(educationCategories)
    .where(and(eq(educationCategories.companyId, companyId), eq(educationCategories.id, id)));
  if (!row) throw invalidFields({ category_id: 'questions.errors.category_invalid' });
}

async function assertOwnHashtags(tx: Db, companyId: number, ids: readonly number[] | undefined) {
  if (!ids || ids.length === 0) return;
  const found = await tx
    .select({ id: hashtags.id })
    .from(hashtags)
    .where(and(eq(hashtags.companyId, companyId), inArray(hashtags.id, [...new Set(ids)])));
  if (found.length !== new Set(ids).size) throw invalidFields({ hashtag_ids: 'questions.errors.hashtag_invalid' });
}

async function setHashtags(tx: Db, companyId: number, questionId: number, ids: readonly number[]) {
  await tx.delete(questionHashtags).where(eq(questionHashtags.questionId, questionId));
  const unique = [...new Set(ids)];
  if (unique.length > 0) {
    await tx.insert(questionHashtags).values(unique.map((hashtagId) => ({ companyId, questionId, hashtagId })));
  }
}

/** The category and every category below it (the company's tree), as a condition on a category column. */
export const inCategoryTree = (column: PgColumn, categoryId: number, companyId?: number) => sql`${column} in (
  with recursive tree(id) as (
    select id from education_categories where id = ${categoryId}${companyId === undefined ? sql`` : sql` and company_id = ${companyId}`}
    union
    select c.id from education_categories c join tree on c.parent_id = tree.id
  ) select id from tree)`;

/** A question written as a whole: its row, version 1 in force, its hashtags. Answers its id. */
export async function insertQuestion(
  tx: Db,
  actor: Pick<Actor, 'companyId' | 'userId'>,
  input: QuestionCreate,
): Promise<number> {
  const body = sanitizeBody(input.body);
  await swapImages(tx, actor.companyId, null, body);
  const [row] = await tx
    .insert(questions)
    .values({
      companyId: actor.companyId,
      type: body.type,
      title: plainText(body.text),
      difficulty: input.difficulty,
      language: input.language,
      categoryId: input.category_id,
      points: input.points,
      status: input.status,
      createdBy: actor.userId,
    })
    .returning({ id: questions.id });
  if (!row) throw new Error('question insert returned nothing');
  const [version] = await tx
    .insert(questionVersions)
    .values({
      companyId: actor.companyId,
      questionId: row.id,
      version: 1,
      body,
      points: input.points,
      createdBy: actor.userId,
    })
    .returning({ id: questionVersions.id });
  if (!version) throw new Error('question version insert returned nothing');
  await tx.update(questions).set({ currentVersionId: version.id }).where(eq(questions.id, row.id));
  await setHashtags(tx, actor.companyId, row.id, input.hashtag_ids);
  return row.id;
}

/**
 * `api/admin/questions`: the bank (read `show_exam`, write `create_exam`). A changed body or points write a new
 * version when the version in force is held by an attempt (`used_at`), else change it in place; a question in use
 * (a used version, or an exam's hold through `usages`) cannot be deleted (409), only made passive.
 */
export function createQuestionResource(platform: Platform, usages: () => QuestionUsage[]) {
  const db = platform.database.db;

  const inUse = (questionId: PgColumn): SQL => {
    const used = sql`exists (select 1 from question_versions v where v.question_id = ${questionId} and v.used_at is not null)`;
    return sql.join([used, ...usages().map((usedBy) => usedBy(questionId))], sql` or `);
  };

  async function present(tx: Db, companyId: number, ids: number[]): Promise<Question[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({
        question: questions,
        category: { id: educationCategories.id, names: educationCategories.names },
        body: questionVersions.body,
        version: questionVersions.version,
        usedAt: questionVersions.usedAt,
        inUse: sql<boolean>`(${inUse(questions.id)})`,
      })
      .from(questions)
      .leftJoin(educationCategories, eq(educationCategories.id, questions.categoryId))
      .leftJoin(questionVersions, eq(questionVersions.id, questions.currentVersionId))
      .where(and(eq(questions.companyId, companyId), inArray(questions.id, ids)));
    const tags = await tx
      .select({ questionId: questionHashtags.questionId, id: hashtags.id, name: hashtags.name })
      .from(questionHashtags)
      .innerJoin(hashtags, eq(hashtags.id, questionHashtags.hashtagId))
      .where(inArray(questionHashtags.questionId, ids))
      .orderBy(asc(hashtags.name));
    return rows.flatMap(({ question: q, category, body, version, usedAt, inUse: used }) =>
      body === null || version === null
        ? []
        : [
            {
              id: q.id,
              type: q.type,
              title: q.title,
              difficulty: q.difficulty,
              language: q.language as Question['language'],
              points: q.points,
              category: category?.id ? { id: category.id, names: category.names } : null,
              hashtags: tags.filter((t) => t.questionId === q.id).map((t) => ({ id: t.id, name: t.name })),
              status: presentActiveStatus(q.status),
              body,
              version,
              version_used: usedAt !== null,
              in_use: Boolean(used),
              created_at: q.createdAt.toISOString(),
              updated_at: q.updatedAt.toISOString(),
            },
          ],
    );
  }

  /** Writes a changed body or points: a new version over a used one, else the version in force changed in place. */
  async function writeVersion(tx: Db, actor: Actor, before: Question, body: QuestionBody, points: number) {
    const [current] = await tx
      .select({ id: questionVersions.id, usedAt: questionVersions.usedAt, body: questionVersions.body })
      .from(questions)
      .innerJoin(questionVersions, eq(questionVersions.id, questions.currentVersionId))
      .where(eq(questions.id, before.id));
    // Each version holds its own images: one changed in place swaps them, a new one attaches its own.
    const inPlace = current !== undefined && current.usedAt === null;
    await swapImages(tx, actor.companyId, inPlace ? current.body : null, body);
    if (current && inPlace) {
      await tx.update(questionVersions).set({ body, points }).where(eq(questionVersions.id, current.id));
      return;
    }
    const [last] = await tx
      .select({ version: max(questionVersions.version) })
      .from(questionVersions)
      .where(eq(questionVersions.questionId, before.id));
    const [inserted] = await tx
      .insert(questionVersions)
      .values({
        companyId: actor.companyId,
        questionId: before.id,
        version: (last?.version ?? 0) + 1,
        body,
        points,
        createdBy: actor.userId,
      })
      .returning({ id: questionVersions.id });
    if (!inserted) throw new Error('question version insert returned nothing');
    await tx.update(questions).set({ currentVersionId: inserted.id }).where(eq(questions.id, before.id));
  }

  const resource = defineResource<Question, QuestionCreate, QuestionUpdate, QuestionListQuery>(db, {
    contract: questionsContract,
    activeStatus: true,
    entity: 'question',
    table: questions,
    sortable: {
      title: questions.title,
      type: questions.type,
      difficulty: sql`case ${questions.difficulty} when 'easy' then 1 when 'medium' then 2 else 3 end`,
      points: questions.points,
      status: questions.status,
      created_at: questions.createdAt,
      updated_at: questions.updatedAt,
    },
    defaultOrder: [desc(questions.createdAt), desc(questions.id)],
    search: [questions.title],
    filters: {
      type: (v: string) => eq(questions.type, v as Question['type']),
      difficulty: (v: string) => eq(questions.difficulty, v as Question['difficulty']),
      language: (v: string) => eq(questions.language, v),
      // The category and the categories below it (row-level security holds the tree to the company).
      category_id: (v: number) => inCategoryTree(questions.categoryId, v),
      hashtag_id: (v: number) =>
        sql`exists (select 1 from question_hashtags qh where qh.question_id = ${questions.id} and qh.hashtag_id = ${v})`,
    },
    present,

    async create(tx, actor, input) {
      await assertOwnCategory(tx, actor.companyId, input.category_id);
      await assertOwnHashtags(tx, actor.companyId, input.hashtag_ids);
      return insertQuestion(tx, actor, input);
    },

    async update(tx, actor, before, input) {
      await assertOwnCategory(tx, actor.companyId, input.category_id);
      await assertOwnHashtags(tx, actor.companyId, input.hashtag_ids);
      const body = input.body === undefined ? undefined : sanitizeBody(input.body);
      const points = input.points ?? before.points;
      if (body !== undefined || points !== before.points) {
        await writeVersion(tx, actor, before, body ?? before.body, points);
      }
      await tx
        .update(questions)
        .set({
          ...(body ? { type: body.type, title: plainText(body.text) } : {}),
          ...(input.difficulty !== undefined ? { difficulty: input.difficulty } : {}),
          ...(input.language !== undefined ? { language: input.language } : {}),
          ...(input.category_id !== undefined ? { categoryId: input.category_id } : {}),
          ...(input.status !== undefined ? { status: input.status } : {}),
          points,
          updatedAt: new Date(),
        })
        .where(and(eq(questions.companyId, actor.companyId), eq(questions.id, before.id)));
      if (input.hashtag_ids !== undefined) await setHashtags(tx, actor.companyId, before.id, input.hashtag_ids);
    },

    async beforeDelete(tx, actor, items) {
      // An answer stored against it, or an exam holding it: make it passive instead.
      if (items.some((item) => item.in_use)) throw conflict('questions.errors.in_use');
      const versions = await tx
        .select({ body: questionVersions.body })
        .from(questionVersions)
        .where(
          inArray(
            questionVersions.questionId,
            items.map((item) => item.id),
          ),
        );
      for (const { body } of versions) await swapImages(tx, actor.companyId, body, null);
    },

    export: {
      fileName: `${NS}.export_file`,
      columns: [
        { header: `${NS}.columns.id`, value: (q) => q.id },
        { header: `${NS}.fields.text`, value: (q) => q.title },
        { header: `${NS}.fields.type`, value: (q, t) => t(`${NS}.types.${q.type}`) },
        { header: `${NS}.fields.difficulty`, value: (q, t) => t(`${NS}.difficulties.${q.difficulty}`) },
        { header: `${NS}.fields.points`, value: (q) => q.points },
        { header: `${NS}.fields.language`, value: (q) => q.language },
        {
          header: `${NS}.fields.category`,
          value: (q, t) => (q.category ? pickLocalized(q.category.names, languageOf(t), 'tr') : ''),
        },
        { header: `${NS}.fields.hashtags`, value: (q) => q.hashtags.map((h) => `#${h.name}`).join(' ') },
        { header: `${NS}.columns.version`, value: (q) => q.version },
        activeStatusExportColumn(NS),
        { header: `${NS}.columns.created_at`, value: (q) => q.created_at },
      ],
    },
  });

  return { resource };
}

export type QuestionResource = ReturnType<typeof createQuestionResource>['resource'];
