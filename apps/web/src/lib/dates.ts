import { isLocale, timeZoneFor } from '@kampus/shared';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import 'dayjs/locale/tr';
import 'dayjs/locale/az';
import 'dayjs/locale/de';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(relativeTime);

/** Dates of spec §9: DD/MM/YYYY hh:mm:ss in the user's language, in Baku time for az, else Istanbul time. */
export function formatDateTime(value: string | Date, language: string): string {
  const locale = isLocale(language) ? language : 'tr';
  return dayjs(value).tz(timeZoneFor(locale)).locale(locale).format('DD/MM/YYYY HH:mm');
}

/** DD MMMM YYYY in the user's language (spec §9). */
export function formatLongDate(value: string | Date, language: string): string {
  const locale = isLocale(language) ? language : 'tr';
  return dayjs(value).tz(timeZoneFor(locale)).locale(locale).format('DD MMMM YYYY');
}

/** How long ago something happened ("3 saat önce"); relative time texts are Turkish whatever the language (spec §9). */
export function formatRelative(value: string | Date, now: Date = new Date()): string {
  return dayjs(value).locale('tr').from(now);
}

/**
 * A calendar day (`YYYY-MM-DD`, no time of day) as the reader's language writes it: dd.mm.yyyy in Turkish,
 * Azerbaijani and German (spec §3 "Education detail"), DD/MM/YYYY in English (spec §9's app format). A day has no
 * time zone, so none is applied: 1 March is 1 March everywhere.
 */
export function formatDay(value: string, language: string): string {
  // dayjs reads a bare YYYY-MM-DD as that day's local midnight.
  const day = dayjs(value.slice(0, 10));
  if (!day.isValid()) return value;
  return day.format(language === 'en' ? 'DD/MM/YYYY' : 'DD.MM.YYYY');
}
