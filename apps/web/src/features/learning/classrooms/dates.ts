import { isLocale } from '@kampus/shared';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import 'dayjs/locale/tr';
import 'dayjs/locale/az';
import 'dayjs/locale/de';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * A session's day and hours in the session's own time zone (where it is held), in the reader's language: "Perşembe,
 * 3 Aralık 2026" and "10:00–12:00". A person in Baku reading an Istanbul session sees Istanbul's hours with the zone
 * named beside them, as the invitation and the .ics say.
 */
export function sessionTimes(session: { starts_at: string; ends_at: string; time_zone: string }, language: string) {
  const locale = isLocale(language) ? language : 'tr';
  const start = dayjs(session.starts_at).tz(session.time_zone).locale(locale);
  const end = dayjs(session.ends_at).tz(session.time_zone).locale(locale);
  const sameDay = start.format('YYYY-MM-DD') === end.format('YYYY-MM-DD');
  return {
    day: start.format('dddd, D MMMM YYYY'),
    dayNumber: start.format('D'),
    month: start.format('MMM'),
    hours: sameDay
      ? `${start.format('HH:mm')}–${end.format('HH:mm')}`
      : `${start.format('HH:mm')} – ${end.format('D MMMM HH:mm')}`,
  };
}

/** The wall-clock value a date-time field shows for an instant in a zone ("YYYY-MM-DD HH:mm:ss"). */
export function wallClock(instant: string, zone: string): string {
  return dayjs(instant).tz(zone).format('YYYY-MM-DD HH:mm:ss');
}

/** The instant of a wall-clock time ("YYYY-MM-DD HH:mm[:ss]") in a zone, as the API's ISO text with offset. */
export function instantOf(wall: string, zone: string): string {
  return dayjs.tz(wall, zone).format();
}
