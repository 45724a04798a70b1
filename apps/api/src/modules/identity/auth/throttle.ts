/** An identifier written like a phone number: digits with the usual separators, at least seven digits. */
const PHONE_LIKE = /^\+?[\d\s().-]+$/;
const MIN_PHONE_DIGITS = 7;

/**
 * The one spelling of an identifier that throttling counts under: email and usernames lower-cased, a phone number as
 * its digits only, anything else trimmed (and lower-cased, which only merges more spellings). " Ali@X.com" and
 * "ali@x.com", "0555 123 45 67" and "(0555) 123-4567" are the same target.
 */
export function normaliseIdentifier(identifier: string): string {
  const trimmed = identifier.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (PHONE_LIKE.test(trimmed) && digits.length >= MIN_PHONE_DIGITS) return digits;
  return trimmed.toLowerCase();
}

/**
 * What failed sign-ins count against: the account an identifier resolved to (whatever its spelling and on every host
 * it may sign in on), else the identifier itself, normalised, so unknown names cannot be sprayed in many spellings.
 */
export function loginFailureKey(account: { id: number } | undefined, identifier: string): string {
  return account ? `user:${account.id}` : `name:${normaliseIdentifier(identifier)}`;
}
