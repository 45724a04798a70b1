import { sql } from 'drizzle-orm';
import { POINTS_TIME_ZONE } from '../../modules/engagement/points/awards.js';
import { ensurePointRules } from '../../modules/engagement/points/rules.js';
import type { Db } from '../client.js';

/** Days of history before today, and when the current season began (the first one closed then). */
const HISTORY_DAYS = 120;
const SEASON_DAYS = 45;

/**
 * Points of the demo (issue 17): every rule switched on with its default points, and four months of a ledger for the
 * company's people — daily sign-ins, the company's contents, educations and programs completed, exams passed, surveys
 * answered, assignments finished early — each person active to their own degree (a stable hash of their id), so every
 * period of the leader table has a podium and the demo learner a place in it, with enough left after their gift
 * requests to afford a few of the cheaper gifts (not the dear ones). The first season was closed 45 days ago with its closing entries; the running totals are built from
 * the ledger in one statement, as the awards keep them.
 */
/**
 * A company's running totals of every period made from its whole ledger in one statement, as the awards would have
 * kept them one row at a time (the demo's history, bench:leaderboard's five million rows).
 */
export function totalsFromLedger(companyId: number) {
  return sql`insert into point_totals (company_id, period, period_key, user_id, points)
    select company_id, 'week', ((date_trunc('week', created_at at time zone ${POINTS_TIME_ZONE}))::date - date '2000-01-01'),
        user_id, sum(points)
      from point_ledger where company_id = ${companyId} group by 1, 3, 4
    union all
    select company_id, 'month', (extract(year from created_at at time zone ${POINTS_TIME_ZONE}) * 100
        + extract(month from created_at at time zone ${POINTS_TIME_ZONE}))::integer, user_id, sum(points)
      from point_ledger where company_id = ${companyId} group by 1, 3, 4
    union all
    select company_id, 'season', season, user_id, sum(points)
      from point_ledger where company_id = ${companyId} group by 1, 3, 4
    union all
    select company_id, 'all', 0, user_id, sum(points)
      from point_ledger where company_id = ${companyId} group by 1, 3, 4`;
}

/**
 * Each rule earned once per item, by a share of the people that grows with how keen they are (`share` applied to
 * `keen`), at a time of the history: kind, the table of its items, the source key's prefix, the letter the hashes use.
 */
const EARNED = [
  { kind: 'content_completed', table: 'contents', source: 'content', letter: 'c', share: '/ 2' },
  { kind: 'education_completed', table: 'educations', source: 'education', letter: 'e', share: '/ 3' },
  { kind: 'program_completed', table: 'programs', source: 'program', letter: 'g', share: '/ 4' },
  { kind: 'exam_passed', table: 'exams', source: 'exam', letter: 'x', share: '* 2 / 3' },
  { kind: 'survey_answered', table: 'surveys', source: 'survey', letter: 's', share: '* 2 / 3' },
  { kind: 'assignment_completed_early', table: 'assignments', source: 'assignment', letter: 'a', share: '/ 2' },
] as const;

const earnedFrom =
  (companyId: number) =>
  ({ kind, table, source, letter, share }: (typeof EARNED)[number]) => {
    const id = sql.raw(`${letter}.id`);
    return sql`select p.user_id, ${kind}::text as kind, ${`${source}:`}::text || ${id} as source_key,
      now() - make_interval(days => abs(hashtext(${`${letter}d:`}::text || p.user_id || ':' || ${id})) % ${HISTORY_DAYS},
        hours => abs(hashtext(${`${letter}h:`}::text || p.user_id || ':' || ${id})) % 8) as at
      from people p join ${sql.raw(table)} ${sql.raw(letter)} on ${sql.raw(letter)}.company_id = ${companyId}
      where abs(hashtext(${`${letter}:`}::text || p.user_id || ':' || ${id})) % 100 < p.keen ${sql.raw(share)}`;
  };

export async function seedPoints(tx: Db, companyIds: number[], learnerEmails: string[]): Promise<void> {
  for (const companyId of companyIds) {
    await ensurePointRules(tx, companyId, 1);
    await tx.execute(sql`insert into leaderboard_settings (company_id, season, season_started_at)
      values (${companyId}, 2, date_trunc('day', now()) - make_interval(days => ${SEASON_DAYS}))`);
    // How keen each person is: 25–95 (the demo learners among the keenest, so they show on the podium).
    await tx.execute(sql`
      with people as (
        select u.id as user_id,
          case when u.email = any(${`{${learnerEmails.join(',')}}`}::text[]) then 90
            else 25 + abs(hashtext('keen:' || u.id)) % 70 end as keen
        from users u join role_user ru on ru.user_id = u.id and ru.company_id = u.company_id and ru.role_id = 3
        where u.company_id = ${companyId} and u.status = 1
      ),
      days as (select generate_series(0, ${HISTORY_DAYS}) as ago),
      sign_ins as (
        select p.user_id, 'sign_in' as kind,
          'day:' || to_char((now() - make_interval(days => d.ago)) at time zone ${POINTS_TIME_ZONE}, 'YYYY-MM-DD') as source_key,
          now() - make_interval(days => d.ago, hours => abs(hashtext('h:' || p.user_id || ':' || d.ago)) % 6) as at
        from people p cross join days d
        where abs(hashtext('in:' || p.user_id || ':' || d.ago)) % 100 < p.keen
      ),
      -- What the other rules earn: completions, exams passed, surveys answered, assignments finished early.
      earned as (${sql.join(EARNED.map(earnedFrom(companyId)), sql` union all `)}),
      awards as (select * from sign_ins union all select * from earned)
      insert into point_ledger (company_id, user_id, rule_id, kind, source_key, points, season, created_at)
      select ${companyId}, a.user_id, r.id, a.kind, a.source_key, r.points,
        case when a.at < date_trunc('day', now()) - make_interval(days => ${SEASON_DAYS}) then 1 else 2 end, a.at
      from awards a join point_rules r on r.company_id = ${companyId} and r.kind = a.kind
      on conflict do nothing`);
    await tx.execute(totalsFromLedger(companyId));
    await tx.execute(sql`
      insert into point_season_standings (company_id, season, user_id, points, rank, season_started_at, closed_at)
      select company_id, 1, user_id, points, rank() over (order by points desc),
        date_trunc('day', now()) - make_interval(days => ${HISTORY_DAYS}),
        date_trunc('day', now()) - make_interval(days => ${SEASON_DAYS})
      from point_totals where company_id = ${companyId} and period = 'season' and period_key = 1 and points > 0`);
  }
}
