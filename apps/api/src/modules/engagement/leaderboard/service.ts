import {
  displayName,
  initials,
  LEADERBOARD_PERIODS,
  LEADERBOARD_SCOPES,
  type Leaderboard,
  type LeaderboardEntry,
  type LeaderboardPeriod,
  type LeaderboardQuery,
  type LeaderboardScope,
  type LeaderboardSettings,
  type LeaderboardSettingsUpdate,
  type ResetPoints,
  type ResetPointsResult,
} from '@kampus/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { conflict, forbidden, invalidFields } from '../../../platform/http/errors.js';
import { translator } from '../../../platform/i18n.js';
import { findEnabledModules } from '../../frame/widgets/service.js';
import { POINTS_TIME_ZONE } from '../points/awards.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Competition ranks (1, 2, 2, 4) of rows in points order: a row tied with the one before shares its rank, any
 * other's rank is its place in the whole table, since everyone above it has more points.
 */
export function withRanks<T extends { points: number }>(rows: T[], offset: number, firstRank: number) {
  const ranked: (T & { rank: number })[] = [];
  rows.forEach((row, index) => {
    const before = ranked[index - 1];
    const rank = index === 0 ? firstRank : before && before.points === row.points ? before.rank : offset + index + 1;
    ranked.push({ ...row, rank });
  });
  return ranked;
}
const iso = (value: Date | string) => new Date(value).toISOString();

interface SettingsRow {
  periods: LeaderboardPeriod[];
  scopes: LeaderboardScope[];
  season: number;
  season_started_at: Date | string;
}

/** The company's settings; a company that never saved any shows everything, in season 1 since it was made. */
async function settingsRow(tx: Db, companyId: number): Promise<SettingsRow> {
  const [row] = rowsOf<SettingsRow>(
    await tx.execute(sql`select periods, scopes, season, season_started_at from leaderboard_settings
      where company_id = ${companyId}`),
  );
  if (row) return row;
  const [company] = rowsOf<{ created_at: Date | string }>(
    await tx.execute(sql`select created_at from companies where id = ${companyId}`),
  );
  return {
    periods: [...LEADERBOARD_PERIODS],
    scopes: [...LEADERBOARD_SCOPES],
    season: 1,
    season_started_at: company?.created_at ?? new Date(),
  };
}

/**
 * The key of a period now, worked out here rather than in SQL, so the planner sees a constant and reads the rank
 * index's range (awards.ts `weekKeySql`/`monthKeySql` write the same keys): a week by the day number since
 * 2000-01-01 of its Monday, a month as YYYYMM, both in the company's time zone.
 */
export function periodKey(period: LeaderboardPeriod, season: number, now = new Date()): number {
  if (period === 'season') return season;
  if (period === 'all') return 0;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: POINTS_TIME_ZONE, year: 'numeric', month: 'numeric', day: 'numeric' })
      .formatToParts(now)
      .map((part) => [part.type, Number(part.value)]),
  ) as { year: number; month: number; day: number };
  if (period === 'month') return parts.year * 100 + parts.month;
  const local = Date.UTC(parts.year, parts.month - 1, parts.day);
  const sinceMonday = (new Date(local).getUTCDay() + 6) % 7;
  return Math.round((local - sinceMonday * 86_400_000 - Date.UTC(2000, 0, 1)) / 86_400_000);
}

const periodKeySql = (period: LeaderboardPeriod, season: number): SQL => sql`${periodKey(period, season)}::integer`;

/**
 * The leader table (issue 17): learners' `GET api/leaderboard`, the admin's settings (periods, scopes, people left
 * out) and the season reset (`POST api/company/reset-points`). Ranks come from `point_totals` through its index on
 * (company, period, key, points desc): a page is an index range read with `rank()` over it, one's own rank a count
 * of the entries above one's points.
 */
export function createLeaderboardService(platform: Platform) {
  const db = platform.database.db;

  /** The rows of a period's table the viewer may see: the company's, or one group's; people left out never. */
  function tableRows(companyId: number, period: LeaderboardPeriod, key: SQL, groupId: number | null): SQL {
    const group =
      groupId === null
        ? sql``
        : sql`and exists (select 1 from user_group_members m
            where m.company_id = t.company_id and m.group_id = ${groupId} and m.user_id = t.user_id)`;
    return sql`point_totals t
      where t.company_id = ${companyId} and t.period = ${period} and t.period_key = ${key} and t.points > 0
        and not exists (select 1 from leaderboard_exclusions x where x.company_id = t.company_id and x.user_id = t.user_id)
        ${group}`;
  }

  async function present(
    tx: Db,
    actor: Actor,
    restrict: number,
    rows: { user_id: number; points: number; rank: number }[],
  ): Promise<LeaderboardEntry[]> {
    if (rows.length === 0) return [];
    const people = rowsOf<{ id: number; name: string; surname: string; photo: string | null }>(
      await tx.execute(sql`select id, name, surname, photo from users
        where id = any(${`{${rows.map((r) => r.user_id).join(',')}}`}::integer[])`),
    );
    const byId = new Map(people.map((p) => [p.id, p]));
    const viewer = { id: actor.userId, roles: actor.roleIds.map((id) => ({ id })) };
    return rows.map((row) => {
      const person = byId.get(row.user_id) ?? { id: row.user_id, name: '', surname: '', photo: null };
      const shown = displayName(person, viewer, restrict);
      const [first = '', ...rest] = shown.split(' ');
      return {
        rank: Number(row.rank),
        points: Number(row.points),
        user: {
          id: row.user_id,
          name: shown,
          initials: initials({ name: first, surname: rest.join(' ') || person.surname }),
          photo: person.photo,
        },
      };
    });
  }

  /** GET api/leaderboard: a page of the table, its podium and the viewer's own place. */
  async function board(actor: Actor, query: LeaderboardQuery): Promise<Leaderboard> {
    return inTenant(db, actor.companyId, async (tx) => {
      // The menu module `leader-table` switched off hides the table from everyone (spec §6).
      if (!(await findEnabledModules(tx, actor.companyId)).includes('leader-table')) {
        throw forbidden('leaderboard.errors.module_off');
      }
      const settings = await settingsRow(tx, actor.companyId);
      const periods = LEADERBOARD_PERIODS.filter((p) => settings.periods.includes(p));
      const scopes = LEADERBOARD_SCOPES.filter((s) => settings.scopes.includes(s));
      const period = query.period && periods.includes(query.period) ? query.period : (periods[0] ?? 'all');
      const groups = rowsOf<{ id: number; name: string }>(
        await tx.execute(sql`select g.id, g.name from user_groups g
          join user_group_members m on m.group_id = g.id and m.company_id = g.company_id
          where g.company_id = ${actor.companyId} and m.user_id = ${actor.userId} order by g.name, g.id`),
      );
      const wantsGroup = query.scope === 'group' && scopes.includes('group') && groups.length > 0;
      const scope: LeaderboardScope = wantsGroup || !scopes.includes('company') ? 'group' : 'company';
      const groupId =
        scope === 'group' ? (groups.find((g) => g.id === query.group_id)?.id ?? groups[0]?.id ?? null) : null;
      const [company] = rowsOf<{ restrict: number }>(
        await tx.execute(sql`select surname_view_restrict as restrict from companies where id = ${actor.companyId}`),
      );
      const restrict = company?.restrict ?? 0;
      const key = periodKeySql(period, settings.season);
      // A group scope without any group of the viewer's has nobody in it.
      const from = scope === 'group' && groupId === null ? null : tableRows(actor.companyId, period, key, groupId);
      const offset = (query.page - 1) * query.per_page;
      const ranked = (limit: number, skip: number) =>
        sql`select t.user_id, t.points from ${from} order by t.points desc, t.user_id limit ${limit} offset ${skip}`;
      const [page, podium, totalRows, mine] = from
        ? await Promise.all([
            tx.execute(ranked(query.per_page, offset)),
            tx.execute(ranked(3, 0)),
            tx.execute(sql`select count(*)::integer as total from ${from}`),
            tx.execute(sql`select me.points, (select count(*)::integer + 1 from ${from} and t.points > me.points) as rank
              from point_totals me
              where me.company_id = ${actor.companyId} and me.period = ${period} and me.period_key = ${key}
                and me.user_id = ${actor.userId} and me.points > 0
                and not exists (select 1 from leaderboard_exclusions x
                  where x.company_id = me.company_id and x.user_id = me.user_id)`),
          ])
        : [null, null, null, null];
      const pageRows = page ? rowsOf<{ user_id: number; points: number }>(page) : [];
      const podiumRows = podium ? rowsOf<{ user_id: number; points: number }>(podium) : [];
      const firstRank = await firstRankOf(tx, from, pageRows[0]?.points, offset);
      const meRow = mine ? rowsOf<{ points: number; rank: number }>(mine)[0] : undefined;
      const [balance] = rowsOf<{ points: number }>(
        await tx.execute(sql`select points from point_totals
          where company_id = ${actor.companyId} and period = 'all' and period_key = 0 and user_id = ${actor.userId}`),
      );
      return {
        data: {
          period,
          scope,
          group_id: groupId,
          periods,
          scopes,
          groups,
          season: { number: settings.season, started_at: iso(settings.season_started_at) },
          podium: await present(tx, actor, restrict, withRanks(podiumRows, 0, 1)),
          entries: await present(tx, actor, restrict, withRanks(pageRows, offset, firstRank)),
          me: meRow ? ((await present(tx, actor, restrict, [{ user_id: actor.userId, ...meRow }]))[0] ?? null) : null,
          balance: balance?.points ?? 0,
        },
        meta: {
          page: query.page,
          per_page: query.per_page,
          total: totalRows ? (rowsOf<{ total: number }>(totalRows)[0]?.total ?? 0) : 0,
        },
      };
    });
  }

  /** The true rank of a page's first row: 1 + how many have more points. */
  async function firstRankOf(tx: Db, from: SQL | null, points: number | undefined, offset: number) {
    if (from === null || points === undefined || offset === 0) return 1;
    const [row] = rowsOf<{ above: number }>(
      await tx.execute(sql`select count(*)::integer as above from ${from} and t.points > ${points}`),
    );
    return (row?.above ?? 0) + 1;
  }

  async function settings(actor: Pick<Actor, 'companyId'>): Promise<LeaderboardSettings> {
    return inTenant(db, actor.companyId, (tx) => settingsOf(tx, actor.companyId));
  }

  async function settingsOf(tx: Db, companyId: number): Promise<LeaderboardSettings> {
    const row = await settingsRow(tx, companyId);
    const excluded = rowsOf<{ id: number; name: string; surname: string; email: string | null }>(
      await tx.execute(sql`select u.id, u.name, u.surname, u.email from leaderboard_exclusions x
        join users u on u.id = x.user_id where x.company_id = ${companyId} order by u.name, u.surname, u.id`),
    );
    const seasons = rowsOf<{
      season: number;
      started_at: Date | string;
      closed_at: Date | string;
      people: number;
      top_points: number;
    }>(
      await tx.execute(sql`select season, min(season_started_at) as started_at, min(closed_at) as closed_at,
          count(*)::integer as people, max(points)::integer as top_points
        from point_season_standings where company_id = ${companyId}
        group by season order by season desc limit 20`),
    );
    return {
      periods: LEADERBOARD_PERIODS.filter((p) => row.periods.includes(p)),
      scopes: LEADERBOARD_SCOPES.filter((s) => row.scopes.includes(s)),
      season: row.season,
      season_started_at: iso(row.season_started_at),
      excluded,
      seasons: seasons.map((s) => ({ ...s, started_at: iso(s.started_at), closed_at: iso(s.closed_at) })),
    };
  }

  /** PUT api/admin/leaderboard-settings: periods, scopes and the people left out (all the company's). */
  async function updateSettings(actor: Actor, input: LeaderboardSettingsUpdate): Promise<LeaderboardSettings> {
    return inTenant(db, actor.companyId, async (tx) => {
      const before = await settingsOf(tx, actor.companyId);
      const ids = [...new Set(input.excluded_user_ids)];
      if (ids.length > 0) {
        const [found] = rowsOf<{ count: number }>(
          await tx.execute(sql`select count(*)::integer as count from users
            where company_id = ${actor.companyId} and id = any(${`{${ids.join(',')}}`}::integer[])`),
        );
        if ((found?.count ?? 0) !== ids.length)
          throw invalidFields({ excluded_user_ids: 'leaderboard.errors.person_unknown' });
      }
      const periods = `{${[...new Set(input.periods)].join(',')}}`;
      const scopes = `{${[...new Set(input.scopes)].join(',')}}`;
      await tx.execute(sql`insert into leaderboard_settings (company_id, periods, scopes, season_started_at)
        values (${actor.companyId}, ${periods}::text[], ${scopes}::text[], ${before.season_started_at}::timestamptz)
        on conflict (company_id) do update set periods = excluded.periods, scopes = excluded.scopes, updated_at = now()`);
      await tx.execute(sql`delete from leaderboard_exclusions where company_id = ${actor.companyId}
        and not (user_id = any(${`{${ids.join(',')}}`}::integer[]))`);
      if (ids.length > 0) {
        await tx.execute(sql`insert into leaderboard_exclusions (company_id, user_id)
          select ${actor.companyId}, unnest(${`{${ids.join(',')}}`}::integer[]) on conflict do nothing`);
      }
      const after = await settingsOf(tx, actor.companyId);
      await record(tx, actor, {
        action: 'leaderboard.updated',
        entity: 'leaderboard',
        before: { periods: before.periods, scopes: before.scopes, excluded: before.excluded.map((p) => p.id) },
        after: { periods: after.periods, scopes: after.scopes, excluded: after.excluded.map((p) => p.id) },
      });
      return after;
    });
  }

  /**
   * POST api/company/reset-points: closes the season the admin confirmed (its number, so a second click or a
   * second admin closes nothing twice: 409), writing each ranked person's final points and rank as the season's
   * closing entries, and starts the next. The ledger, balances, weeks, months and all time are untouched.
   */
  async function resetPoints(actor: Actor, input: ResetPoints): Promise<ResetPointsResult> {
    return inTenant(db, actor.companyId, async (tx) => {
      const current = await settingsRow(tx, actor.companyId);
      await tx.execute(sql`insert into leaderboard_settings (company_id, periods, scopes, season, season_started_at)
        values (${actor.companyId}, ${`{${current.periods.join(',')}}`}::text[], ${`{${current.scopes.join(',')}}`}::text[],
          ${current.season}, ${iso(current.season_started_at)}::timestamptz)
        on conflict (company_id) do nothing`);
      const [locked] = rowsOf<{ season: number; season_started_at: Date | string }>(
        await tx.execute(sql`select season, season_started_at from leaderboard_settings
          where company_id = ${actor.companyId} for update`),
      );
      if (!locked || locked.season !== input.season) throw conflict('leaderboard.errors.season_changed');
      const closed = rowsOf<{ count: number }>(
        await tx.execute(sql`with standings as (
            insert into point_season_standings (company_id, season, user_id, points, rank, season_started_at)
            select ${actor.companyId}, ${locked.season}, t.user_id, t.points,
              rank() over (order by t.points desc), ${iso(locked.season_started_at)}::timestamptz
            from ${tableRows(actor.companyId, 'season', sql`${locked.season}`, null)}
            returning 1)
          select count(*)::integer as count from standings`),
      );
      const people = closed[0]?.count ?? 0;
      await tx.execute(sql`update leaderboard_settings set season = season + 1, season_started_at = now(),
        updated_at = now() where company_id = ${actor.companyId}`);
      await record(tx, actor, {
        action: 'leaderboard.reset',
        entity: 'leaderboard',
        before: { season: locked.season },
        after: { season: locked.season + 1, closed_people: people },
      });
      return {
        message: translator(actor.lang)('leaderboard.reset_done', { season: locked.season }),
        data: { season: locked.season + 1, closed_people: people },
      };
    });
  }

  return { board, settings, updateSettings, resetPoints };
}

export type LeaderboardService = ReturnType<typeof createLeaderboardService>;
