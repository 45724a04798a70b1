import { describe, expect, it } from 'vitest';
import { DEFAULT_LOGIN_OPTIONS, readLoginOptions } from './login-options.js';
import { loginOptionsSchema } from './schemas/company.js';

describe('readLoginOptions', () => {
  const stored: unknown[] = [
    {},
    undefined,
    null,
    'email',
    [],
    { identifiers: ['phone'] },
    { identifiers: ['phone', 'national_id'], self_registration: true },
    { identifiers: [] },
    { identifiers: ['fax'] },
    { identifiers: 'email' },
    { sms_two_factor: true, self_registration_requires_approval: false },
    { self_registration: 'yes' },
    { self_registration: 1 },
    { identifiers: ['email'], extra: 'kept out' },
  ];

  it.each(stored.map((value) => [JSON.stringify(value), value]))('answers as loginOptionsSchema for %s', (_, value) => {
    const parsed = loginOptionsSchema.safeParse(value);
    expect(readLoginOptions(value)).toEqual(parsed.success ? parsed.data : DEFAULT_LOGIN_OPTIONS);
  });

  it('holds the schema defaults', () => {
    expect(DEFAULT_LOGIN_OPTIONS).toEqual(loginOptionsSchema.parse({}));
  });
});
