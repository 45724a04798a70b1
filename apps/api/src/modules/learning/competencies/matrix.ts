import {
  COMPETENCY_MATRIX_COLUMNS_MAX,
  type CompetencyMatrix,
  type CompetencyMatrixOptions,
  type CompetencyMatrixQuery,
  type CompetencyTargetSet,
  EXPORT_FORMATS,
  type ExportFormat,
  type LocalizedText,
  pickLocalized,
} from '@kampus/shared';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import {
  competencies,
  competencyGroupTargets,
  competencyPersonLevels,
  userGroups,
  users,
} from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { type ExportOwner, initiatorOf } from '../../../platform/exports.js';
import { invalidFields } from '../../../platform/http/errors.js';
import { languageOf, type Translate } from '../../../platform/i18n.js';
import { foldedColumn, likePattern } from '../../../platform/resource/resource.js';
import { findGroups, membershipCondition } from '../../organisation/user-groups/service.js';
import { nameSortSql } from './framework.js';

type MatrixFilters = Omit<CompetencyMatrixQuery, 'page' | 'per_page'>;
type MatrixColumn = CompetencyMatrix['data']['competencies'][number];
type MatrixPerson = CompetencyMatrix['data']['people'][number];

const PERSON_TEXT = foldedColumn(
  sql`${users.name} || ' ' || ${users.surname} || ' ' || coalesce(${users.email}, '')` as unknown as PgColumn,
);

const exportParams = z.object({
  query: z.object({
    search: z.string().optional(),
    group_id: z.number().optional(),
    department: z.string().optional(),
    category_id: z.number().optional(),
    gaps_only: z.boolean().optional(),
  }),
  format: z.enum(EXPORT_FORMATS),
});

/** Rows of the matrix's people fetched at a time while an export is written. */
const EXPORT_BATCH = 500;

/**
 * The company's competency matrix (read_competency): active people × active competencies, filtered by group,
 * department, category and search; with a group chosen, that group's target levels and each person's gaps (targets
 * they are below). Targets are set per group and competency; the matrix exports as a file.
 */
export function createCompetencyMatrix(platform: Platform) {
  const db = platform.database.db;

  async function columnsOf(tx: Db, companyId: number, query: MatrixFilters): Promise<MatrixColumn[]> {
    const rows = await tx
      .select({ id: competencies.id, names: competencies.names, levels: competencies.levels })
      .from(competencies)
      .where(
        and(
          eq(competencies.companyId, companyId),
          eq(competencies.status, 1),
          query.category_id ? eq(competencies.categoryId, query.category_id) : undefined,
        ),
      )
      .orderBy(
        sql`(select cc."order" from competency_categories cc where cc.id = ${competencies.categoryId}) nulls last`,
        nameSortSql(competencies.names),
        asc(competencies.id),
      )
      .limit(COMPETENCY_MATRIX_COLUMNS_MAX);
    const targets = new Map<number, number>();
    if (query.group_id && rows.length > 0) {
      const found = await tx
        .select({ competencyId: competencyGroupTargets.competencyId, level: competencyGroupTargets.level })
        .from(competencyGroupTargets)
        .where(
          and(
            eq(competencyGroupTargets.companyId, companyId),
            eq(competencyGroupTargets.groupId, query.group_id),
            inArray(
              competencyGroupTargets.competencyId,
              rows.map((row) => row.id),
            ),
          ),
        );
      for (const target of found) targets.set(target.competencyId, target.level);
    }
    return rows.map((row) => ({ ...row, target: targets.get(row.id) ?? null }));
  }

  /** The people's condition: active, of the company, in the group and department, matching the search. */
  async function peopleCondition(tx: Db, companyId: number, query: MatrixFilters, columns: MatrixColumn[]) {
    let group: SQL | undefined;
    if (query.group_id) {
      const groups = await findGroups(tx, companyId, [query.group_id]);
      group = groups.length > 0 ? membershipCondition(companyId, groups) : sql`false`;
    }
    const targeted = columns.filter((column) => column.target !== null);
    const gaps =
      query.gaps_only && targeted.length > 0
        ? sql`exists (select 1 from (values ${sql.join(
            targeted.map((c) => sql`(${c.id}::integer, ${c.target}::integer)`),
            sql`, `,
          )}) as t(competency_id, level)
            where coalesce((select pl.level from competency_person_levels pl
              where pl.user_id = ${users.id} and pl.competency_id = t.competency_id), 0) < t.level)`
        : query.gaps_only
          ? sql`false`
          : undefined;
    return and(
      eq(users.companyId, companyId),
      eq(users.status, 1),
      group,
      query.department ? eq(users.department, query.department) : undefined,
      query.search ? sql`${PERSON_TEXT} like ${likePattern(query.search)}` : undefined,
      gaps,
    );
  }

  async function peopleRows(
    tx: Db,
    companyId: number,
    columns: MatrixColumn[],
    condition: SQL | undefined,
    limit: number,
    offset: number,
  ): Promise<MatrixPerson[]> {
    const people = await tx
      .select({
        id: users.id,
        name: users.name,
        surname: users.surname,
        email: users.email,
        department: users.department,
      })
      .from(users)
      .where(condition)
      .orderBy(asc(users.name), asc(users.surname), asc(users.id))
      .limit(limit)
      .offset(offset);
    if (people.length === 0) return [];
    const levels =
      columns.length > 0
        ? await tx
            .select({
              userId: competencyPersonLevels.userId,
              competencyId: competencyPersonLevels.competencyId,
              level: competencyPersonLevels.level,
            })
            .from(competencyPersonLevels)
            .where(
              and(
                eq(competencyPersonLevels.companyId, companyId),
                inArray(
                  competencyPersonLevels.userId,
                  people.map((p) => p.id),
                ),
                inArray(
                  competencyPersonLevels.competencyId,
                  columns.map((c) => c.id),
                ),
              ),
            )
        : [];
    const byPerson = new Map<number, Record<string, number>>();
    for (const row of levels) {
      const own = byPerson.get(row.userId) ?? {};
      own[String(row.competencyId)] = row.level;
      byPerson.set(row.userId, own);
    }
    return people.map((person) => {
      const own = byPerson.get(person.id) ?? {};
      const gaps = columns.filter((c) => c.target !== null && (own[String(c.id)] ?? 0) < c.target).length;
      return { ...person, levels: own, gaps };
    });
  }

  platform.exports.define({
    name: 'competency-matrix',
    schema: exportParams,
    async plan(tx, owner: ExportOwner, params, t: Translate) {
      const lang = languageOf(t);
      const query = { ...params.query, gaps_only: params.query.gaps_only ?? false };
      const columns = await columnsOf(tx, owner.companyId, query);
      const condition = await peopleCondition(tx, owner.companyId, query, columns);
      async function* rows() {
        for (let offset = 0; ; offset += EXPORT_BATCH) {
          const people = await peopleRows(tx, owner.companyId, columns, condition, EXPORT_BATCH, offset);
          if (people.length === 0) return;
          yield people.map((person) => [
            `${person.name} ${person.surname}`,
            person.email,
            person.department,
            ...columns.map((c) => person.levels[String(c.id)] ?? ''),
            ...(query.group_id ? [person.gaps] : []),
          ]);
          if (people.length < EXPORT_BATCH) return;
        }
      }
      const headers = [
        t('competencies.matrix.person'),
        t('competencies.level_columns.email'),
        t('competencies.level_columns.department'),
        ...columns.map((c) => {
          const name = pickLocalized(c.names as LocalizedText, lang, 'tr');
          return c.target !== null ? `${name} (${t('competencies.matrix.target_short', { level: c.target })})` : name;
        }),
        ...(query.group_id ? [t('competencies.matrix.gaps')] : []),
      ];
      const name = t('competencies.matrix_file');
      return {
        fileName: name,
        format: params.format as ExportFormat,
        sheets: [{ name: name.slice(0, 31), headers, rows: rows() }],
        written: () =>
          record(tx, initiatorOf(owner), { action: 'competency_matrix.exported', entity: 'competency_matrix' }),
      };
    },
  });

  return {
    /** GET api/admin/competency-matrix. */
    matrix: (actor: Actor, query: CompetencyMatrixQuery): Promise<CompetencyMatrix> =>
      inTenant(db, actor.companyId, async (tx) => {
        const columns = await columnsOf(tx, actor.companyId, query);
        const condition = await peopleCondition(tx, actor.companyId, query, columns);
        const [counted] = await tx.select({ total: sql<number>`count(*)::integer` }).from(users).where(condition);
        const offset = (query.page - 1) * query.per_page;
        const people = await peopleRows(tx, actor.companyId, columns, condition, query.per_page, offset);
        return {
          data: { competencies: columns, people },
          meta: { page: query.page, per_page: query.per_page, total: counted?.total ?? 0 },
        };
      }),

    /** POST api/admin/competency-matrix/export. */
    export: (actor: Actor, query: MatrixFilters, format: ExportFormat) =>
      platform.exports.start(actor, 'competency-matrix', { query, format }),

    /** GET api/admin/competency-matrix/options: the active groups and the departments people hold. */
    options: (actor: Actor): Promise<CompetencyMatrixOptions> =>
      inTenant(db, actor.companyId, async (tx) => {
        const groups = await tx
          .select({ id: userGroups.id, name: userGroups.name })
          .from(userGroups)
          .where(and(eq(userGroups.companyId, actor.companyId), eq(userGroups.status, 1)))
          .orderBy(asc(userGroups.name));
        const departments = await tx
          .selectDistinct({ department: users.department })
          .from(users)
          .where(and(eq(users.companyId, actor.companyId), sql`coalesce(${users.department}, '') <> ''`))
          .orderBy(asc(users.department));
        return { groups, departments: departments.map((d) => d.department ?? '') };
      }),

    /** PUT api/admin/competency-matrix/targets: a group's target level of a competency; null removes it. */
    setTarget: (actor: Actor, input: CompetencyTargetSet) =>
      inTenant(db, actor.companyId, async (tx) => {
        const [group] = await tx
          .select({ id: userGroups.id })
          .from(userGroups)
          .where(and(eq(userGroups.companyId, actor.companyId), eq(userGroups.id, input.group_id)));
        if (!group) throw invalidFields({ group_id: 'competencies.errors.group_invalid' });
        const [competency] = await tx
          .select({ levels: competencies.levels })
          .from(competencies)
          .where(and(eq(competencies.companyId, actor.companyId), eq(competencies.id, input.competency_id)));
        if (!competency) throw invalidFields({ competency_id: 'competencies.errors.competency_invalid' });
        if (input.level !== null && input.level > competency.levels.length) {
          throw invalidFields({ level: 'competencies.errors.level_invalid' });
        }
        const where = and(
          eq(competencyGroupTargets.companyId, actor.companyId),
          eq(competencyGroupTargets.groupId, input.group_id),
          eq(competencyGroupTargets.competencyId, input.competency_id),
        );
        if (input.level === null) {
          await tx.delete(competencyGroupTargets).where(where);
        } else {
          await tx
            .insert(competencyGroupTargets)
            .values({
              companyId: actor.companyId,
              groupId: input.group_id,
              competencyId: input.competency_id,
              level: input.level,
            })
            .onConflictDoUpdate({
              target: [competencyGroupTargets.groupId, competencyGroupTargets.competencyId],
              set: { level: input.level, updatedAt: new Date() },
            });
        }
        await record(tx, actor, {
          action: 'competency_target.set',
          entity: 'competency_target',
          id: input.competency_id,
          after: { group_id: input.group_id, competency_id: input.competency_id, level: input.level },
        });
        return input;
      }),
  };
}

export type CompetencyMatrixService = ReturnType<typeof createCompetencyMatrix>;
