import {
  CATALOGUE_VISIBILITIES,
  type CatalogueQuery,
  type CategoryIcon,
  type EducationCard,
  type EducationCardList,
  type EducationDetail,
  type EducationEnrolment,
  type EducationPlayer,
  type EducationVisibility,
  type LearnerCategory,
  type LearnerHome,
  type LearnerPart,
  type LearnerProgram,
  type Locale,
  type MyEducationsQuery,
  type ProgressStatus,
  pickLocalized,
} from '@kampus/shared';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import {
  companies,
  contentProgress,
  educationCategories,
  educationEnrolments,
  educationHashtags,
  educations,
  hashtags,
} from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { conflict, forbidden, notFound } from '../../../platform/http/errors.js';
import { foldedColumn, likePattern } from '../../../platform/resource/resource.js';
import { findEnabledModules } from '../../frame/widgets/service.js';
import { type PartKinds, type PartRow, partsOf } from './catalogue.js';
import { type Enrolments, partStates } from './enrolments.js';
import { educationState } from './rules.js';

type EducationRow = typeof educations.$inferSelect;
type EnrolmentRow = typeof educationEnrolments.$inferSelect;
type CategoryRow = typeof educationCategories.$inferSelect;

const today = () => new Date().toISOString().slice(0, 10);
const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** What the programs module adds to the learner's home page. */
export type HomeProgramsProvider = (
  tx: Db,
  actor: Actor,
) => Promise<{ inProgress: LearnerProgram[]; completedCount: number }>;

/** Shown in the catalogue now: active, open for self-enrolment or on approval (`request`), and not ended. */
const openInCatalogue = () =>
  and(
    eq(educations.status, 1),
    inArray(educations.visibility, [...CATALOGUE_VISIBILITIES]),
    or(isNull(educations.endDate), gte(educations.endDate, today())),
  ) as SQL;

const inCatalogue = (education: EducationRow) =>
  (CATALOGUE_VISIBILITIES as readonly string[]).includes(education.visibility);

function presentEnrolment(row: EnrolmentRow): EducationEnrolment {
  return {
    status: row.status as ProgressStatus,
    finished_rate: row.finishedRate,
    completed_parts: row.completedParts,
    due_at: row.dueAt,
    enrolled_at: row.createdAt.toISOString(),
    last_activity_at: iso(row.lastActivityAt),
    completed_at: iso(row.completedAt),
  };
}

/** Not enrolled, and the education is shown in the catalogue with this visibility, active and not ended. */
function openTo(
  visibility: EducationVisibility,
  education: EducationRow,
  enrolment: EnrolmentRow | null,
  catalogueOn: boolean,
) {
  return (
    catalogueOn &&
    !enrolment &&
    education.status === 1 &&
    education.visibility === visibility &&
    (education.endDate === null || education.endDate >= today())
  );
}

const canEnrol = (education: EducationRow, enrolment: EnrolmentRow | null, catalogueOn: boolean) =>
  openTo('catalogue', education, enrolment, catalogueOn);

/** Enrolment on approval: the learner may ask for it (the training-requests module takes the request). */
const canRequest = (education: EducationRow, enrolment: EnrolmentRow | null, catalogueOn: boolean) =>
  openTo('request', education, enrolment, catalogueOn);

export function createLearner(platform: Platform, enrolments: Enrolments, kinds: PartKinds) {
  const db = platform.database.db;
  let homePrograms: HomeProgramsProvider | null = null;

  async function companyLanguage(tx: Db, companyId: number): Promise<Locale> {
    const [row] = await tx
      .select({ language: companies.defaultLanguage })
      .from(companies)
      .where(eq(companies.id, companyId));
    return (row?.language as Locale | undefined) ?? 'tr';
  }

  async function catalogueEnabled(tx: Db, companyId: number) {
    return (await findEnabledModules(tx, companyId)).includes('education-category');
  }

  async function assertCatalogue(tx: Db, companyId: number) {
    if (!(await catalogueEnabled(tx, companyId))) throw forbidden('education.catalogue_off');
  }

  function categoryOf(row: CategoryRow | null, lang: Locale, fallback: Locale) {
    return row ? { id: row.id, name: pickLocalized(row.names, lang, fallback), icon: row.icon as CategoryIcon } : null;
  }

  /** Cards of educations in the order given, with the learner's enrolment in each. */
  async function cards(tx: Db, actor: Actor, ids: readonly number[]): Promise<EducationCard[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({
        education: educations,
        category: educationCategories,
        enrolment: educationEnrolments,
        parts: sql<number>`(select count(*)::integer from education_parts p where p.education_id = educations.id)`,
      })
      .from(educations)
      .leftJoin(educationCategories, eq(educationCategories.id, educations.categoryId))
      .leftJoin(
        educationEnrolments,
        and(eq(educationEnrolments.educationId, educations.id), eq(educationEnrolments.userId, actor.userId)),
      )
      .where(inArray(educations.id, [...ids]));
    const catalogueOn = await catalogueEnabled(tx, actor.companyId);
    const fallback = await companyLanguage(tx, actor.companyId);
    const byId = new Map(rows.map((r) => [r.education.id, r]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      const { education: e, enrolment } = row;
      return [
        {
          id: e.id,
          title: e.title,
          sub_title: e.subTitle,
          image_url: e.imageUrl,
          category: categoryOf(row.category, actor.lang, fallback),
          language: e.language as EducationCard['language'],
          estimated_minutes: e.estimatedMinutes,
          parts_count: row.parts,
          start_date: e.startDate,
          end_date: e.endDate,
          enrolment: enrolment ? presentEnrolment(enrolment) : null,
          can_enrol: canEnrol(e, enrolment, catalogueOn),
          can_request: canRequest(e, enrolment, catalogueOn),
          created_at: e.createdAt.toISOString(),
        },
      ];
    });
  }

  /** The education a learner may see: active, and enrolled or shown in the catalogue. Else 404. */
  async function visible(tx: Db, actor: Actor, id: number) {
    const [row] = await tx
      .select({ education: educations, enrolment: educationEnrolments, category: educationCategories })
      .from(educations)
      .leftJoin(
        educationEnrolments,
        and(eq(educationEnrolments.educationId, educations.id), eq(educationEnrolments.userId, actor.userId)),
      )
      .leftJoin(educationCategories, eq(educationCategories.id, educations.categoryId))
      .where(and(eq(educations.companyId, actor.companyId), eq(educations.id, id)));
    if (row?.education.status !== 1) throw notFound();
    if (!row.enrolment && !inCatalogue(row.education)) throw notFound();
    return row;
  }

  /** Each part with the learner's progress in it and whether it is open to them. */
  async function learnerParts(tx: Db, actor: Actor, education: EducationRow, enrolled: boolean) {
    const parts = await partsOf(tx, [education.id], kinds);
    const states = await partStates(tx, actor.userId, parts, kinds);
    const state = educationState(states, education.sequential);
    const progress = await progressOf(tx, actor.userId, parts);
    const open = new Set(enrolled ? state.openPartIds : []);
    const learner: LearnerPart[] = parts.map((p, index) => {
      const s = states[index];
      const status: ProgressStatus = s?.completed ? 'completed' : s?.started ? 'in_progress' : 'not_started';
      return {
        id: p.id,
        type: p.type,
        ref_id: p.refId,
        order: p.position,
        required: p.required,
        title: p.title ?? '',
        content_type: p.contentType ?? null,
        duration_seconds: p.durationSeconds,
        status,
        progress: status === 'completed' ? 100 : p.type === 'content' ? (progress.get(p.refId) ?? 0) : 0,
        locked: !open.has(p.id) || !p.available,
      };
    });
    const nextPartId = enrolled ? (learner.find((p) => !p.locked && p.status !== 'completed')?.id ?? null) : null;
    return { parts: learner, nextPartId };
  }

  async function progressOf(tx: Db, userId: number, parts: readonly PartRow[]) {
    const ids = [...new Set(parts.filter((p) => p.type === 'content').map((p) => p.refId))];
    if (ids.length === 0) return new Map<number, number>();
    const rows = await tx
      .select({
        contentId: contentProgress.contentId,
        progress: sql<number>`max(${contentProgress.progress})::integer`,
      })
      .from(contentProgress)
      .where(and(eq(contentProgress.userId, userId), inArray(contentProgress.contentId, ids)))
      .groupBy(contentProgress.contentId);
    return new Map(rows.map((r) => [r.contentId, r.progress]));
  }

  async function detailIn(tx: Db, actor: Actor, id: number): Promise<EducationDetail> {
    const { education: e, enrolment, category } = await visible(tx, actor, id);
    const fallback = await companyLanguage(tx, actor.companyId);
    const { parts, nextPartId } = await learnerParts(tx, actor, e, enrolment !== null);
    const catalogueOn = await catalogueEnabled(tx, actor.companyId);
    const tags = await tx
      .select({ name: hashtags.name })
      .from(educationHashtags)
      .innerJoin(hashtags, eq(hashtags.id, educationHashtags.hashtagId))
      .where(eq(educationHashtags.educationId, e.id))
      .orderBy(asc(hashtags.name));
    const [completed] = await tx
      .select({ count: sql<number>`count(*)::integer` })
      .from(educationEnrolments)
      .where(and(eq(educationEnrolments.educationId, e.id), eq(educationEnrolments.status, 'completed')));
    return {
      id: e.id,
      title: e.title,
      sub_title: e.subTitle,
      description_title: e.descriptionTitle,
      description: e.description,
      image: e.imageUrl,
      category: categoryOf(category, actor.lang, fallback),
      language: e.language as EducationDetail['language'],
      hashtags: tags.map((t) => t.name),
      start_date: e.startDate,
      end_date: e.endDate,
      estimated_minutes: e.estimatedMinutes,
      sequential: e.sequential,
      finished_rate: enrolment?.finishedRate ?? 0,
      person_completed_education: completed?.count ?? 0,
      // The wall (issue 17 on) counts experience shares; none exist before it.
      experience_shares_count: 0,
      enrolment: enrolment ? presentEnrolment(enrolment) : null,
      can_enrol: canEnrol(e, enrolment, catalogueOn),
      can_request: canRequest(e, enrolment, catalogueOn),
      parts,
      next_part_id: nextPartId,
    };
  }

  /** The learner's enrolments in active educations, optionally in one state. */
  function myEnrolmentsWhere(actor: Actor, state?: ProgressStatus) {
    return and(
      eq(educationEnrolments.userId, actor.userId),
      eq(educations.status, 1),
      state ? eq(educationEnrolments.status, state) : undefined,
    );
  }

  async function categoryTree(tx: Db, companyId: number) {
    const rows = await tx
      .select()
      .from(educationCategories)
      .where(and(eq(educationCategories.companyId, companyId), eq(educationCategories.status, 1)))
      .orderBy(asc(educationCategories.order), asc(educationCategories.id));
    const active = new Set(rows.map((r) => r.id));
    // A category under a passive one is hidden with it.
    const shown = rows.filter((r) => r.parentId === null || active.has(r.parentId));
    return shown;
  }

  /** The category and every category below it. */
  function subtreeOf(rows: readonly CategoryRow[], id: number): number[] {
    const ids = [id];
    for (let i = 0; i < ids.length; i++) {
      for (const row of rows) if (row.parentId === ids[i]) ids.push(row.id);
    }
    return ids;
  }

  return {
    cards,

    /** For another module's call in its transaction: the education, if the learner may see it (else 404). */
    visibleTo: async (tx: Db, actor: Actor, id: number) => (await visible(tx, actor, id)).education,

    /**
     * For the training-requests module: the education, if the learner may ask for it now (enrolment on approval,
     * active, not ended, not enrolled, the catalogue on). One they may not see is 404; one they may see is 409.
     */
    requestable: async (tx: Db, actor: Actor, id: number) => {
      const { education, enrolment } = await visible(tx, actor, id);
      if (!canRequest(education, enrolment, await catalogueEnabled(tx, actor.companyId))) {
        throw conflict('trainingRequest.not_requestable');
      }
      return { id: education.id, title: education.title, endDate: education.endDate };
    },

    provideHomePrograms(provider: HomeProgramsProvider) {
      homePrograms = provider;
    },

    /** GET api/educations/{id}. */
    detail: (actor: Actor, id: number) => inTenant(db, actor.companyId, (tx) => detailIn(tx, actor, id)),

    /** POST api/educations/{id}/enrol: self-enrolment in an education open in the catalogue. */
    enrolSelf: (actor: Actor, id: number) =>
      inTenant(db, actor.companyId, async (tx) => {
        await assertCatalogue(tx, actor.companyId);
        const { education, enrolment } = await visible(tx, actor, id);
        if (!enrolment) {
          if (!canEnrol(education, null, true)) throw forbidden('education.enrol_closed');
          await enrolments.enrol(tx, actor, {
            companyId: actor.companyId,
            userIds: [actor.userId],
            educationIds: [id],
            source: 'self',
            enrolledBy: actor.userId,
          });
        }
        return detailIn(tx, actor, id);
      }),

    /** GET api/educations/{id}/player: the parts around the player; only for the enrolled. */
    player: (actor: Actor, id: number): Promise<EducationPlayer> =>
      inTenant(db, actor.companyId, async (tx) => {
        const { education, enrolment } = await visible(tx, actor, id);
        if (!enrolment) throw notFound();
        // Opening the player is activity (the home page's "continue learning"), and it brings the enrolment in line
        // at once, so a part the last event opened plays even if that event's roll-up has not run yet.
        await enrolments.sync(tx, actor, enrolment.id, true);
        const { parts, nextPartId } = await learnerParts(tx, actor, education, true);
        return {
          id: education.id,
          title: education.title,
          sequential: education.sequential,
          finished_rate: enrolment.finishedRate,
          parts,
          next_part_id: nextPartId,
        };
      }),

    /** GET api/my/educations. */
    mine: (actor: Actor, query: MyEducationsQuery): Promise<EducationCardList> =>
      inTenant(db, actor.companyId, async (tx) => {
        const counts = await tx
          .select({ status: educationEnrolments.status, count: sql<number>`count(*)::integer` })
          .from(educationEnrolments)
          .innerJoin(educations, eq(educations.id, educationEnrolments.educationId))
          .where(myEnrolmentsWhere(actor))
          .groupBy(educationEnrolments.status);
        const countOf = (s: ProgressStatus) => counts.find((c) => c.status === s)?.count ?? 0;
        const rows = await tx
          .select({ id: educations.id, total: sql<number>`count(*) over ()::integer` })
          .from(educationEnrolments)
          .innerJoin(educations, eq(educations.id, educationEnrolments.educationId))
          .where(myEnrolmentsWhere(actor, query.state))
          .orderBy(
            sql`${educationEnrolments.lastActivityAt} desc nulls last`,
            desc(educationEnrolments.createdAt),
            desc(educationEnrolments.id),
          )
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page);
        return {
          data: await cards(
            tx,
            actor,
            rows.map((r) => r.id),
          ),
          meta: { page: query.page, per_page: query.per_page, total: rows[0]?.total ?? 0 },
          counts: {
            in_progress: countOf('in_progress'),
            not_started: countOf('not_started'),
            completed: countOf('completed'),
          },
        };
      }),

    /** GET api/education-categories: active categories with the open educations under each. */
    categories: (actor: Actor): Promise<LearnerCategory[]> =>
      inTenant(db, actor.companyId, async (tx) => {
        await assertCatalogue(tx, actor.companyId);
        const rows = await categoryTree(tx, actor.companyId);
        const fallback = await companyLanguage(tx, actor.companyId);
        const counts = await tx
          .select({ categoryId: educations.categoryId, count: sql<number>`count(*)::integer` })
          .from(educations)
          .where(and(eq(educations.companyId, actor.companyId), openInCatalogue(), isNotNull(educations.categoryId)))
          .groupBy(educations.categoryId);
        const own = new Map(counts.map((c) => [c.categoryId, c.count]));
        return rows.map((row) => ({
          id: row.id,
          parent_id: row.parentId,
          name: pickLocalized(row.names, actor.lang, fallback),
          icon: row.icon as CategoryIcon,
          educations_count: subtreeOf(rows, row.id).reduce((sum, id) => sum + (own.get(id) ?? 0), 0),
        }));
      }),

    /** GET api/catalogue: the educations in the catalogue (self-enrolment or on request), in a category or all. */
    catalogue: (actor: Actor, query: CatalogueQuery) =>
      inTenant(db, actor.companyId, async (tx) => {
        await assertCatalogue(tx, actor.companyId);
        let inCategory: SQL | undefined;
        if (query.category_id !== undefined) {
          const ids = subtreeOf(await categoryTree(tx, actor.companyId), query.category_id);
          inCategory = inArray(educations.categoryId, ids);
        }
        const search = query.search ? likePattern(query.search) : null;
        const rows = await tx
          .select({ id: educations.id, total: sql<number>`count(*) over ()::integer` })
          .from(educations)
          .where(
            and(
              eq(educations.companyId, actor.companyId),
              openInCatalogue(),
              inCategory,
              search
                ? sql`${foldedColumn(sql`${educations.title} || ' ' || coalesce(${educations.subTitle}, '')` as never)} like ${search}`
                : undefined,
            ),
          )
          .orderBy(
            ...(query.sort === 'title' ? [asc(educations.title)] : [desc(educations.createdAt)]),
            desc(educations.id),
          )
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page);
        return {
          data: await cards(
            tx,
            actor,
            rows.map((r) => r.id),
          ),
          meta: { page: query.page, per_page: query.per_page, total: rows[0]?.total ?? 0 },
        };
      }),

    /** GET api/my/home: the learner's home page in one call. */
    home: (actor: Actor): Promise<LearnerHome> =>
      inTenant(db, actor.companyId, async (tx) => {
        const mine = (state: SQL | undefined) =>
          tx
            .select({ id: educations.id })
            .from(educationEnrolments)
            .innerJoin(educations, eq(educations.id, educationEnrolments.educationId))
            .where(and(myEnrolmentsWhere(actor), state));
        const [last] = await tx
          .select({ id: educations.id })
          .from(educationEnrolments)
          .innerJoin(educations, eq(educations.id, educationEnrolments.educationId))
          .where(and(myEnrolmentsWhere(actor), ne(educationEnrolments.status, 'completed')))
          .orderBy(
            sql`${educationEnrolments.lastActivityAt} desc nulls last`,
            sql`${educationEnrolments.status} = 'in_progress' desc`,
            desc(educationEnrolments.createdAt),
          )
          .limit(1);
        const due = await mine(and(ne(educationEnrolments.status, 'completed'), isNotNull(educationEnrolments.dueAt)))
          .orderBy(asc(educationEnrolments.dueAt), asc(educations.id))
          .limit(6);
        const fresh = (await catalogueEnabled(tx, actor.companyId))
          ? await tx
              .select({ id: educations.id })
              .from(educations)
              .leftJoin(
                educationEnrolments,
                and(eq(educationEnrolments.educationId, educations.id), eq(educationEnrolments.userId, actor.userId)),
              )
              .where(and(eq(educations.companyId, actor.companyId), openInCatalogue(), isNull(educationEnrolments.id)))
              .orderBy(desc(educations.createdAt), desc(educations.id))
              .limit(8)
          : [];
        const [totals] = await tx
          .select({
            completed: sql<number>`count(*) filter (where ${educationEnrolments.status} = 'completed')::integer`,
            inProgress: sql<number>`count(*) filter (where ${educationEnrolments.status} = 'in_progress')::integer`,
          })
          .from(educationEnrolments)
          .innerJoin(educations, eq(educations.id, educationEnrolments.educationId))
          .where(myEnrolmentsWhere(actor));
        const [time] = await tx
          .select({ seconds: sql<number>`coalesce(sum(${contentProgress.timeSpentSeconds}), 0)::integer` })
          .from(contentProgress)
          .where(eq(contentProgress.userId, actor.userId));
        const programs = homePrograms ? await homePrograms(tx, actor) : { inProgress: [], completedCount: 0 };
        // Every card of the page in one read (the blocks may share an education).
        const all = await cards(tx, actor, [
          ...new Set([...(last ? [last.id] : []), ...due.map((d) => d.id), ...fresh.map((f) => f.id)]),
        ]);
        const cardOf = new Map(all.map((card) => [card.id, card]));
        const cardsOf = (ids: readonly number[]) => ids.flatMap((id) => cardOf.get(id) ?? []);
        return {
          continue_learning: last ? (cardOf.get(last.id) ?? null) : null,
          due_soon: cardsOf(due.map((d) => d.id)),
          programs: programs.inProgress,
          new_in_catalogue: cardsOf(fresh.map((f) => f.id)),
          totals: {
            completed_educations: totals?.completed ?? 0,
            in_progress_educations: totals?.inProgress ?? 0,
            completed_programs: programs.completedCount,
            hours_learned: Math.round(((time?.seconds ?? 0) / 3600) * 10) / 10,
          },
        };
      }),
  };
}

export type Learner = ReturnType<typeof createLearner>;
