import { describe, expect, it } from 'vitest';
import { loginFailureKey, normaliseIdentifier } from './throttle.js';

describe('normaliseIdentifier', () => {
  it.each([
    [' Ali.Veli@Example.COM ', 'ali.veli@example.com'],
    ['0555 123 45 67', '05551234567'],
    ['(0555) 123-45-67', '05551234567'],
    ['+90 555 123 45 67', '905551234567'],
    ['  DH-0042 ', 'dh-0042'],
    ['Can.Kaya', 'can.kaya'],
    ['12-34', '12-34'],
  ])('%j → %j', (input, expected) => {
    expect(normaliseIdentifier(input)).toBe(expected);
  });
});

describe('loginFailureKey', () => {
  it('counts a known account by its id, whatever was typed', () => {
    expect(loginFailureKey({ id: 7 }, 'A@x.test')).toBe(loginFailureKey({ id: 7 }, '0555 000 00 00'));
  });

  it('counts an unknown name by its normalised spelling', () => {
    expect(loginFailureKey(undefined, '0555 123 45 67')).toBe(loginFailureKey(undefined, '(0555)1234567'));
    expect(loginFailureKey(undefined, 'ghost@x.test')).not.toBe(loginFailureKey({ id: 1 }, 'ghost@x.test'));
  });
});
