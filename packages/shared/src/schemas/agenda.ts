import { z } from 'zod';
import { isoDateSchema } from './resource.js';

/**
 * The learner's agenda (spec §2.1 `/agenda`, issue 14): the dated things of a person's learning, gathered from the
 * modules that own them, for the calendar page and the personal iCalendar feed.
 */

/**
 * What an event is. Classroom trainings give the sessions the person holds a seat in; assignments their first and
 * last days; programs each step's deadline from the person's
 * program start; educations their start and end dates (when they have them) and the due date an admin set on the
 * person's enrolment.
 */
export const AGENDA_EVENT_KINDS = [
  'classroom_session',
  'assignment_start',
  'assignment_due',
  'program_step_due',
  'education_due',
  'education_start',
  'education_end',
] as const;
export const agendaEventKindSchema = z.enum(AGENDA_EVENT_KINDS);
export type AgendaEventKind = z.infer<typeof agendaEventKindSchema>;

/** The longest range GET api/my/agenda answers (a year and a bit: a month view's six weeks fit many times over). */
export const AGENDA_MAX_RANGE_DAYS = 400;

const DAY_MS = 86_400_000;

/** Days from `from` to `to` (YYYY-MM-DD, both included in the range; `to` before `from` is negative). */
export function agendaRangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** GET api/my/agenda?from=&to=: calendar days, both included; `to` not before `from`, at most 400 days apart. */
export const agendaQuerySchema = z.object({ from: isoDateSchema, to: isoDateSchema }).superRefine((query, context) => {
  const days = agendaRangeDays(query.from, query.to);
  if (days < 0) context.addIssue({ code: 'custom', path: ['to'], message: 'agenda.errors.range_reversed' });
  else if (days > AGENDA_MAX_RANGE_DAYS)
    context.addIssue({ code: 'custom', path: ['to'], message: 'agenda.errors.range_too_long' });
});
export type AgendaQuery = z.infer<typeof agendaQuerySchema>;

/** The page an event opens: an assignment's or an education's detail, or the program on the learner's programs tab. */
export const agendaTargetSchema = z.object({ type: z.enum(['assignment', 'education', 'program']), id: z.number() });
export type AgendaTarget = z.infer<typeof agendaTargetSchema>;

/** The web path of an event's page (spec §2.1 routes), also the feed's link. */
export function agendaTargetPath(target: AgendaTarget): string {
  switch (target.type) {
    case 'assignment':
      return `/assignment/${target.id}/detail`;
    case 'education':
      return `/education/${target.id}/detail`;
    case 'program':
      return `/my-education?program=${target.id}`;
  }
}

export const agendaEventSchema = z.object({
  /** Stable for the same thing of the same person: the feed's UID and the web's key. */
  id: z.string(),
  kind: agendaEventKindSchema,
  title: z.string(),
  /** What it belongs to (a step's program), or null. */
  context: z.string().nullable(),
  /** A whole day: `starts_at` is its YYYY-MM-DD and `ends_at` null. Else ISO date-times. */
  all_day: z.boolean(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  /** The IANA zone a timed event was planned in, or null (whole days are the same date everywhere). */
  time_zone: z.string().nullable(),
  /** A place or an online meeting link, or null. */
  location: z.string().nullable(),
  /** The person has finished what the event asks (a completed step or education). */
  completed: z.boolean(),
  cancelled: z.boolean(),
  /** The iCalendar SEQUENCE: how many times its time or place changed (a classroom session's), else 0. */
  sequence: z.number(),
  target: agendaTargetSchema,
});
export type AgendaEvent = z.infer<typeof agendaEventSchema>;

export const agendaResponseSchema = z.object({ data: z.array(agendaEventSchema) });
export type AgendaResponse = z.infer<typeof agendaResponseSchema>;

/** GET api/my/agenda/feed: whether the person has a subscription address (it is shown only once, when created). */
export const agendaFeedStatusSchema = z.object({
  data: z.object({ exists: z.boolean(), created_at: z.string().nullable(), last_used_at: z.string().nullable() }),
});
export type AgendaFeedStatus = z.infer<typeof agendaFeedStatusSchema>['data'];

/** POST api/my/agenda/feed: the new secret address, replacing any earlier one. */
export const agendaFeedCreatedSchema = z.object({ data: z.object({ url: z.string(), created_at: z.string() }) });
export type AgendaFeedCreated = z.infer<typeof agendaFeedCreatedSchema>['data'];

/** GET api/agenda/feed/{token}.ics: the token is 43 base64url characters (256 bits). */
export const agendaFeedParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'agenda.errors.feed_not_found'),
});

/** The feed's window around today: what a calendar app shows from it. */
export const AGENDA_FEED_DAYS_BACK = 60;
export const AGENDA_FEED_DAYS_AHEAD = 365;
