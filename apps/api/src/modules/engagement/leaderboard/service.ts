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
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { inTenant, withSystemScope } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { conflict, forbidden, invalidFields } from '../../../platform/http/errors.js';
import { translator } from '../../../platform/i18n.js';
import { findEnabledModules } from '../../frame/widgets/service.js';
import { POINTS_TIME_ZONE } from '../points/awards.js';
import { balanceOf } from '../points/wallet.js';

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

/**
 * The company's settings; a company that never saved any shows every period and its own scopes, in season 1 since it
 * was made.
 */
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
    // Ranking a group's companies together waits for the main company's admin to allow it.
    scopes: LEADERBOARD_SCOPES.filter((s) => s !== 'sub_companies'),
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

/** One company's rows of a period in point_totals: the company and its key (seasons are numbered per company). */
interface Slice {
  companyId: number;
  key: number;
}

/** How many people (not left out) hold each total, highest first: what sizes and ranks are summed from. */
interface Bucket {
  points: number;
  people: number;
}

/**
 * Where a page starts in buckets: the total its first row has, how many rows of that total come before it, and the
 * rank of those rows (1 + everyone with more points); null past the end.
 */
export function pageStart(buckets: Bucket[], offset: number) {
  let above = 0;
  for (const bucket of buckets) {
    if (above + bucket.people > offset) return { points: bucket.points, skip: offset - above, rank: above + 1 };
    above += bucket.people;
  }
  return null;
}

/** The buckets of a table read whole, highest first. */
export function bucketsOf(rows: { points: number }[]): Bucket[] {
  const buckets: Bucket[] = [];
  for (const row of rows) {
    const last = buckets.at(-1);
    if (last?.points === row.points) last.people++;
    else buckets.push({ points: row.points, people: 1 });
  }
  return buckets;
}

const notLeftOut = (alias: string) =>
  sql.raw(`not exists (select 1 from leaderboard_exclusions x
    where x.company_id = ${alias}.company_id and x.user_id = ${alias}.user_id)`);

/**
 * The leader table (issue 17): learners' `GET api/leaderboard`, the admin's settings (periods, scopes, people left
 * out) and the season reset (`POST api/company/reset-points`). Nothing counts every person on a read: the table's size
 * and a person's rank are sums over `point_total_counts` (people per total, kept by a trigger) less the few people left
 * out, and a page is an index range read of `point_totals` from the total its first row has (found in those sums),
 * per company, merged in points order.
 */
export function createLeaderboardService(platform: Platform) {
  const db = platform.database.db;

  const inSlices = (alias: string, period: LeaderboardPeriod, slices: Slice[]) =>
    sql`${sql.raw(alias)}.period = ${period} and (${sql.raw(alias)}.company_id, ${sql.raw(alias)}.period_key) in (${sql.join(
      slices.map((s) => sql`(${s.companyId}::integer, ${s.key}::integer)`),
      sql`, `,
    )})`;

  /** The buckets of a whole company table (one company, or a group of companies): counts less those left out. */
  async function companyBuckets(tx: Db, period: LeaderboardPeriod, slices: Slice[]): Promise<Bucket[]> {
    return rowsOf<Bucket>(
      await tx.execute(sql`select points, sum(n)::integer as people from (
          select c.points, c.people as n from point_total_counts c where ${inSlices('c', period, slices)}
          union all
          select t.points, -1 from point_totals t
            join leaderboard_exclusions x on x.company_id = t.company_id and x.user_id = t.user_id
            where ${inSlices('t', period, slices)} and t.points > 0
        ) h group by points having sum(n) > 0 order by points desc`),
    );
  }

  /**
   * One user group's whole table, highest first (ties by person): each member's total looked up by its key (a group
   * is a small share of a company; read through the rank index, the planner would rather walk every total of the
   * company and keep the members). Its sizes, page and podium are then cut from it in one read, where the company's
   * come from the counts and index range reads.
   */
  async function groupTable(tx: Db, period: LeaderboardPeriod, slice: Slice, groupId: number) {
    return rowsOf<{ user_id: number; points: number }>(
      await tx.execute(sql`select m.user_id, t.points from user_group_members m
          cross join lateral (select t.points from point_totals t
            where t.company_id = m.company_id and t.period = ${period} and t.period_key = ${slice.key}::integer
              and t.user_id = m.user_id limit 1) t
          where m.company_id = ${slice.companyId} and m.group_id = ${groupId} and t.points > 0 and ${notLeftOut('m')}
          order by t.points desc, m.user_id`),
    );
  }

  /**
   * `limit` rows of a company table from a page's start: per company an index range read from the start's total down,
   * merged in points order (ties by person), less the rows of the start's total that come before the page. The order is the rank index's own (`points desc nulls last`; plain `desc` means
   * nulls first, which the index cannot give): the read then stops after its rows instead of sorting the whole period
   * (40 ms at 50,000 people, bench:leaderboard).
   */
  async function rowsFrom(
    tx: Db,
    period: LeaderboardPeriod,
    slices: Slice[],
    start: { points: number; skip: number },
    limit: number,
  ): Promise<{ user_id: number; points: number }[]> {
    const branches = slices.map(
      (slice) => sql`(select t.user_id, t.points from point_totals t
        where t.company_id = ${slice.companyId} and t.period = ${period} and t.period_key = ${slice.key}::integer
          and t.points > 0 and t.points <= ${start.points}::integer and ${notLeftOut('t')}
        order by t.points desc nulls last, t.user_id limit ${start.skip + limit}::integer)`,
    );
    return rowsOf<{ user_id: number; points: number }>(
      await tx.execute(sql`select user_id, points from (${sql.join(branches, sql` union all `)}) u
        order by points desc, user_id limit ${limit}::integer offset ${start.skip}::integer`),
    );
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

  /**
   * The group the viewer's company belongs to when its main company allows ranking it together: the main company
   * and its sub-companies (main first), each with its current season; null otherwise. Read across companies in the
   * system scope, the ids written into the filter.
   */
  async function groupCompanies(tx: Db, companyId: number): Promise<{ id: number; season: number }[] | null> {
    return withSystemScope(tx, async () => {
      const [company] = rowsOf<{ root: number }>(
        await tx.execute(sql`select coalesce(parent_id, id) as root from companies where id = ${companyId}`),
      );
      if (!company) return null;
      const [root] = rowsOf<{ scopes: string[] }>(
        await tx.execute(sql`select scopes from leaderboard_settings where company_id = ${company.root}`),
      );
      if (!root?.scopes.includes('sub_companies')) return null;
      const members = rowsOf<{ id: number; season: number }>(
        await tx.execute(sql`select c.id, coalesce(s.season, 1) as season from companies c
          left join leaderboard_settings s on s.company_id = c.id
          where c.id = ${company.root} or c.parent_id = ${company.root}
          order by c.id <> ${company.root}, c.id`),
      );
      return members.length > 1 ? members : null;
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
      const group = await groupCompanies(tx, actor.companyId);
      const scopes = LEADERBOARD_SCOPES.filter((s) =>
        s === 'sub_companies' ? group !== null : settings.scopes.includes(s),
      );
      const period = query.period && periods.includes(query.period) ? query.period : (periods[0] ?? 'all');
      const groups = rowsOf<{ id: number; name: string }>(
        await tx.execute(sql`select g.id, g.name from user_groups g
          join user_group_members m on m.group_id = g.id and m.company_id = g.company_id
          where g.company_id = ${actor.companyId} and m.user_id = ${actor.userId} order by g.name, g.id`),
      );
      const wanted = query.scope && scopes.includes(query.scope) ? query.scope : null;
      const scope: LeaderboardScope =
        wanted === 'group' && groups.length === 0
          ? scopes.includes('company')
            ? 'company'
            : 'group'
          : (wanted ?? (scopes.includes('company') ? 'company' : (scopes[0] ?? 'company')));
      const groupId =
        scope === 'group' ? (groups.find((g) => g.id === query.group_id)?.id ?? groups[0]?.id ?? null) : null;
      const [company] = rowsOf<{ restrict: number }>(
        await tx.execute(sql`select surname_view_restrict as restrict from companies where id = ${actor.companyId}`),
      );
      const restrict = company?.restrict ?? 0;
      const own: Slice = { companyId: actor.companyId, key: periodKey(period, settings.season) };
      const slices =
        scope === 'sub_companies' && group
          ? group.map((c) => ({ companyId: c.id, key: periodKey(period, c.season) }))
          : [own];
      const offset = (query.page - 1) * query.per_page;
      // Another company's rows are read in the system scope; every statement below names its companies.
      const across = <T>(fn: () => Promise<T>) => (slices.length > 1 ? withSystemScope(tx, fn) : fn());
      const { buckets, pageRows, podiumRows, start } = await across(async () => {
        if (scope === 'group') {
          // A group scope without any group of the viewer's has nobody in it.
          const table = groupId === null ? [] : await groupTable(tx, period, own, groupId);
          const buckets = bucketsOf(table);
          return {
            buckets,
            pageRows: table.slice(offset, offset + query.per_page),
            podiumRows: table.slice(0, 3),
            start: pageStart(buckets, offset),
          };
        }
        const buckets = await companyBuckets(tx, period, slices);
        const start = pageStart(buckets, offset);
        const top = pageStart(buckets, 0);
        const read = (from: typeof start, limit: number) =>
          from ? rowsFrom(tx, period, slices, from, limit) : Promise.resolve([]);
        const pageRows = await read(start, query.per_page);
        const podiumRows = offset === 0 && query.per_page >= 3 ? pageRows.slice(0, 3) : await read(top, 3);
        return { buckets, pageRows, podiumRows, start };
      });
      const [mine] = rowsOf<{ points: number }>(
        await tx.execute(sql`select me.points from point_totals me
          where me.company_id = ${own.companyId} and me.period = ${period} and me.period_key = ${own.key}::integer
            and me.user_id = ${actor.userId} and me.points > 0 and ${notLeftOut('me')}`),
      );
      const inTable = mine && (scope !== 'group' || groupId !== null);
      const meRow = inTable
        ? {
            points: mine.points,
            rank: 1 + buckets.filter((b) => b.points > mine.points).reduce((sum, b) => sum + b.people, 0),
          }
        : undefined;
      // What the person may spend (earned less what the gift store holds), as /gift shows it.
      const balance = await balanceOf(tx, actor.companyId, actor.userId);
      return {
        data: {
          period,
          scope,
          group_id: groupId,
          periods,
          scopes,
          groups,
          season: { number: settings.season, started_at: iso(settings.season_started_at) },
          podium: await across(() => present(tx, actor, restrict, withRanks(podiumRows, 0, 1))),
          entries: await across(() => present(tx, actor, restrict, withRanks(pageRows, offset, start?.rank ?? 1))),
          me: meRow ? ((await present(tx, actor, restrict, [{ user_id: actor.userId, ...meRow }]))[0] ?? null) : null,
          balance,
        },
        meta: {
          page: query.page,
          per_page: query.per_page,
          total: buckets.reduce((sum, b) => sum + b.people, 0),
        },
      };
    });
  }

  async function settings(actor: Pick<Actor, 'companyId'>): Promise<LeaderboardSettings> {
    return inTenant(db, actor.companyId, (tx) => settingsOf(tx, actor.companyId));
  }

  async function hasSubCompanies(tx: Db, companyId: number): Promise<boolean> {
    const [row] = rowsOf<{ found: boolean }>(
      await tx.execute(sql`select exists (select 1 from companies where parent_id = ${companyId}) as found`),
    );
    return row?.found === true;
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
      has_sub_companies: await hasSubCompanies(tx, companyId),
      excluded,
      seasons: seasons.map((s) => ({ ...s, started_at: iso(s.started_at), closed_at: iso(s.closed_at) })),
    };
  }

  /** PUT api/admin/leaderboard-settings: periods, scopes and the people left out (all the company's). */
  async function updateSettings(actor: Actor, input: LeaderboardSettingsUpdate): Promise<LeaderboardSettings> {
    return inTenant(db, actor.companyId, async (tx) => {
      const before = await settingsOf(tx, actor.companyId);
      if (input.scopes.includes('sub_companies') && !(await hasSubCompanies(tx, actor.companyId))) {
        throw invalidFields({ scopes: 'leaderboard.errors.no_sub_companies' });
      }
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
            from point_totals t
            where t.company_id = ${actor.companyId} and t.period = 'season' and t.period_key = ${locked.season}
              and t.points > 0 and ${notLeftOut('t')}
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
