import { describe, expect, it } from 'vitest';
import { noticePending } from './DataNoticeModal.js';

describe('personal-data notice', () => {
  it.each([
    [true, null, true],
    [true, true, false],
    [true, 'true', true],
    [false, null, false],
    [false, true, false],
  ])('company host %s, stored flag %j → opens: %s', (hasCompany, shown, expected) => {
    expect(noticePending(hasCompany, shown)).toBe(expected);
  });
});
