import { describe, expect, it } from 'vitest';
import { type PasswordOwner, passwordProblem } from './password-policy.js';
import { passwordSchema, registerSchema } from './schemas/auth.js';

const owner: PasswordOwner = {
  email: 'Ayse.Kaya@example.test',
  name: 'Ayşe Nur',
  surname: 'Kaya',
  username: 'akaya',
  phone: '+90 (555) 123 45 67',
};

describe('passwordProblem', () => {
  it.each([
    ['a passphrase', 'Correct-Horse-42', null],
    ['a sentence with spaces', 'tea at five, not six', null],
    ['a short run inside other text', 'Fabcorp!Turquoise', null],
    ['digits that are not a run', '73914628', null],
    ['eight spaces', '        ', 'validation.password_blank'],
    ['tabs and newlines', '\t\t\n\n    ', 'validation.password_blank'],
    ['one letter repeated', 'aaaaaaaa', 'validation.password_repetitive'],
    ['one letter over 60%', 'aaaaaaXyz', 'validation.password_repetitive'],
    ['a repeated pair', 'abababab', 'validation.password_repetitive'],
    ['a repeated unit of four', 'abc1abc1abc1', 'validation.password_repetitive'],
    ['digits in order', '12345678', 'validation.password_sequential'],
    ['digits backwards', '87654321', 'validation.password_sequential'],
    ['the alphabet', 'abcdefgh', 'validation.password_sequential'],
    ['the alphabet in capitals', 'ABCDEFGH', 'validation.password_sequential'],
    ['a keyboard row', 'qwertyui', 'validation.password_sequential'],
    ['the Turkish keyboard row', 'asdfghjklşi', 'validation.password_sequential'],
    ['the German keyboard row', 'qwertzui', 'validation.password_sequential'],
    ['two runs side by side', 'abcd1234', 'validation.password_sequential'],
    ['digits running through zero', '67890123', 'validation.password_sequential'],
  ] as const)('%s', (_label, password, expected) => {
    expect(passwordProblem(password)).toBe(expected);
  });

  it.each([
    ['the whole email', 'ayse.kaya@example.test', 'validation.password_personal'],
    ['the email local part, in capitals', 'AYSE.KAYA-2026!', 'validation.password_personal'],
    ['the first name without its accent', 'ayse-loves-tea', 'validation.password_personal'],
    ['the second first name', 'Nurlu-Gunler-77', 'validation.password_personal'],
    ['the surname', 'Sunny-KAYA-days', 'validation.password_personal'],
    ['the username', 'Blue-akaya-Sky', 'validation.password_personal'],
    ['the phone number', 'Tel-1234567!', 'validation.password_personal'],
    ['the phone number with separators', 'x123-45-67x', 'validation.password_personal'],
    ['none of them', 'Correct-Horse-42', null],
  ] as const)('%s', (_label, password, expected) => {
    expect(passwordProblem(password, owner)).toBe(expected);
  });

  it('ignores details too short to mean anything', () => {
    expect(passwordProblem('Al-Su-Correct-Horse', { name: 'Al', surname: 'Su', email: 'al@example.test' })).toBe(null);
  });
});

describe('the shared password schemas', () => {
  const register = (password: string) =>
    registerSchema.safeParse({
      name: 'Ayşe',
      surname: 'Kaya',
      email: 'ayse@example.test',
      phone: null,
      password,
      password_confirmation: password,
    });
  const messagesOf = (result: ReturnType<typeof register>) =>
    result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

  it('gives the form the same reasons the server gives', () => {
    expect(messagesOf(register('aaaaaaaa'))).toEqual(['password: validation.password_repetitive']);
    expect(messagesOf(register('Kaya-Blue-Sky-9'))).toEqual(['password: validation.password_personal']);
    expect(messagesOf(register('Correct-Horse-42'))).toEqual([]);
    expect(passwordSchema.safeParse('12345678').success).toBe(false);
  });
});
