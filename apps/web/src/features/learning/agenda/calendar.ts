import { type AgendaEvent, type AgendaEventKind, isLocale, timeZoneFor } from '@kampus/shared';
import dayjs from 'dayjs';
import isoWeek from 'dayjs/plugin/isoWeek';
// lib/dates extends dayjs with utc, timezone and the app's languages.
import '../../../lib/dates.js';

dayjs.extend(isoWeek);

/**
 * The calendar arithmetic of /agenda, free of React so its tests read one definition: which days a view shows, how
 * previous/next move, and on which day of the reader's zone each event falls. Days are `YYYY-MM-DD`; weeks start on
 * Monday, as in Turkey, Azerbaijan and Germany.
 */

export const AGENDA_VIEWS = ['month', 'week', 'list'] as const;
export type AgendaView = (typeof AGENDA_VIEWS)[number];

const DAY = 'YYYY-MM-DD';

/** The colour of each kind (Mantine palettes), also shown in the legend. */
export const KIND_COLORS: Record<AgendaEventKind, string> = {
  classroom_session: 'indigo',
  assignment_start: 'cyan',
  assignment_due: 'red',
  program_step_due: 'grape',
  education_due: 'orange',
  education_start: 'teal',
  education_end: 'blue',
};

export function isDay(value: string | null): value is string {
  return value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value).format(DAY) === value;
}

/** Today in the reader's zone (Baku time for az, else Istanbul: spec §9). */
export function todayIn(language: string): string {
  return dayjs()
    .tz(timeZoneFor(isLocale(language) ? language : 'tr'))
    .format(DAY);
}

export interface DayRange {
  from: string;
  to: string;
}

/**
 * The days a view covers around its anchor day: a month grid runs from the Monday on or before the 1st to the Sunday
 * on or after the last day (whole weeks); the list shows the month itself; a week runs Monday to Sunday.
 */
export function rangeOf(view: AgendaView, anchor: string): DayRange {
  const day = dayjs(anchor);
  if (view === 'week') return { from: day.isoWeekday(1).format(DAY), to: day.isoWeekday(7).format(DAY) };
  const first = day.startOf('month');
  const last = day.endOf('month');
  if (view === 'list') return { from: first.format(DAY), to: last.format(DAY) };
  return { from: first.isoWeekday(1).format(DAY), to: last.isoWeekday(7).format(DAY) };
}

/** The anchor one step back or ahead: a month in the month and list views, a week in the week view. */
export function shiftAnchor(view: AgendaView, anchor: string, step: 1 | -1): string {
  const day = dayjs(anchor);
  return (view === 'week' ? day.add(step * 7, 'day') : day.startOf('month').add(step, 'month')).format(DAY);
}

/** Every day from `from` to `to`, both included. */
export function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  for (let day = dayjs(range.from); !day.isAfter(dayjs(range.to)); day = day.add(1, 'day')) days.push(day.format(DAY));
  return days;
}

/** The day an event falls on for the reader: a whole day is its date; a timed event its start in the reader's zone. */
export function dayOfEvent(event: AgendaEvent, language: string): string {
  if (event.all_day) return event.starts_at.slice(0, 10);
  return dayjs(event.starts_at)
    .tz(timeZoneFor(isLocale(language) ? language : 'tr'))
    .format(DAY);
}

/** The events of each day, in the order the server gave them (whole days and times in calendar order). */
export function eventsByDay(events: readonly AgendaEvent[], language: string): Map<string, AgendaEvent[]> {
  const byDay = new Map<string, AgendaEvent[]>();
  for (const event of events) {
    const day = dayOfEvent(event, language);
    byDay.set(day, [...(byDay.get(day) ?? []), event]);
  }
  return byDay;
}

/** A timed event's start as the reader's clock shows it (HH:mm). */
export function timeOf(event: AgendaEvent, language: string): string | null {
  if (event.all_day) return null;
  return dayjs(event.starts_at)
    .tz(timeZoneFor(isLocale(language) ? language : 'tr'))
    .format('HH:mm');
}

const localeOf = (language: string) => (isLocale(language) ? language : 'tr');

/** The heading of a view: "Kasım 2026" for a month, "23 Kasım – 29 Kasım 2026" for a week. */
export function headingOf(view: AgendaView, anchor: string, language: string): string {
  const locale = localeOf(language);
  if (view !== 'week') return dayjs(anchor).locale(locale).format('MMMM YYYY');
  const { from, to } = rangeOf('week', anchor);
  const start = dayjs(from).locale(locale);
  const end = dayjs(to).locale(locale);
  return `${start.format(start.year() === end.year() ? 'D MMMM' : 'D MMMM YYYY')} – ${end.format('D MMMM YYYY')}`;
}

/** Short weekday names from Monday, in the reader's language. */
export function weekdayNames(language: string): string[] {
  const monday = dayjs('2024-01-01').locale(localeOf(language));
  return Array.from({ length: 7 }, (_, index) => monday.add(index, 'day').format('dd'));
}

/** "Pazartesi, 30 Kasım" in the reader's language: a day's heading in the list and week views. */
export function longDayOf(day: string, language: string): string {
  return dayjs(day).locale(localeOf(language)).format('dddd, D MMMM');
}

export function dayNumberOf(day: string): number {
  return dayjs(day).date();
}

export function isSameMonth(day: string, anchor: string): boolean {
  return day.slice(0, 7) === anchor.slice(0, 7);
}
