import { readFileSync } from 'node:fs';
import { type PasswordOwner, passwordProblem } from '@kampus/shared';
import { hash, verify } from '@node-rs/argon2';
import { apiPath } from '../../paths.js';
import { invalidFields } from '../http/errors.js';

/** OWASP Password Storage Cheat Sheet: argon2id, 19 MiB, 2 iterations, 1 lane. */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/**
 * A hash made once with ARGON2_OPTIONS, kept as text so even the first unknown account costs one verification, the
 * same as a known one, and never an extra hash. It must change with ARGON2_OPTIONS.
 */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$jvgA8WyWoIMCr1GmTpnDJg$j9Hv3w6Jn1JBbxvr4CzLm3QTU1JySB5tB10Ih6dUlHw';

/**
 * Verifies a password; with no stored hash it still spends the same time on a dummy hash, so response times do not
 * tell whether an account exists.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    await verify(DUMMY_HASH, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

/** The most common passwords of 8 characters or more, from zxcvbn-ts' frequency list (MIT), lower-cased. */
const commonPasswords = new Set(
  readFileSync(apiPath('src/platform/auth/common-passwords.txt'), 'utf8').split('\n').filter(Boolean),
);

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

/**
 * The server's word on a new password, wherever one is set (reset, first password, registration, invitation, profile):
 * the shared rule (blank, repetitive, sequential, the owner's own details) and the common-password list; a 422 on
 * `password` otherwise.
 */
export function assertAcceptablePassword(password: string, owner: PasswordOwner = {}): void {
  const problem =
    passwordProblem(password, owner) ?? (isCommonPassword(password) ? 'validation.password_common' : null);
  if (problem) throw invalidFields({ password: problem });
}
