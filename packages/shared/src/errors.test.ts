import { describe, expect, it } from 'vitest';
import { extractErrorMessage } from './errors.js';

describe('extractErrorMessage (spec §8)', () => {
  const fallback = 'Bir hata oluştu.';
  it.each([
    ['a string body as is', 'Sunucu meşgul', 'Sunucu meşgul'],
    [
      'the first message under errors',
      { message: 'Geçersiz', errors: { email: ['E-posta alınmış'], name: ['x'] } },
      'E-posta alınmış',
    ],
    ['errors given as plain strings', { errors: { email: 'E-posta alınmış' } }, 'E-posta alınmış'],
    ['message when errors is absent', { message: 'Yetkiniz yok.' }, 'Yetkiniz yok.'],
    ['message when errors is empty', { message: 'Geçersiz', errors: {} }, 'Geçersiz'],
    ['data when there is no message', { data: 'Kayıt yok' }, 'Kayıt yok'],
    ['the first value of the body otherwise', { error: 'Token expired', code: 7 }, 'Token expired'],
    ['nested first value', { error: { detail: ['iç hata'] } }, 'iç hata'],
    ['the fallback for an empty object', {}, fallback],
    ['the fallback for null', null, fallback],
    ['the fallback for an empty string', '', fallback],
    ['the fallback for a number', 500, fallback],
  ])('uses %s', (_case, body, expected) => {
    expect(extractErrorMessage(body, fallback)).toBe(expected);
  });
});
