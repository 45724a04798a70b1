import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companyRef, createdAt, updatedAt } from './columns.js';
import { users } from './identity.js';
import { tenantPolicy } from './rls.js';

/**
 * What earns points in a company (issue 17): one rule per kind of event, with its points, on/off, a daily cap and,
 * for exams, scaling by the score. A company gets one row of each kind (off) when it is made; the seed switches
 * the demo companies' on.
 */
export const pointRules = pgTable(
  'point_rules',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    kind: text().notNull(),
    points: integer().notNull(),
    status: smallint().notNull().default(0),
    /** The most points one person earns from this rule in one day (the company's day); null: no cap. */
    dailyCap: integer(),
    /** Exams only: the points are scaled by the score (80% of 10 points is 8). */
    scaleByScore: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('point_rules_company_kind_idx').on(t.companyId, t.kind),
    check('point_rules_status_check', sql`${t.status} in (0, 1)`),
    check('point_rules_points_check', sql`${t.points} between 0 and 10000`),
    check('point_rules_daily_cap_check', sql`${t.dailyCap} is null or ${t.dailyCap} > 0`),
    tenantPolicy(t.companyId),
  ],
);

/**
 * The points ledger: append-only. A row is one award (a rule, the item it was earned for as `source_key`, unique per
 * person and kind, so a redelivered event or a repeated completion awards once). Balances and period totals are
 * derived from it (point_totals, written in the same transaction).
 */
export const pointLedger = pgTable(
  'point_ledger',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ruleId: integer().references(() => pointRules.id, { onDelete: 'set null' }),
    kind: text().notNull(),
    /** What earned it: `content:12`, `day:2026-11-26`, `exam:4`… */
    sourceKey: text().notNull(),
    points: integer().notNull(),
    /** The company's season the award fell in (leaderboard_settings.season). */
    season: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('point_ledger_source_idx').on(t.companyId, t.userId, t.kind, t.sourceKey),
    index('point_ledger_company_user_idx').on(t.companyId, t.userId, t.createdAt),
    tenantPolicy(t.companyId),
  ],
);

/**
 * Running totals per person and period (`week`/`month` keyed by their first day, `season` by its number as
 * `period_key`, `all` by 0), kept with each ledger row: the leader table reads ranks from the index on points.
 */
export const pointTotals = pgTable(
  'point_totals',
  {
    companyId: companyRef(),
    period: text().notNull(),
    periodKey: integer().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    points: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.period, t.periodKey, t.userId] }),
    index('point_totals_rank_idx').on(t.companyId, t.period, t.periodKey, t.points.desc(), t.userId),
    check('point_totals_period_check', sql`${t.period} in ('week', 'month', 'season', 'all')`),
    tenantPolicy(t.companyId),
  ],
);

/**
 * How many people hold each total of a period (people with points only; the leader table subtracts those it leaves
 * out): a table's size and a person's rank are sums over a few hundred rows rather than counts over every person. A
 * trigger on point_totals keeps it in step in the writer's transaction (migration 0034).
 */
export const pointTotalCounts = pgTable(
  'point_total_counts',
  {
    companyId: companyRef(),
    period: text().notNull(),
    periodKey: integer().notNull(),
    points: integer().notNull(),
    people: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.period, t.periodKey, t.points] }), tenantPolicy(t.companyId)],
);

/** A company's leader table: the periods and scopes learners see, and the current season. */
export const leaderboardSettings = pgTable(
  'leaderboard_settings',
  {
    companyId: companyRef().primaryKey(),
    periods: text().array().notNull().default(sql`'{week,month,season,all}'`),
    scopes: text().array().notNull().default(sql`'{company,group}'`),
    season: integer().notNull().default(1),
    seasonStartedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [tenantPolicy(t.companyId)],
);

/** People the leader table leaves out (admins, test accounts); they still earn points. */
export const leaderboardExclusions = pgTable(
  'leaderboard_exclusions',
  {
    companyId: companyRef(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] }), tenantPolicy(t.companyId)],
);

/**
 * The closing entries of a season, written by a reset: each ranked person's final points and rank, so the season's
 * standings stay readable after the table starts over.
 */
export const pointSeasonStandings = pgTable(
  'point_season_standings',
  {
    companyId: companyRef(),
    season: integer().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    points: integer().notNull(),
    rank: integer().notNull(),
    seasonStartedAt: timestamp({ withTimezone: true }).notNull(),
    closedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.season, t.userId] }),
    index('point_season_standings_rank_idx').on(t.companyId, t.season, t.rank),
    tenantPolicy(t.companyId),
  ],
);
