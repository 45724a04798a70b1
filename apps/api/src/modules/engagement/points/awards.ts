import { isLocale, type PointKind, REALTIME_EVENTS, timeZoneFor } from '@kampus/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { afterCommit, inTenant } from '../../../db/scope.js';
import type { Platform } from '../../../platform/deps.js';
import type { DomainEvent } from '../../../platform/events.js';
import { translator } from '../../../platform/i18n.js';

/**
 * The company day, week and month the leader table counts in (spec §9: Europe/Istanbul; the platform keeps no time
 * zone per company yet).
 */
export const POINTS_TIME_ZONE = timeZoneFor('tr');

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The period keys of a moment, in SQL: a week by the day number (since 2000-01-01) of its Monday, a month as
 * YYYYMM; the season's number is the company's own (leaderboard_settings), all time is 0.
 */
export const weekKeySql = (at: ReturnType<typeof sql>) =>
  sql`((date_trunc('week', (${at}) at time zone ${POINTS_TIME_ZONE}))::date - date '2000-01-01')`;
export const monthKeySql = (at: ReturnType<typeof sql>) =>
  sql`(extract(year from (${at}) at time zone ${POINTS_TIME_ZONE}) * 100 + extract(month from (${at}) at time zone ${POINTS_TIME_ZONE}))::integer`;

/** The company's current season (1 until the first reset). */
export async function currentSeason(tx: Db, companyId: number): Promise<number> {
  const [row] = rowsOf<{ season: number }>(
    await tx.execute(sql`select season from leaderboard_settings where company_id = ${companyId}`),
  );
  return row?.season ?? 1;
}

export interface Award {
  companyId: number;
  userId: number;
  kind: PointKind;
  /** The item it is earned for: one award per person, kind and key. */
  sourceKey: string;
  /** exam_passed: the score in percent, for rules that scale by it. */
  scorePercent?: number;
  /** When it was earned (the seed writes history); now by default. */
  at?: Date;
}

export interface Awarded {
  userId: number;
  points: number;
  kind: PointKind;
}

/**
 * Awards a rule's points in the caller's transaction: nothing when the company's rule of that kind is off or gives
 * 0, when the item already earned (the ledger's unique key), or past the rule's daily cap (the last award of a day
 * is cut to what the cap leaves). The ledger row and the four running totals (week, month, season, all time) are
 * written together, under a lock per person so two awards at once cannot both pass the cap.
 */
export async function awardPoints(tx: Db, award: Award): Promise<Awarded | null> {
  const { companyId, userId, kind } = award;
  const [rule] = rowsOf<{ id: number; points: number; daily_cap: number | null; scale_by_score: boolean }>(
    await tx.execute(sql`select id, points, daily_cap, scale_by_score from point_rules
      where company_id = ${companyId} and kind = ${kind} and status = 1`),
  );
  if (!rule || rule.points <= 0) return null;
  let points = rule.points;
  if (kind === 'exam_passed' && rule.scale_by_score && award.scorePercent !== undefined) {
    points = Math.round((rule.points * Math.max(0, Math.min(100, award.scorePercent))) / 100);
  }
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('kampus.points'), ${userId})`);
  const at = award.at ? sql`${award.at.toISOString()}::timestamptz` : sql`now()`;
  if (rule.daily_cap !== null) {
    const [today] = rowsOf<{ earned: number }>(
      await tx.execute(sql`select coalesce(sum(points), 0)::integer as earned from point_ledger
        where company_id = ${companyId} and user_id = ${userId} and kind = ${kind}
          and created_at >= (date_trunc('day', (${at}) at time zone ${POINTS_TIME_ZONE}) at time zone ${POINTS_TIME_ZONE})
          and created_at <= ${at}`),
    );
    points = Math.min(points, rule.daily_cap - (today?.earned ?? 0));
  }
  if (points <= 0) return null;
  const season = await currentSeason(tx, companyId);
  const inserted = rowsOf<{ id: number }>(
    await tx.execute(sql`insert into point_ledger (company_id, user_id, rule_id, kind, source_key, points, season, created_at)
      values (${companyId}, ${userId}, ${rule.id}, ${kind}, ${award.sourceKey}, ${points}, ${season}, ${at})
      on conflict (company_id, user_id, kind, source_key) do nothing
      returning id`),
  );
  if (inserted.length === 0) return null;
  await tx.execute(sql`insert into point_totals (company_id, period, period_key, user_id, points)
    values (${companyId}, 'week', ${weekKeySql(at)}, ${userId}, ${points}),
      (${companyId}, 'month', ${monthKeySql(at)}, ${userId}, ${points}),
      (${companyId}, 'season', ${season}, ${userId}, ${points}),
      (${companyId}, 'all', 0, ${userId}, ${points})
    on conflict (company_id, period, period_key, user_id)
      do update set points = point_totals.points + excluded.points, updated_at = now()`);
  return { userId, points, kind };
}

type EventAward = Omit<Award, 'companyId'> | null;

const userOf = (event: DomainEvent): number | null => {
  const after = (event.after ?? {}) as Record<string, unknown>;
  const userId = after.user_id ?? after.userId;
  return typeof userId === 'number' ? userId : null;
};

/** The domain events that earn points, and what each one earns for. */
const EARNING_EVENTS: Record<string, (event: DomainEvent, tx: Db) => Promise<EventAward> | EventAward> = {
  'user.signed_in': (event) =>
    event.entityId === null
      ? null
      : {
          userId: event.entityId,
          kind: 'sign_in',
          // One a day, the company's day.
          sourceKey: `day:${new Intl.DateTimeFormat('en-CA', { timeZone: POINTS_TIME_ZONE }).format(event.at)}`,
        },
  'content.completed': (event) => itemAward(event, 'content_completed', 'content'),
  'education.completed': (event) => itemAward(event, 'education_completed', 'education'),
  'program.completed': (event) => itemAward(event, 'program_completed', 'program'),
  'exam.passed': (event) => {
    const award = itemAward(event, 'exam_passed', 'exam');
    const score = ((event.after ?? {}) as Record<string, unknown>).score_percent;
    return award && typeof score === 'number' ? { ...award, scorePercent: score } : award;
  },
  'survey.answered': (event) => {
    const award = itemAward(event, 'survey_answered', 'survey');
    const education = ((event.after ?? {}) as Record<string, unknown>).education_id;
    // An education's evaluation survey is answered once per education: each earns.
    return award && typeof education === 'number' ? { ...award, sourceKey: `${award.sourceKey}:${education}` } : award;
  },
  'certificate.issued': (event) => itemAward(event, 'certificate_earned', 'certificate'),
  'assignment.completed': async (event, tx) => {
    const award = itemAward(event, 'assignment_completed_early', 'assignment');
    if (!award) return null;
    // Before the person's last day (their own due date, else the assignment's end date), in the company's day.
    const [row] = rowsOf<{ early: boolean }>(
      await tx.execute(sql`select (au.completed_at at time zone ${POINTS_TIME_ZONE})::date
          <= coalesce(au.due_date, a.end_date) as early
        from assignment_users au join assignments a on a.id = au.assignment_id
        where au.assignment_id = ${event.entityId} and au.user_id = ${award.userId} and au.completed_at is not null`),
    );
    return row?.early ? award : null;
  },
};

function itemAward(event: DomainEvent, kind: PointKind, item: string): EventAward {
  const userId = userOf(event);
  if (userId === null || event.entityId === null) return null;
  return { userId, kind, sourceKey: `${item}:${event.entityId}` };
}

/**
 * Awarding (issue 17): subscribes to the domain events that earn points; each award is pushed to the person's
 * `point-channel-{id}` as `point-event` after the commit, its message in the person's language, on every node
 * (the realtime layer's Redis adapter).
 */
export function subscribeAwards(platform: Platform) {
  const db = platform.database.db;

  /** Tells the person, once the award is committed. */
  async function announce(tx: Db, awarded: Awarded) {
    const [person] = rowsOf<{ language: string }>(
      await tx.execute(sql`select language from users where id = ${awarded.userId}`),
    );
    const t = translator(isLocale(person?.language) ? person.language : 'tr');
    const message = t('points.toast', { count: awarded.points, reason: t(`points.kinds.${awarded.kind}`) });
    afterCommit(() =>
      platform.realtime.toUser(awarded.userId, REALTIME_EVENTS.point, { message, points: awarded.points }),
    );
  }

  /** Awards in the company's scope and announces: what every earning event and the tests use. */
  async function awardAndAnnounce(award: Award): Promise<Awarded | null> {
    return inTenant(db, award.companyId, async (tx) => {
      const awarded = await awardPoints(tx, award);
      if (awarded) await announce(tx, awarded);
      return awarded;
    });
  }

  for (const [action, awardOf] of Object.entries(EARNING_EVENTS)) {
    platform.events.subscribe(action, async (event) => {
      await inTenant(db, event.companyId, async (tx) => {
        const award = await awardOf(event, tx);
        if (!award) return;
        const awarded = await awardPoints(tx, { ...award, companyId: event.companyId, at: event.at });
        if (awarded) await announce(tx, awarded);
      });
    });
  }
  return { awardAndAnnounce };
}
