import {
  CATEGORY_DEPTH_MAX,
  type Education,
  type EducationCategory,
  type EducationCategoryCreate,
  type EducationCategoryListQuery,
  type EducationCategoryUpdate,
  type EducationCreate,
  type EducationListQuery,
  type EducationUpdate,
  type EducationVisibility,
  educationCategoriesContract,
  educationsContract,
  type PartInput,
  type PartType,
  pickLocalized,
} from '@kampus/shared';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import {
  contents,
  contentVersions,
  educationCategories,
  educationEnrolments,
  educationHashtags,
  educationParts,
  educations,
  hashtags,
} from '../../../db/schema/index.js';
import type { Initiator } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { invalidFields } from '../../../platform/http/errors.js';
import { languageOf } from '../../../platform/i18n.js';
import {
  activeStatusExportColumn,
  columnValues,
  defineResource,
  presentActiveStatus,
} from '../../../platform/resource/resource.js';
import { sanitizeRichText } from '../../../platform/rich-text.js';
import { attachFile, detachFile, replaceFile } from '../../system/files/service.js';

const NS = educationsContract.namespace;
const CATEGORY_NS = educationCategoriesContract.namespace;

// --- Categories ---

/** The depth of a category (a root is 1) and whether `candidateParent` lies under `id` (a cycle). */
async function ancestorsOf(tx: Db, companyId: number, parentId: number): Promise<number[]> {
  const chain: number[] = [];
  let next: number | null = parentId;
  while (next !== null && chain.length <= CATEGORY_DEPTH_MAX) {
    const [row]: { parentId: number | null }[] = await tx
      .select({ parentId: educationCategories.parentId })
      .from(educationCategories)
      .where(and(eq(educationCategories.companyId, companyId), eq(educationCategories.id, next)));
    if (!row) throw invalidFields({ parent_id: 'education.category_invalid' });
    chain.push(next);
    next = row.parentId;
  }
  return chain;
}

/** A parent must be the company's, not the category itself or below it, and leave the tree within its depth. */
async function assertParent(tx: Db, companyId: number, id: number | null, parentId: number | null) {
  if (parentId === null) return;
  const chain = await ancestorsOf(tx, companyId, parentId);
  if (id !== null && chain.includes(id)) throw invalidFields({ parent_id: 'education.category_cycle' });
  if (chain.length >= CATEGORY_DEPTH_MAX) throw invalidFields({ parent_id: 'education.category_too_deep' });
}

export function createCategoryResource(platform: Platform) {
  const db = platform.database.db;

  async function present(tx: Db, companyId: number, ids: number[]): Promise<EducationCategory[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({
        row: educationCategories,
        // Written out: drizzle leaves a lone table's columns unqualified, and a bare id would be the subquery's own.
        count: sql<number>`(select count(*)::integer from educations e where e.category_id = education_categories.id)`,
      })
      .from(educationCategories)
      .where(and(eq(educationCategories.companyId, companyId), inArray(educationCategories.id, ids)));
    return rows.map(({ row, count }) => ({
      id: row.id,
      parent_id: row.parentId,
      names: row.names,
      icon: row.icon,
      order: row.order,
      status: presentActiveStatus(row.status),
      educations_count: count,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    }));
  }

  const COLUMNS = {
    parent_id: educationCategories.parentId,
    names: educationCategories.names,
    icon: educationCategories.icon,
    order: educationCategories.order,
    status: educationCategories.status,
  };

  const resource = defineResource<
    EducationCategory,
    EducationCategoryCreate,
    EducationCategoryUpdate,
    EducationCategoryListQuery
  >(db, {
    contract: educationCategoriesContract,
    activeStatus: true,
    entity: 'education_category',
    table: educationCategories,
    sortable: {
      order: educationCategories.order,
      status: educationCategories.status,
      created_at: educationCategories.createdAt,
      updated_at: educationCategories.updatedAt,
    },
    defaultOrder: [asc(educationCategories.order), asc(educationCategories.id)],
    search: [sql`${educationCategories.names}::text` as unknown as PgColumn],
    filters: {
      parent_id: (v: number) => eq(educationCategories.parentId, v),
    },
    present,
    async create(tx, actor, input) {
      await assertParent(tx, actor.companyId, null, input.parent_id);
      const [row] = await tx
        .insert(educationCategories)
        .values({
          ...(columnValues(COLUMNS, educationCategories, input) as typeof educationCategories.$inferInsert),
          companyId: actor.companyId,
        })
        .returning({ id: educationCategories.id });
      if (!row) throw new Error('category insert returned nothing');
      return row.id;
    },
    async update(tx, actor, before, input) {
      if (input.parent_id !== undefined) await assertParent(tx, actor.companyId, before.id, input.parent_id);
      await tx
        .update(educationCategories)
        .set({ ...columnValues(COLUMNS, educationCategories, input), updatedAt: new Date() })
        .where(and(eq(educationCategories.companyId, actor.companyId), eq(educationCategories.id, before.id)));
    },
    export: {
      fileName: `${CATEGORY_NS}.export_file`,
      columns: [
        { header: `${CATEGORY_NS}.columns.id`, value: (c) => c.id },
        { header: `${CATEGORY_NS}.columns.name`, value: (c, t) => pickLocalized(c.names, languageOf(t), 'tr') },
        { header: `${CATEGORY_NS}.columns.parent_id`, value: (c) => c.parent_id },
        { header: `${CATEGORY_NS}.columns.order`, value: (c) => c.order },
        { header: `${CATEGORY_NS}.columns.educations_count`, value: (c) => c.educations_count },
        activeStatusExportColumn(CATEGORY_NS),
      ],
    },
  });
  return { resource };
}

// --- Educations ---

const EDUCATION_COLUMNS = {
  title: educations.title,
  sub_title: educations.subTitle,
  description_title: educations.descriptionTitle,
  description: educations.description,
  image_url: educations.imageUrl,
  category_id: educations.categoryId,
  language: educations.language,
  start_date: educations.startDate,
  end_date: educations.endDate,
  estimated_minutes: educations.estimatedMinutes,
  status: educations.status,
  visibility: educations.visibility,
  sequential: educations.sequential,
  evaluation_survey_id: educations.evaluationSurveyId,
  evaluation_required_for_certificate: educations.evaluationRequiredForCertificate,
  pre_test_exam_id: educations.preTestExamId,
  post_test_exam_id: educations.postTestExamId,
};

async function assertOwnCategory(tx: Db, companyId: number, id: number | null | undefined) {
  if (id === null || id === undefined) return;
  const [row] = await tx
    .select({ id: educationCategories.id })
    .from(educationCategories)
    .where(and(eq(educationCategories.companyId, companyId), eq(educationCategories.id, id)));
  if (!row) throw invalidFields({ category_id: 'education.category_invalid' });
}

async function assertOwnHashtags(tx: Db, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: hashtags.id })
    .from(hashtags)
    .where(and(eq(hashtags.companyId, companyId), inArray(hashtags.id, [...ids])));
  if (found.length !== new Set(ids).size) throw invalidFields({ hashtag_ids: 'education.hashtag_invalid' });
}

/** Every part refers to one of the company's own items of its type; each item appears once. */
async function assertParts(tx: Db, companyId: number, parts: readonly PartInput[], kinds: PartKinds) {
  const seen = new Set<string>();
  for (const [index, part] of parts.entries()) {
    const key = `${part.type}:${part.ref_id}`;
    if (seen.has(key)) throw invalidFields({ [`parts.${index}.ref_id`]: 'education.part_duplicate' });
    seen.add(key);
  }
  const contentIds = parts.filter((p) => p.type === 'content').map((p) => p.ref_id);
  const own = new Map<PartType, Set<number>>();
  if (contentIds.length > 0) {
    const found = await tx
      .select({ id: contents.id })
      .from(contents)
      .where(and(eq(contents.companyId, companyId), inArray(contents.id, contentIds)));
    own.set('content', new Set(found.map((f) => f.id)));
  }
  for (const [type, kind] of kinds) {
    const ids = parts.filter((p) => p.type === type).map((p) => p.ref_id);
    if (ids.length > 0) own.set(type, await kind.own(tx, companyId, ids));
  }
  const missing = parts.findIndex((p) => !own.get(p.type)?.has(p.ref_id));
  if (missing >= 0) throw invalidFields({ [`parts.${missing}.ref_id`]: 'education.part_invalid' });
}

/** An evaluation survey named on an education must be one of the company's evaluation surveys. */
async function assertEvaluationSurvey(tx: Db, companyId: number, id: number | null | undefined, hooks: CatalogueHooks) {
  if (id === null || id === undefined) return;
  if (!(await hooks.isEvaluationSurvey(tx, companyId, id))) {
    throw invalidFields({ evaluation_survey_id: 'evaluationSurveys.errors.not_evaluation_survey' });
  }
}

async function writeParts(tx: Db, companyId: number, educationId: number, parts: readonly PartInput[]) {
  await tx.delete(educationParts).where(eq(educationParts.educationId, educationId));
  if (parts.length === 0) return;
  await tx.insert(educationParts).values(
    parts.map((part, index) => ({
      companyId,
      educationId,
      type: part.type,
      refId: part.ref_id,
      position: index + 1,
      required: part.required,
    })),
  );
}

async function setHashtags(tx: Db, companyId: number, educationId: number, ids: readonly number[]) {
  await tx.delete(educationHashtags).where(eq(educationHashtags.educationId, educationId));
  const unique = [...new Set(ids)];
  if (unique.length > 0) {
    await tx.insert(educationHashtags).values(unique.map((hashtagId) => ({ companyId, educationId, hashtagId })));
  }
}

/**
 * What the educations module needs of a part type other than content, given by the module that owns the type (the
 * classroom module registers `classroom`), so this module reads that module's items only through it.
 */
export interface PartKind {
  /** Which of `ids` are the company's own items of this type. */
  own(tx: Db, companyId: number, ids: readonly number[]): Promise<Set<number>>;
  /** Title, cover and whether a learner can take each item now. */
  describe(
    tx: Db,
    ids: readonly number[],
  ): Promise<Map<number, { title: string; coverUrl: string | null; available: boolean }>>;
  /** Where a learner stands in each item. */
  states(
    tx: Db,
    userId: number,
    ids: readonly number[],
  ): Promise<Map<number, { started: boolean; completed: boolean }>>;
  /** The domain events that move a learner in an item (`entityId` the item, `after.user_id` the learner). */
  events: readonly string[];
}
export type PartKinds = Map<PartType, PartKind>;

/**
 * What the educations module needs of the exams module for an education's pre-test and post-test (given by the exams
 * module once its service is made, as part kinds are): which exams may be one, and where a learner stands in one.
 */
export interface EducationTests {
  /** Which of `ids` are the company's own exams of kind `exam`. */
  own(tx: Db, companyId: number, ids: readonly number[]): Promise<Set<number>>;
  /** Whether the learner has started (any attempt) and passed (a scored attempt at the pass mark) the exam. */
  state(tx: Db, userId: number, examId: number): Promise<{ started: boolean; passed: boolean }>;
}
export type EducationTestsHolder = { current: EducationTests | null };

async function assertOwnTests(
  tx: Db,
  companyId: number,
  input: { pre_test_exam_id?: number | null; post_test_exam_id?: number | null },
  tests: EducationTestsHolder,
) {
  const fields = (['pre_test_exam_id', 'post_test_exam_id'] as const).filter(
    (field) => input[field] !== undefined && input[field] !== null,
  );
  if (fields.length === 0) return;
  const own = tests.current
    ? await tests.current.own(
        tx,
        companyId,
        fields.map((field) => input[field] as number),
      )
    : new Set<number>();
  const errors: Record<string, string> = {};
  for (const field of fields) if (!own.has(input[field] as number)) errors[field] = 'education.test_invalid';
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
}

/** The parts of educations with what they refer to, in order. */
export async function partsOf(tx: Db, educationIds: number[], kinds: PartKinds) {
  if (educationIds.length === 0) return [];
  const rows = await tx
    .select({
      id: educationParts.id,
      educationId: educationParts.educationId,
      type: educationParts.type,
      refId: educationParts.refId,
      position: educationParts.position,
      required: educationParts.required,
      title: contents.title,
      contentType: contents.type,
      contentStatus: contents.status,
      coverUrl: contents.coverUrl,
      durationSeconds: sql<number | null>`coalesce(${contents.durationSeconds}, ${contentVersions.durationSeconds})`,
    })
    .from(educationParts)
    .leftJoin(contents, and(eq(educationParts.type, 'content'), eq(contents.id, educationParts.refId)))
    .leftJoin(contentVersions, eq(contentVersions.id, contents.currentVersionId))
    .where(inArray(educationParts.educationId, educationIds))
    .orderBy(asc(educationParts.educationId), asc(educationParts.position));
  const described = new Map<PartType, Awaited<ReturnType<PartKind['describe']>>>();
  for (const [type, kind] of kinds) {
    const ids = [...new Set(rows.filter((r) => r.type === type).map((r) => r.refId))];
    if (ids.length > 0) described.set(type, await kind.describe(tx, ids));
  }
  return rows.map((row) => {
    if (row.type === 'content') return { ...row, available: row.contentStatus === 1 };
    const item = described.get(row.type)?.get(row.refId);
    return {
      ...row,
      title: item?.title ?? null,
      coverUrl: item?.coverUrl ?? null,
      available: item?.available ?? false,
    };
  });
}
export type PartRow = Awaited<ReturnType<typeof partsOf>>[number];

export interface CatalogueHooks {
  /** The part types other modules own. */
  kinds: PartKinds;
  /** The exams that may be pre- and post-tests (given by the exams module). */
  tests: EducationTestsHolder;
  /** After an education's parts changed: its learners' enrolments follow the new list. */
  partsChanged(tx: Db, who: Initiator, educationId: number): Promise<void>;
  /** Whether an id is one of the company's evaluation surveys (the surveys module answers; issue 15). */
  isEvaluationSurvey(tx: Db, companyId: number, surveyId: number): Promise<boolean>;
}

export function createEducationResource(platform: Platform, hooks: CatalogueHooks) {
  const db = platform.database.db;

  async function present(tx: Db, companyId: number, ids: number[]): Promise<Education[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({ education: educations, category: educationCategories })
      .from(educations)
      .leftJoin(educationCategories, eq(educationCategories.id, educations.categoryId))
      .where(and(eq(educations.companyId, companyId), inArray(educations.id, ids)));
    const tags = await tx
      .select({ educationId: educationHashtags.educationId, id: hashtags.id, name: hashtags.name })
      .from(educationHashtags)
      .innerJoin(hashtags, eq(hashtags.id, educationHashtags.hashtagId))
      .where(inArray(educationHashtags.educationId, ids))
      .orderBy(asc(hashtags.name));
    const parts = await partsOf(tx, ids, hooks.kinds);
    const usage = await tx
      .select({
        educationId: educationEnrolments.educationId,
        enrolled: sql<number>`count(*)::integer`,
        completed: sql<number>`count(*) filter (where ${educationEnrolments.status} = 'completed')::integer`,
      })
      .from(educationEnrolments)
      .where(inArray(educationEnrolments.educationId, ids))
      .groupBy(educationEnrolments.educationId);
    const usageOf = new Map(usage.map((u) => [u.educationId, u]));
    return rows.map(({ education: e, category }) => ({
      id: e.id,
      title: e.title,
      sub_title: e.subTitle,
      description_title: e.descriptionTitle,
      description: e.description,
      image_url: e.imageUrl,
      category: category ? { id: category.id, names: category.names } : null,
      language: e.language as Education['language'],
      hashtags: tags.filter((t) => t.educationId === e.id).map((t) => ({ id: t.id, name: t.name })),
      start_date: e.startDate,
      end_date: e.endDate,
      estimated_minutes: e.estimatedMinutes,
      status: presentActiveStatus(e.status),
      visibility: e.visibility,
      sequential: e.sequential,
      provider: e.provider,
      evaluation_survey_id: e.evaluationSurveyId,
      evaluation_required_for_certificate: e.evaluationRequiredForCertificate,
      parts: parts
        .filter((p) => p.educationId === e.id)
        .map((p) => ({
          id: p.id,
          type: p.type,
          ref_id: p.refId,
          order: p.position,
          required: p.required,
          title: p.title ?? '',
          content_type: p.contentType ?? null,
          duration_seconds: p.durationSeconds,
          cover_url: p.coverUrl ?? null,
          available: p.available,
        })),
      pre_test_exam_id: e.preTestExamId,
      post_test_exam_id: e.postTestExamId,
      enrolled_count: usageOf.get(e.id)?.enrolled ?? 0,
      completed_count: usageOf.get(e.id)?.completed ?? 0,
      created_at: e.createdAt.toISOString(),
      updated_at: e.updatedAt.toISOString(),
    }));
  }

  const sanitize = (html: string | null) => (html === null ? null : sanitizeRichText(html) || null);

  const resource = defineResource<Education, EducationCreate, EducationUpdate, EducationListQuery>(db, {
    contract: educationsContract,
    activeStatus: true,
    entity: 'education',
    table: educations,
    sortable: {
      title: educations.title,
      status: educations.status,
      start_date: educations.startDate,
      end_date: educations.endDate,
      created_at: educations.createdAt,
      updated_at: educations.updatedAt,
    },
    defaultOrder: [desc(educations.createdAt)],
    search: [educations.title, educations.subTitle],
    filters: {
      visibility: (v: EducationVisibility) => eq(educations.visibility, v),
      category_id: (v: number) => eq(educations.categoryId, v),
      language: (v: string) => eq(educations.language, v),
      purchased: (v: '0' | '1') => (v === '1' ? isNotNull(educations.provider) : isNull(educations.provider)),
    },
    present,

    async create(tx, actor, input) {
      await assertOwnCategory(tx, actor.companyId, input.category_id);
      await assertOwnHashtags(tx, actor.companyId, input.hashtag_ids);
      await assertParts(tx, actor.companyId, input.parts, hooks.kinds);
      await assertEvaluationSurvey(tx, actor.companyId, input.evaluation_survey_id, hooks);
      await assertOwnTests(tx, actor.companyId, input, hooks.tests);
      if (input.image_url && !(await attachFile(tx, actor.companyId, input.image_url))) {
        throw invalidFields({ image_url: 'education.image_invalid' });
      }
      const [row] = await tx
        .insert(educations)
        .values({
          ...(columnValues(EDUCATION_COLUMNS, educations, {
            ...input,
            description: sanitize(input.description),
          }) as typeof educations.$inferInsert),
          companyId: actor.companyId,
          createdBy: actor.userId,
        })
        .returning({ id: educations.id });
      if (!row) throw new Error('education insert returned nothing');
      await writeParts(tx, actor.companyId, row.id, input.parts);
      await setHashtags(tx, actor.companyId, row.id, input.hashtag_ids);
      return row.id;
    },

    async update(tx, actor, before, input) {
      await assertOwnCategory(tx, actor.companyId, input.category_id);
      if (input.hashtag_ids) await assertOwnHashtags(tx, actor.companyId, input.hashtag_ids);
      if (input.parts) await assertParts(tx, actor.companyId, input.parts, hooks.kinds);
      await assertEvaluationSurvey(tx, actor.companyId, input.evaluation_survey_id, hooks);
      await assertOwnTests(tx, actor.companyId, input, hooks.tests);
      const start = input.start_date === undefined ? before.start_date : input.start_date;
      const end = input.end_date === undefined ? before.end_date : input.end_date;
      if (start && end && end < start) throw invalidFields({ end_date: 'education.end_before_start' });
      if (
        input.image_url !== undefined &&
        !(await replaceFile(tx, actor.companyId, before.image_url, input.image_url))
      ) {
        throw invalidFields({ image_url: 'education.image_invalid' });
      }
      await tx
        .update(educations)
        .set({
          ...columnValues(EDUCATION_COLUMNS, educations, {
            ...input,
            description: input.description === undefined ? undefined : sanitize(input.description),
          }),
          updatedAt: new Date(),
        })
        .where(and(eq(educations.companyId, actor.companyId), eq(educations.id, before.id)));
      if (input.hashtag_ids) await setHashtags(tx, actor.companyId, before.id, input.hashtag_ids);
      const partsChanged =
        input.parts !== undefined &&
        (input.parts.length !== before.parts.length ||
          input.parts.some((p, i) => {
            const old = before.parts[i];
            return !old || old.type !== p.type || old.ref_id !== p.ref_id || old.required !== p.required;
          }));
      const orderRuleChanged = input.sequential !== undefined && input.sequential !== before.sequential;
      // A new post-test changes who has completed: the learners follow (a completion once reached is kept).
      const postTestChanged =
        input.post_test_exam_id !== undefined && input.post_test_exam_id !== before.post_test_exam_id;
      if (input.parts && partsChanged) await writeParts(tx, actor.companyId, before.id, input.parts);
      if (partsChanged || orderRuleChanged || postTestChanged) await hooks.partsChanged(tx, actor, before.id);
    },

    async beforeDelete(tx, actor, items) {
      for (const item of items) await detachFile(tx, actor.companyId, item.image_url);
    },

    export: {
      fileName: `${NS}.export_file`,
      columns: [
        { header: `${NS}.columns.id`, value: (e) => e.id },
        { header: `${NS}.columns.title`, value: (e) => e.title },
        { header: `${NS}.columns.sub_title`, value: (e) => e.sub_title },
        {
          header: `${NS}.columns.category`,
          value: (e, t) => (e.category ? pickLocalized(e.category.names, languageOf(t), 'tr') : ''),
        },
        { header: `${NS}.columns.language`, value: (e) => e.language },
        { header: `${NS}.columns.visibility`, value: (e, t) => t(`${NS}.visibility.${e.visibility}`) },
        { header: `${NS}.columns.parts_count`, value: (e) => e.parts.length },
        { header: `${NS}.columns.estimated_minutes`, value: (e) => e.estimated_minutes },
        { header: `${NS}.columns.start_date`, value: (e) => e.start_date },
        { header: `${NS}.columns.end_date`, value: (e) => e.end_date },
        { header: `${NS}.columns.enrolled_count`, value: (e) => e.enrolled_count },
        { header: `${NS}.columns.completed_count`, value: (e) => e.completed_count },
        activeStatusExportColumn(NS),
        { header: `${NS}.columns.created_at`, value: (e) => e.created_at },
      ],
    },
  });

  return { resource, present };
}
