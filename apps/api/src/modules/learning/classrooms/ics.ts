import type { ClassroomTimeZone } from '@kampus/shared';
import ical, { ICalEventStatus } from 'ical-generator';

/**
 * The offsets of the zones a session may be held in. Both have kept one offset all year since 2016 (Turkey) and 2016
 * (Azerbaijan dropped summer time), so one STANDARD block describes them; a calendar that does not know the TZID still
 * places the event right.
 */
const ZONE_OFFSETS: Record<ClassroomTimeZone, { offset: string; name: string }> = {
  'Europe/Istanbul': { offset: '+0300', name: '+03' },
  'Asia/Baku': { offset: '+0400', name: '+04' },
};

function vtimezone(zone: string): string | null {
  const known = ZONE_OFFSETS[zone as ClassroomTimeZone];
  if (!known) return null;
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${zone}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${known.offset}`,
    `TZOFFSETTO:${known.offset}`,
    `TZNAME:${known.name}`,
    'END:STANDARD',
    'END:VTIMEZONE',
  ].join('\r\n');
}

/**
 * The wall-clock time of an instant in a zone as `YYYY-MM-DDTHH:mm:ss` (no offset). ical-generator writes a Date with
 * a TZID as UTC digits, so the event is given its local time, which it writes under the zone's TZID as RFC 5545 wants.
 */
export function wallTime(instant: Date, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}`;
}

export interface SessionEvent {
  uid: string;
  sequence: number;
  title: string;
  description: string | null;
  startsAt: Date;
  endsAt: Date;
  timeZone: ClassroomTimeZone;
  place: string | null;
  onlineUrl: string | null;
  cancelled: boolean;
  /** The host the calendar event's UID is made unique under. */
  host: string;
}

/**
 * One session as an iCalendar file: the session's own zone (with its VTIMEZONE), a stable UID, SEQUENCE bumped by
 * every change of time or place and STATUS:CANCELLED once cancelled, so a calendar that imported it replaces it.
 */
export function sessionCalendar(event: SessionEvent): string {
  const calendar = ical({ prodId: { company: 'Kampus', product: 'classroom', language: 'TR' } });
  calendar.timezone({ name: event.timeZone, generator: vtimezone });
  calendar.createEvent({
    id: `${event.uid}@${event.host}`,
    sequence: event.sequence,
    start: wallTime(event.startsAt, event.timeZone),
    end: wallTime(event.endsAt, event.timeZone),
    timezone: event.timeZone,
    summary: event.title,
    description: [event.description, event.onlineUrl].filter(Boolean).join('\n\n') || null,
    location: event.place ?? event.onlineUrl,
    url: event.onlineUrl,
    status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    stamp: new Date(),
  });
  return calendar.toString();
}
