import { describe, expect, it } from 'vitest';
import { formatDay } from './dates.js';

describe('formatDay: a calendar day in the reader’s language', () => {
  it.each([
    ['tr', '01.03.2026'],
    ['az', '01.03.2026'],
    ['de', '01.03.2026'],
    ['en', '01/03/2026'],
  ])('%s writes 2026-03-01 as %s', (language, expected) => {
    expect(formatDay('2026-03-01', language)).toBe(expected);
  });

  it('keeps the day whatever the time zone (a day has none) and leaves nonsense as it came', () => {
    expect(formatDay('2026-12-31', 'tr')).toBe('31.12.2026');
    expect(formatDay('not a day', 'tr')).toBe('not a day');
  });
});
