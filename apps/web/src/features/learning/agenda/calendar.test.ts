import type { AgendaEvent } from '@kampus/shared';
import { describe, expect, it } from 'vitest';
import { dayOfEvent, daysOf, headingOf, isDay, rangeOf, shiftAnchor, timeOf, weekdayNames } from './calendar.js';

const timed = (startsAt: string): AgendaEvent => ({
  id: 'a',
  kind: 'education_start',
  title: 'Sınıf eğitimi',
  context: null,
  all_day: false,
  starts_at: startsAt,
  ends_at: null,
  time_zone: 'Europe/Istanbul',
  location: null,
  completed: false,
  cancelled: false,
  sequence: 0,
  target: { type: 'education', id: 1 },
});

describe('the agenda calendar', () => {
  it('covers whole weeks from Monday in the month view, the month in the list, Monday to Sunday in a week', () => {
    expect(rangeOf('month', '2026-11-15')).toEqual({ from: '2026-10-26', to: '2026-12-06' });
    expect(rangeOf('month', '2026-06-01')).toEqual({ from: '2026-06-01', to: '2026-07-05' });
    expect(rangeOf('list', '2026-02-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(rangeOf('week', '2026-11-15')).toEqual({ from: '2026-11-09', to: '2026-11-15' });
    expect(rangeOf('week', '2026-11-16')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(daysOf(rangeOf('month', '2026-11-15'))).toHaveLength(42);
  });

  it('moves a month from any day (31 January → February) and a week by seven days', () => {
    expect(shiftAnchor('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(shiftAnchor('list', '2026-01-31', -1)).toBe('2025-12-01');
    expect(shiftAnchor('week', '2026-12-29', 1)).toBe('2027-01-05');
  });

  it("puts a timed event on the reader's day: Baku for az, Istanbul otherwise", () => {
    // 21:30 UTC is 00:30 the next day in Istanbul (UTC+3) and 01:30 in Baku (UTC+4).
    const late = timed('2026-11-30T21:30:00Z');
    expect(dayOfEvent(late, 'tr')).toBe('2026-12-01');
    expect(timeOf(late, 'tr')).toBe('00:30');
    expect(timeOf(late, 'az')).toBe('01:30');
    const early = timed('2026-11-30T20:30:00Z');
    expect(dayOfEvent(early, 'tr')).toBe('2026-11-30');
    expect(dayOfEvent(early, 'az')).toBe('2026-12-01');
    expect(dayOfEvent({ ...early, all_day: true, starts_at: '2026-11-30' }, 'az')).toBe('2026-11-30');
  });

  it("names months, weeks and weekdays in the reader's language", () => {
    expect(headingOf('month', '2026-11-15', 'tr')).toBe('Kasım 2026');
    expect(headingOf('month', '2026-11-15', 'de')).toBe('November 2026');
    expect(headingOf('week', '2026-12-30', 'en')).toBe('28 December 2026 – 3 January 2027');
    expect(weekdayNames('tr')[0]).toBe('Pt');
    expect(weekdayNames('en')).toEqual(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
  });

  it('accepts only real days in the address', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('2026-2-3')).toBe(false);
    expect(isDay(null)).toBe(false);
  });
});
