import { type AgendaEvent, agendaTargetPath } from '@kampus/shared';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

const DAY_MS = 86_400_000;
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

export interface FeedCalendar {
  /** The calendar's name in the person's language (X-WR-CALNAME). */
  name: string;
  /** The zone the person's calendar app should assume (X-WR-TIMEZONE); the times themselves are UTC. */
  timeZone: string;
  /** The company's web origin, for each event's link to its page. */
  origin: string;
  /** The UIDs' domain part, stable for the company (its host). */
  uidDomain: string;
  /** One line under each event's title: its kind in the person's language. */
  describe(event: AgendaEvent): string;
}

/**
 * The person's events as an iCalendar document (RFC 5545). Whole days are DATE values with an exclusive DTEND (the
 * same date in every zone, as Outlook and Google expect); timed events are written in UTC (`…Z`), which every client
 * shows in its own zone without a VTIMEZONE block. ical-generator writes a TZID with the UTC wall time unless a
 * zone library is plugged in, which would shift every time by the zone's offset, so no TZID is ever given to it.
 * UIDs are the events' stable ids, so a calendar app updates an event instead of adding it again; a cancelled one
 * carries STATUS:CANCELLED, and SEQUENCE is the event's own count of changes (a classroom session's).
 */
export function agendaCalendar(events: readonly AgendaEvent[], calendar: FeedCalendar): string {
  const document = ical({
    name: calendar.name,
    prodId: { company: 'Kampus', product: 'Agenda' },
    method: ICalCalendarMethod.PUBLISH,
    timezone: null,
    ttl: 3600,
  });
  document.x([{ key: 'X-WR-TIMEZONE', value: calendar.timeZone }]);
  for (const event of events) {
    const url = `${calendar.origin}${agendaTargetPath(event.target)}`;
    const start = event.all_day ? dayStart(event.starts_at) : new Date(event.starts_at);
    const end = event.all_day
      ? new Date(start.getTime() + DAY_MS)
      : event.ends_at
        ? new Date(event.ends_at)
        : new Date(start.getTime() + 3_600_000);
    document.createEvent({
      id: `${event.id}@${calendar.uidDomain}`,
      start,
      end,
      allDay: event.all_day,
      summary: event.context ? `${event.title} · ${event.context}` : event.title,
      description: `${calendar.describe(event)}\n${url}`,
      url,
      location: event.location,
      status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      sequence: event.sequence,
      stamp: new Date(),
    });
  }
  return document.toString();
}
