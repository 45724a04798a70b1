import {
  type COMPETENCY_SORTS,
  type Competency,
  type CompetencyCategory,
  type CompetencyCategoryCreate,
  type CompetencyCategoryListQuery,
  type CompetencyCategoryUpdate,
  type CompetencyCreate,
  type CompetencyListQuery,
  type CompetencyUpdate,
  competenciesContract,
  competencyCategoriesContract,
  pickLocalized,
} from '@kampus/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { competencies, competencyCategories } from '../../../db/schema/index.js';
import type { Platform } from '../../../platform/deps.js';
import { invalidFields } from '../../../platform/http/errors.js';
import { languageOf } from '../../../platform/i18n.js';
import {
  activeStatusExportColumn,
  columnValues,
  defineResource,
  presentActiveStatus,
} from '../../../platform/resource/resource.js';

const NS = competenciesContract.namespace;
const CATEGORY_NS = competencyCategoriesContract.namespace;

/** A localized name as one sortable text: the first language written, in the order tr, en, az, de. */
export const nameSortSql = (column: PgColumn) =>
  sql`lower(coalesce(${column}->>'tr', ${column}->>'en', ${column}->>'az', ${column}->>'de'))`;

/** The names searched: every language at once. */
const namesText = (column: PgColumn) => sql`${column}::text` as unknown as PgColumn;

/** The category must be the company's. */
async function assertOwnCategory(tx: Db, companyId: number, id: number | null | undefined) {
  if (id === null || id === undefined) return;
  const [row] = await tx
    .select({ id: competencyCategories.id })
    .from(competencyCategories)
    .where(and(eq(competencyCategories.companyId, companyId), eq(competencyCategories.id, id)));
  if (!row) throw invalidFields({ category_id: 'competencies.errors.category_invalid' });
}

/** `api/admin/competency-categories` (read_competency). */
export function createCategoryResource(platform: Platform) {
  const db = platform.database.db;

  async function present(tx: Db, companyId: number, ids: number[]): Promise<CompetencyCategory[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({
        row: competencyCategories,
        count: sql<number>`(select count(*)::integer from competencies c where c.category_id = competency_categories.id)`,
      })
      .from(competencyCategories)
      .where(and(eq(competencyCategories.companyId, companyId), inArray(competencyCategories.id, ids)));
    return rows.map(({ row, count }) => ({
      id: row.id,
      names: row.names,
      order: row.order,
      status: presentActiveStatus(row.status),
      competencies_count: count,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    }));
  }

  const COLUMNS = {
    names: competencyCategories.names,
    order: competencyCategories.order,
    status: competencyCategories.status,
  };

  const resource = defineResource<
    CompetencyCategory,
    CompetencyCategoryCreate,
    CompetencyCategoryUpdate,
    CompetencyCategoryListQuery
  >(db, {
    contract: competencyCategoriesContract,
    activeStatus: true,
    entity: 'competency_category',
    table: competencyCategories,
    columns: COLUMNS,
    sortable: {
      order: competencyCategories.order,
      status: competencyCategories.status,
      created_at: competencyCategories.createdAt,
      updated_at: competencyCategories.updatedAt,
    },
    defaultOrder: [asc(competencyCategories.order), asc(competencyCategories.id)],
    search: [namesText(competencyCategories.names)],
    present,
    export: {
      fileName: `${CATEGORY_NS}.export_file`,
      columns: [
        { header: `${CATEGORY_NS}.columns.id`, value: (c) => c.id },
        { header: `${CATEGORY_NS}.columns.name`, value: (c, t) => pickLocalized(c.names, languageOf(t), 'tr') },
        { header: `${CATEGORY_NS}.columns.order`, value: (c) => c.order },
        { header: `${CATEGORY_NS}.columns.competencies_count`, value: (c) => c.competencies_count },
        activeStatusExportColumn(CATEGORY_NS),
      ],
    },
  });
  return resource;
}

/** `api/admin/competencies` (read_competency): the framework's competencies with their levels. */
export function createCompetencyResource(platform: Platform) {
  const db = platform.database.db;

  async function present(tx: Db, companyId: number, ids: number[]): Promise<Competency[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({
        row: competencies,
        category: { id: competencyCategories.id, names: competencyCategories.names },
        people: sql<number>`(select count(*)::integer from competency_person_levels pl where pl.competency_id = competencies.id)`,
        rules: sql<number>`(select count(*)::integer from competency_rules r where r.competency_id = competencies.id)`,
      })
      .from(competencies)
      .leftJoin(competencyCategories, eq(competencyCategories.id, competencies.categoryId))
      .where(and(eq(competencies.companyId, companyId), inArray(competencies.id, ids)));
    return rows.map(({ row, category, people, rules }) => ({
      id: row.id,
      names: row.names,
      description: row.description,
      category: category?.id ? { id: category.id, names: category.names } : null,
      levels: row.levels,
      status: presentActiveStatus(row.status),
      people,
      rules,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    }));
  }

  const COLUMNS = {
    names: competencies.names,
    description: competencies.description,
    category_id: competencies.categoryId,
    levels: competencies.levels,
    status: competencies.status,
  };

  /** Fewer levels than someone holds, or than a rule sets, would leave a level without a name: refused. */
  async function assertLevelsCover(tx: Db, companyId: number, id: number, count: number) {
    const result = await tx.execute(sql`
      select greatest(
        (select coalesce(max(level), 0) from competency_person_levels where company_id = ${companyId} and competency_id = ${id}),
        (select coalesce(max(level), 0) from competency_rules where company_id = ${companyId} and competency_id = ${id}),
        (select coalesce(max(level), 0) from competency_group_targets where company_id = ${companyId} and competency_id = ${id})
      )::integer as highest`);
    const highest = (result as unknown as { rows: { highest: number }[] }).rows[0]?.highest ?? 0;
    if (highest > count) throw invalidFields({ levels: 'competencies.errors.levels_in_use' });
  }

  const resource = defineResource<Competency, CompetencyCreate, CompetencyUpdate, CompetencyListQuery>(db, {
    contract: competenciesContract,
    activeStatus: true,
    entity: 'competency',
    table: competencies,
    sortable: {
      name: nameSortSql(competencies.names),
      category: sql`(select cc."order" from competency_categories cc where cc.id = ${competencies.categoryId})`,
      status: competencies.status,
      people: sql`(select count(*) from competency_person_levels pl where pl.competency_id = ${competencies.id})`,
      created_at: competencies.createdAt,
      updated_at: competencies.updatedAt,
    } satisfies Record<(typeof COMPETENCY_SORTS)[number], unknown>,
    defaultOrder: [nameSortSql(competencies.names), asc(competencies.id)],
    search: [namesText(competencies.names), competencies.description],
    filters: { category_id: (v: number) => eq(competencies.categoryId, v) },
    present,
    async create(tx, actor, input) {
      await assertOwnCategory(tx, actor.companyId, input.category_id);
      const [row] = await tx
        .insert(competencies)
        .values({
          ...(columnValues(COLUMNS, competencies, input) as typeof competencies.$inferInsert),
          companyId: actor.companyId,
        })
        .returning({ id: competencies.id });
      if (!row) throw new Error('competency insert returned nothing');
      return row.id;
    },
    async update(tx, actor, before, input) {
      await assertOwnCategory(tx, actor.companyId, input.category_id);
      if (input.levels) await assertLevelsCover(tx, actor.companyId, before.id, input.levels.length);
      await tx
        .update(competencies)
        .set({ ...columnValues(COLUMNS, competencies, input), updatedAt: new Date() })
        .where(and(eq(competencies.companyId, actor.companyId), eq(competencies.id, before.id)));
    },
    /** People's levels and their history are records worth keeping: a competency in use is made passive instead. */
    async beforeDelete(_tx, _actor, items) {
      if (items.some((item) => item.people > 0 || item.rules > 0)) {
        throw invalidFields({ id: 'competencies.errors.in_use' });
      }
    },
    export: {
      fileName: `${NS}.export_file`,
      columns: [
        { header: `${NS}.columns.id`, value: (c) => c.id },
        { header: `${NS}.columns.name`, value: (c, t) => pickLocalized(c.names, languageOf(t), 'tr') },
        {
          header: `${NS}.columns.category`,
          value: (c, t) => (c.category ? pickLocalized(c.category.names, languageOf(t), 'tr') : ''),
        },
        { header: `${NS}.columns.levels`, value: (c) => c.levels.map((name, i) => `${i + 1}. ${name}`).join(' · ') },
        { header: `${NS}.columns.people`, value: (c) => c.people },
        { header: `${NS}.columns.description`, value: (c) => c.description ?? '' },
        activeStatusExportColumn(NS),
      ],
    },
  });
  return resource;
}
