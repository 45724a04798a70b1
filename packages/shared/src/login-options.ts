import type { LoginOptions } from './schemas/company.js';

/**
 * The login options without zod: the sign-in page reads them within issue 11's byte budget, which zod's 26 kB gz
 * would break. loginOptionsSchema (schemas/company.ts) stays the definition; login-options.test.ts holds the two
 * to the same answers.
 */
export const LOGIN_IDENTIFIERS = ['email', 'username', 'phone', 'national_id', 'registration_number'] as const;
export type LoginIdentifier = (typeof LOGIN_IDENTIFIERS)[number];

export const DEFAULT_LOGIN_OPTIONS: LoginOptions = {
  identifiers: ['email', 'username'],
  sms_two_factor: false,
  self_registration: false,
  self_registration_requires_approval: true,
};

const FLAGS = ['sms_two_factor', 'self_registration', 'self_registration_requires_approval'] as const;

const isIdentifier = (value: unknown): value is LoginIdentifier =>
  (LOGIN_IDENTIFIERS as readonly unknown[]).includes(value);

function identifiersOf(value: unknown): LoginIdentifier[] | null {
  if (value === undefined) return [...DEFAULT_LOGIN_OPTIONS.identifiers];
  return Array.isArray(value) && value.length > 0 && value.every(isIdentifier) ? [...value] : null;
}

/** What loginOptionsSchema.safeParse gives for a stored value, the defaults where it would refuse the value. */
export function readLoginOptions(value: unknown): LoginOptions {
  const fallback = { ...DEFAULT_LOGIN_OPTIONS, identifiers: [...DEFAULT_LOGIN_OPTIONS.identifiers] };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fallback;
  const stored = value as Record<string, unknown>;
  const identifiers = identifiersOf(stored.identifiers);
  if (!identifiers) return fallback;
  const options: LoginOptions = { ...fallback, identifiers };
  for (const flag of FLAGS) {
    const flagValue = stored[flag];
    if (flagValue === undefined) continue;
    if (typeof flagValue !== 'boolean') return fallback;
    options[flag] = flagValue;
  }
  return options;
}
