import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A URL-safe random secret with 256 bits of entropy. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Secrets are stored only as their SHA-256: a leaked table yields nothing usable. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function randomDigits(length: number): string {
  return Array.from({ length }, () => randomInt(0, 10)).join('');
}
