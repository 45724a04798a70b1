import {
  type CompetencyHistoryList,
  type CompetencyHistoryQuery,
  type CompetencyLevel,
  type CompetencyLevelList,
  type CompetencyLevelListQuery,
  type CompetencyLevelSet,
  type CompetencySource,
  EXPORT_FORMATS,
  type ExportFormat,
  type LocalizedText,
  type MyCompetency,
  parseSort,
  pickLocalized,
} from '@kampus/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { competencies, competencyLevelHistory, competencyPersonLevels, users } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { type ExportOwner, initiatorOf } from '../../../platform/exports.js';
import { invalidFields } from '../../../platform/http/errors.js';
import { languageOf, type Translate } from '../../../platform/i18n.js';
import { foldedColumn, likePattern } from '../../../platform/resource/resource.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The person of a level row, folded as the admin lists fold it, for the search. */
const PERSON_TEXT = foldedColumn(
  sql`u.name || ' ' || u.surname || ' ' || coalesce(u.email, '') || ' ' || c.names::text` as unknown as PgColumn,
);

interface LevelSqlRow {
  id: number;
  user_id: number;
  name: string;
  surname: string;
  email: string | null;
  department: string | null;
  competency_id: number;
  names: LocalizedText;
  levels: string[];
  level: number;
  source: CompetencySource;
  rule_id: number | null;
  rule_name: string | null;
  set_by_id: number | null;
  set_by_name: string | null;
  set_at: string;
  total: number;
}

type LevelFilters = Omit<CompetencyLevelListQuery, 'page' | 'per_page'>;

const SORTS: Record<string, SQL> = {
  person: sql`u.name, u.surname`,
  competency: sql`lower(coalesce(c.names->>'tr', c.names->>'en', c.names->>'az', c.names->>'de'))`,
  level: sql`pl.level`,
  set_at: sql`pl.set_at`,
};

function orderOf(sort: string | undefined): SQL {
  const parsed = parseSort(sort);
  const column = parsed && Object.hasOwn(SORTS, parsed.field) ? SORTS[parsed.field] : undefined;
  if (!parsed || !column) return sql`u.name asc, u.surname asc, u.id asc, pl.id asc`;
  return parsed.descending ? sql`${column} desc, u.id desc, pl.id desc` : sql`${column} asc, u.id asc, pl.id asc`;
}

/** People's levels with their person, competency, rule and setter; the filters of the list and of its export. */
function levelsSql(companyId: number, query: LevelFilters): SQL {
  const conditions = [
    sql`pl.company_id = ${companyId}`,
    query.user_id ? sql`pl.user_id = ${query.user_id}` : undefined,
    query.competency_id ? sql`pl.competency_id = ${query.competency_id}` : undefined,
    query.source ? sql`pl.source = ${query.source}` : undefined,
    query.search ? sql`${PERSON_TEXT} like ${likePattern(query.search)}` : undefined,
  ].filter((c): c is SQL => c !== undefined);
  return sql`select pl.id, u.id as user_id, u.name, u.surname, u.email, u.department,
      c.id as competency_id, c.names, c.levels, pl.level, pl.source, pl.set_at::text as set_at,
      r.id as rule_id, r.name as rule_name, sb.id as set_by_id, (sb.name || ' ' || sb.surname) as set_by_name,
      count(*) over ()::integer as total
    from competency_person_levels pl
    join users u on u.id = pl.user_id
    join competencies c on c.id = pl.competency_id
    left join competency_rules r on r.id = pl.rule_id
    left join users sb on sb.id = pl.set_by
    where ${sql.join(conditions, sql` and `)}
    order by ${orderOf(query.sort)}`;
}

const presentLevel = (row: LevelSqlRow): CompetencyLevel => ({
  id: row.id,
  user: { id: row.user_id, name: row.name, surname: row.surname, email: row.email, department: row.department },
  competency: { id: row.competency_id, names: row.names, levels: row.levels },
  level: row.level,
  level_name: row.levels[row.level - 1] ?? String(row.level),
  source: row.source,
  rule: row.rule_id !== null ? { id: row.rule_id, name: row.rule_name ?? '' } : null,
  set_by: row.set_by_id !== null ? { id: row.set_by_id, name: row.set_by_name ?? '' } : null,
  set_at: new Date(row.set_at).toISOString(),
});

const exportParams = z.object({
  query: z.object({
    search: z.string().optional(),
    sort: z.string().optional(),
    user_id: z.number().optional(),
    competency_id: z.number().optional(),
    source: z.enum(['manual', 'rule']).optional(),
  }),
  format: z.enum(EXPORT_FORMATS),
});

/**
 * People's levels (read_competency): the list per person or per competency with its export, the manual setting (up
 * or down, or removed; who, when and why kept in the history), the history, and a person's own levels.
 */
export function createCompetencyLevels(platform: Platform) {
  const db = platform.database.db;

  platform.exports.define({
    name: 'competency-levels',
    schema: exportParams,
    async plan(tx, owner: ExportOwner, params, t: Translate) {
      const lang = languageOf(t);
      async function* rows() {
        const all = rowsOf<LevelSqlRow>(await tx.execute(levelsSql(owner.companyId, params.query)));
        yield all
          .map(presentLevel)
          .map((r) => [
            `${r.user.name} ${r.user.surname}`,
            r.user.email,
            r.user.department,
            pickLocalized(r.competency.names, lang, 'tr'),
            r.level,
            r.level_name,
            t(`competencies.sources.${r.source}`),
            r.rule?.name ?? '',
            r.set_by?.name ?? '',
            r.set_at,
          ]);
      }
      const headers = [
        'person',
        'email',
        'department',
        'competency',
        'level',
        'level_name',
        'source',
        'rule',
        'set_by',
        'set_at',
      ].map((key) => t(`competencies.level_columns.${key}`));
      const name = t('competencies.levels_file');
      return {
        fileName: name,
        format: params.format as ExportFormat,
        sheets: [{ name: name.slice(0, 31), headers, rows: rows() }],
        written: () =>
          record(tx, initiatorOf(owner), { action: 'competency_level.exported', entity: 'competency_level' }),
      };
    },
  });

  async function personOf(tx: Db, companyId: number, userId: number) {
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
    if (!row) throw invalidFields({ user_id: 'competencies.errors.person_invalid' });
  }

  return {
    /** GET api/admin/competency-levels. */
    list: (actor: Actor, query: CompetencyLevelListQuery): Promise<CompetencyLevelList> =>
      inTenant(db, actor.companyId, async (tx) => {
        const offset = (query.page - 1) * query.per_page;
        const rows = rowsOf<LevelSqlRow>(
          await tx.execute(sql`${levelsSql(actor.companyId, query)} limit ${query.per_page} offset ${offset}`),
        );
        return {
          data: rows.map(presentLevel),
          meta: { page: query.page, per_page: query.per_page, total: rows[0]?.total ?? 0 },
        };
      }),

    /** POST api/admin/competency-levels/export. */
    export: (actor: Actor, query: LevelFilters, format: ExportFormat) =>
      platform.exports.start(actor, 'competency-levels', { query, format }),

    /**
     * PUT api/admin/competency-levels: a person's level set by hand (raised, lowered or removed with `level` null).
     * Answers the level now (null once removed). Setting the level the person already holds changes nothing.
     */
    set: (actor: Actor, input: CompetencyLevelSet): Promise<CompetencyLevel | null> =>
      inTenant(db, actor.companyId, async (tx) => {
        await personOf(tx, actor.companyId, input.user_id);
        const [competency] = await tx
          .select({ levels: competencies.levels })
          .from(competencies)
          .where(and(eq(competencies.companyId, actor.companyId), eq(competencies.id, input.competency_id)));
        if (!competency) throw invalidFields({ competency_id: 'competencies.errors.competency_invalid' });
        if (input.level !== null && input.level > competency.levels.length) {
          throw invalidFields({ level: 'competencies.errors.level_invalid' });
        }
        const where = and(
          eq(competencyPersonLevels.companyId, actor.companyId),
          eq(competencyPersonLevels.userId, input.user_id),
          eq(competencyPersonLevels.competencyId, input.competency_id),
        );
        const [current] = await tx
          .select({ level: competencyPersonLevels.level })
          .from(competencyPersonLevels)
          .where(where)
          .for('update');
        const from = current?.level ?? null;
        if (from !== input.level) {
          const now = new Date();
          if (input.level === null) {
            await tx.delete(competencyPersonLevels).where(where);
          } else {
            const values = {
              level: input.level,
              source: 'manual' as const,
              ruleId: null,
              setBy: actor.userId,
              setAt: now,
            };
            await tx
              .insert(competencyPersonLevels)
              .values({
                companyId: actor.companyId,
                userId: input.user_id,
                competencyId: input.competency_id,
                ...values,
              })
              .onConflictDoUpdate({
                target: [competencyPersonLevels.userId, competencyPersonLevels.competencyId],
                set: values,
              });
          }
          await tx.insert(competencyLevelHistory).values({
            companyId: actor.companyId,
            userId: input.user_id,
            competencyId: input.competency_id,
            fromLevel: from,
            toLevel: input.level,
            source: 'manual',
            setBy: actor.userId,
            note: input.note,
            setAt: now,
          });
          await record(tx, actor, {
            action: 'competency_level.set',
            entity: 'competency',
            id: input.competency_id,
            before: { user_id: input.user_id, level: from },
            after: { user_id: input.user_id, level: input.level },
          });
        }
        if (input.level === null) return null;
        const rows = rowsOf<LevelSqlRow>(
          await tx.execute(levelsSql(actor.companyId, { user_id: input.user_id, competency_id: input.competency_id })),
        );
        return rows[0] ? presentLevel(rows[0]) : null;
      }),

    /** GET api/admin/competency-levels/history: a person's changes (of one competency, or all), newest first. */
    history: (actor: Actor, query: CompetencyHistoryQuery): Promise<CompetencyHistoryList> =>
      inTenant(db, actor.companyId, async (tx) => {
        await personOf(tx, actor.companyId, query.user_id);
        const offset = (query.page - 1) * query.per_page;
        const rows = rowsOf<{
          id: number;
          competency_id: number;
          names: LocalizedText;
          from_level: number | null;
          to_level: number | null;
          source: CompetencySource;
          rule_id: number | null;
          rule_name: string | null;
          set_by_id: number | null;
          set_by_name: string | null;
          note: string | null;
          set_at: string;
          total: number;
        }>(
          await tx.execute(sql`
            select h.id, c.id as competency_id, c.names, h.from_level, h.to_level, h.source, h.note,
              h.set_at::text as set_at, r.id as rule_id, r.name as rule_name,
              sb.id as set_by_id, (sb.name || ' ' || sb.surname) as set_by_name, count(*) over ()::integer as total
            from competency_level_history h
            join competencies c on c.id = h.competency_id
            left join competency_rules r on r.id = h.rule_id
            left join users sb on sb.id = h.set_by
            where h.company_id = ${actor.companyId} and h.user_id = ${query.user_id}
              ${query.competency_id ? sql`and h.competency_id = ${query.competency_id}` : sql``}
            order by h.set_at desc, h.id desc
            limit ${query.per_page} offset ${offset}`),
        );
        return {
          data: rows.map((row) => ({
            id: row.id,
            competency: { id: row.competency_id, names: row.names },
            from_level: row.from_level,
            to_level: row.to_level,
            source: row.source,
            rule: row.rule_id !== null ? { id: row.rule_id, name: row.rule_name ?? '' } : null,
            set_by: row.set_by_id !== null ? { id: row.set_by_id, name: row.set_by_name ?? '' } : null,
            note: row.note,
            set_at: new Date(row.set_at).toISOString(),
          })),
          meta: { page: query.page, per_page: query.per_page, total: rows[0]?.total ?? 0 },
        };
      }),

    /** GET api/competencies/me: the signed-in person's levels of the company's active competencies. */
    mine: (actor: Actor): Promise<MyCompetency[]> =>
      inTenant(db, actor.companyId, async (tx) => {
        const rows = rowsOf<{
          id: number;
          names: LocalizedText;
          description: string | null;
          levels: string[];
          category_id: number | null;
          category_names: LocalizedText | null;
          level: number;
          source: CompetencySource;
          set_at: string;
        }>(
          await tx.execute(sql`
            select c.id, c.names, c.description, c.levels, cc.id as category_id, cc.names as category_names,
              pl.level, pl.source, pl.set_at::text as set_at
            from competency_person_levels pl
            join competencies c on c.id = pl.competency_id and c.status = 1
            left join competency_categories cc on cc.id = c.category_id
            where pl.company_id = ${actor.companyId} and pl.user_id = ${actor.userId}
            order by cc."order" nulls last, cc.id, lower(coalesce(c.names->>'tr', c.names->>'en', c.names->>'az', c.names->>'de')), c.id`),
        );
        return rows.map((row) => ({
          competency: {
            id: row.id,
            names: row.names,
            description: row.description,
            category:
              row.category_id !== null && row.category_names
                ? { id: row.category_id, names: row.category_names }
                : null,
            levels: row.levels,
          },
          level: row.level,
          level_name: row.levels[row.level - 1] ?? String(row.level),
          source: row.source,
          set_at: new Date(row.set_at).toISOString(),
        }));
      }),
  };
}

export type CompetencyLevels = ReturnType<typeof createCompetencyLevels>;
