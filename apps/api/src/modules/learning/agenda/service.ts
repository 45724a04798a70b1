import { createHash, randomBytes } from 'node:crypto';
import {
  AGENDA_FEED_DAYS_AHEAD,
  AGENDA_FEED_DAYS_BACK,
  type AgendaEvent,
  type AgendaFeedCreated,
  type AgendaFeedStatus,
  type AgendaQuery,
  isLocale,
  type Locale,
  timeZoneFor,
} from '@kampus/shared';
import { and, eq } from 'drizzle-orm';
import { publicOrigin } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { agendaFeeds, USER_STATUS, users } from '../../../db/schema/index.js';
import { asSystem, inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { forbidden, notFound } from '../../../platform/http/errors.js';
import { translator } from '../../../platform/i18n.js';
import { createLimiter } from '../../../platform/rate-limit.js';
import type { HostCompany } from '../../../platform/tenancy.js';
import { findCompanyMenu } from '../../frame/widgets/service.js';
import type { AssignmentsService } from '../assignments/service.js';
import type { ClassroomsService } from '../classrooms/service.js';
import type { EducationsService } from '../educations/service.js';
import type { ProgramsService } from '../programs/service.js';
import { agendaCalendar } from './ical.js';

/** Whose agenda: a person in the company they act in. */
export interface AgendaPerson {
  userId: number;
  companyId: number;
}

/** A module's events of one person within a range of days (both included), read in the caller's transaction. */
export type AgendaSource = (tx: Db, person: AgendaPerson, range: AgendaQuery) => Promise<AgendaEvent[]>;

/** Feed reads per subscription and hour: calendar apps poll every few hours; a loop polling faster is cut off. */
const FEED_READS_PER_HOUR = 60;
/** Unknown or revoked addresses asked per IP in ten minutes before 429: guessing a 256-bit token is hopeless anyway. */
const FEED_MISSES_PER_IP = 30;

const DAY_MS = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Events in the order a calendar lists them: by day or time, then by title. */
function byStart(a: AgendaEvent, b: AgendaEvent): number {
  return a.starts_at.localeCompare(b.starts_at) || a.title.localeCompare(b.title) || a.id.localeCompare(b.id);
}

/**
 * The agenda (spec §2.1 `/agenda`, issue 14): a person's dated learning events, each read from the module that owns
 * it through its service, for the calendar page and a personal iCalendar feed. The agenda is on for a company whose
 * side menu shows its `agenda` item (the company's switch on /admin/menu-modules); otherwise the page's call is 403
 * and every feed of the company is 404.
 */
export function createAgendaService(
  platform: Platform,
  needs: {
    assignments: AssignmentsService;
    classrooms: ClassroomsService;
    educations: EducationsService;
    programs: ProgramsService;
  },
) {
  const db = platform.database.db;
  const sources: AgendaSource[] = [
    needs.classrooms.agendaEvents,
    needs.assignments.agendaEvents,
    needs.educations.agendaEvents,
    needs.programs.agendaEvents,
  ];
  const redis = platform.redis?.client;
  const feedReads = createLimiter({
    prefix: 'agenda-feed',
    points: FEED_READS_PER_HOUR,
    durationSeconds: 3600,
    redis,
  });
  const feedMisses = createLimiter({
    prefix: 'agenda-feed-miss',
    points: FEED_MISSES_PER_IP,
    durationSeconds: 600,
    redis,
  });

  async function isOn(tx: Db, companyId: number): Promise<boolean> {
    const menu = await findCompanyMenu(tx, companyId, { language: 'tr', byUser: true, activeOnly: true });
    return menu.some((item) => item.type === 'agenda');
  }

  async function collect(tx: Db, person: AgendaPerson, range: AgendaQuery): Promise<AgendaEvent[]> {
    const events: AgendaEvent[] = [];
    // One after another: the sources share the transaction's one connection.
    for (const source of sources) events.push(...(await source(tx, person, range)));
    return events.sort(byStart);
  }

  const hostNameOf = (host: HostCompany) => host.customDomain ?? `${host.slug}.${platform.config.BASE_DOMAIN}`;
  const originOf = (host: HostCompany) => publicOrigin(platform.config, hostNameOf(host));
  const feedUrl = (host: HostCompany, token: string) => `${originOf(host)}/api/agenda/feed/${token}.ics`;

  /** Finds a live subscription by its secret on the host it was made on, or null. */
  async function findFeed(host: HostCompany, token: string) {
    const [row] = await asSystem(db, (tx) =>
      tx
        .select({
          id: agendaFeeds.id,
          companyId: agendaFeeds.companyId,
          userId: agendaFeeds.userId,
          language: users.language,
        })
        .from(agendaFeeds)
        .innerJoin(users, eq(users.id, agendaFeeds.userId))
        .where(
          and(
            eq(agendaFeeds.tokenHash, hashOf(token)),
            eq(agendaFeeds.hostCompanyId, host.id),
            eq(users.status, USER_STATUS.active),
          ),
        ),
    );
    return row ?? null;
  }

  return {
    /** GET api/my/agenda?from=&to=: the person's events in the range, in calendar order. */
    events: (actor: Actor, range: AgendaQuery) =>
      inTenant(
        db,
        actor.companyId,
        async (tx) => {
          if (!(await isOn(tx, actor.companyId))) throw forbidden('agenda.errors.off');
          return collect(tx, actor, range);
        },
        { readOnly: true },
      ),

    /** GET api/my/agenda/feed: whether the person has a subscription (its address is never shown again). */
    feedStatus: (actor: Actor): Promise<AgendaFeedStatus> =>
      inTenant(
        db,
        actor.companyId,
        async (tx) => {
          const [row] = await tx
            .select({ createdAt: agendaFeeds.createdAt, lastUsedAt: agendaFeeds.lastUsedAt })
            .from(agendaFeeds)
            .where(and(eq(agendaFeeds.companyId, actor.companyId), eq(agendaFeeds.userId, actor.userId)));
          return {
            exists: row !== undefined,
            created_at: row?.createdAt.toISOString() ?? null,
            last_used_at: row?.lastUsedAt?.toISOString() ?? null,
          };
        },
        { readOnly: true },
      ),

    /**
     * POST api/my/agenda/feed: a new secret address on this host, answered once; only its hash is kept. An earlier
     * address of the person stops working at once.
     */
    createFeed: (actor: Actor, host: HostCompany): Promise<AgendaFeedCreated> =>
      inTenant(db, actor.companyId, async (tx) => {
        if (!(await isOn(tx, actor.companyId))) throw forbidden('agenda.errors.off');
        const token = randomBytes(32).toString('base64url');
        const createdAt = new Date();
        const values = { tokenHash: hashOf(token), hostCompanyId: host.id, createdAt, lastUsedAt: null };
        const [row] = await tx
          .insert(agendaFeeds)
          .values({ companyId: actor.companyId, userId: actor.userId, ...values })
          .onConflictDoUpdate({ target: [agendaFeeds.companyId, agendaFeeds.userId], set: values })
          .returning({ id: agendaFeeds.id });
        await record(tx, actor, { action: 'agenda_feed.created', entity: 'agenda_feed', id: row?.id });
        return { url: feedUrl(host, token), created_at: createdAt.toISOString() };
      }),

    /** DELETE api/my/agenda/feed: the address stops working; nothing to revoke is no error. */
    revokeFeed: (actor: Actor): Promise<void> =>
      inTenant(db, actor.companyId, async (tx) => {
        const removed = await tx
          .delete(agendaFeeds)
          .where(and(eq(agendaFeeds.companyId, actor.companyId), eq(agendaFeeds.userId, actor.userId)))
          .returning({ id: agendaFeeds.id });
        for (const row of removed)
          await record(tx, actor, { action: 'agenda_feed.revoked', entity: 'agenda_feed', id: row.id });
      }),

    /**
     * GET api/agenda/feed/{token}.ics: the person's events from 60 days back to a year ahead as iCalendar. The token
     * is the credential; unknown, revoked, another host's, a passive person's or a company with the agenda off: 404.
     */
    feed: async (host: HostCompany, token: string, ip: string): Promise<string> => {
      const found = await findFeed(host, token);
      if (!found) {
        // Counted only when it misses, so colleagues behind one office address are never held by a wrong link.
        await feedMisses.consume(ip);
        throw notFound('agenda.errors.feed_not_found');
      }
      await feedReads.consume(String(found.id));
      const now = Date.now();
      const range = {
        from: dayOf(now - AGENDA_FEED_DAYS_BACK * DAY_MS),
        to: dayOf(now + AGENDA_FEED_DAYS_AHEAD * DAY_MS),
      };
      const events = await inTenant(db, found.companyId, async (tx) => {
        if (!(await isOn(tx, found.companyId))) throw notFound('agenda.errors.feed_not_found');
        await tx
          .update(agendaFeeds)
          .set({ lastUsedAt: new Date(now) })
          .where(eq(agendaFeeds.id, found.id));
        return collect(tx, found, range);
      });
      const language: Locale = isLocale(found.language) ? found.language : 'tr';
      const t = translator(language);
      return agendaCalendar(events, {
        name: t('agenda.feed_name', { company: host.name }),
        timeZone: timeZoneFor(language),
        origin: originOf(host),
        uidDomain: hostNameOf(host),
        describe: (event) => t(`agenda.kinds.${event.kind}`),
      });
    },
  };
}

export type AgendaService = ReturnType<typeof createAgendaService>;
