/**
 * What makes a new password guessable beyond its length: blank, one character over and over, a keyboard or
 * alphabet run, or the person's own details. Both the forms (before sending) and the server apply it; the server
 * adds its list of common passwords.
 */

/** The share of a password one character, or sequential runs, may cover before it is refused. */
const MAX_PREDICTABLE_SHARE = 0.6;
/** A repeated unit this short (`abab…`, `abcabc…`) makes a password a pattern, not a secret. */
const MAX_REPEATED_UNIT = 4;
/** Runs shorter than this are ordinary text (`abc` in "Fabcorp"), not a sequence. */
const MIN_SEQUENCE_RUN = 3;
/** Personal details shorter than this are too common inside words to refuse ("Al", "Su"). */
const MIN_PERSONAL_LENGTH = 3;
/** The trailing digits of a phone number that identify it, whatever its country prefix. */
const PHONE_DIGITS = 7;

/** Alphabet, digits and the keyboard rows of the four languages (QWERTY, Turkish Q, QWERTZ); also backwards. */
const SEQUENCES = [
  'abcdefghijklmnopqrstuvwxyz',
  '01234567890',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  'qwertyuıopğü',
  'asdfghjklşi',
  'zxcvbnmöç',
  'qwertzuiopü',
  'yxcvbnm',
].flatMap((sequence) => [sequence, [...sequence].reverse().join('')]);

/** The person a password belongs to, as far as it is known; each detail is optional. */
export interface PasswordOwner {
  email?: string | null;
  name?: string | null;
  surname?: string | null;
  username?: string | null;
  phone?: string | null;
}

export type PasswordProblem =
  | 'validation.password_blank'
  | 'validation.password_repetitive'
  | 'validation.password_sequential'
  | 'validation.password_personal';

/** Case and accents do not make a different password: "Ayşe" and "AYSE" are the same detail. */
function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/ı/g, 'i');
}

function isRepetitive(chars: string[]): boolean {
  const counts = new Map<string, number>();
  for (const char of chars) counts.set(char, (counts.get(char) ?? 0) + 1);
  if (Math.max(...counts.values()) >= chars.length * MAX_PREDICTABLE_SHARE) return true;
  const text = chars.join('');
  for (let unit = 1; unit <= MAX_REPEATED_UNIT && unit * 2 <= chars.length; unit++) {
    if (
      text ===
      text
        .slice(0, unit)
        .repeat(Math.ceil(chars.length / unit))
        .slice(0, text.length)
    )
      return true;
  }
  return false;
}

/** How many characters lie in runs of at least MIN_SEQUENCE_RUN that follow one of the known sequences. */
function sequentialCoverage(chars: string[]): number {
  let covered = 0;
  let start = 0;
  while (start < chars.length) {
    let longest = 1;
    for (const sequence of SEQUENCES) {
      let end = start + 1;
      while (end < chars.length && sequence.includes(chars.slice(start, end + 1).join(''))) end++;
      longest = Math.max(longest, end - start);
    }
    if (longest >= MIN_SEQUENCE_RUN) covered += longest;
    start += longest >= MIN_SEQUENCE_RUN ? longest : 1;
  }
  return covered;
}

/** The details of the owner a password must not contain: whole email, its local part, names, username, phone. */
function personalDetails(owner: PasswordOwner): string[] {
  const email = fold(owner.email?.trim() ?? '');
  const words = [owner.name, owner.surname].flatMap((value) => fold(value ?? '').split(/[\s'’.-]+/));
  const phoneDigits = (owner.phone ?? '').replace(/\D/g, '');
  const details = [
    email,
    email.split('@')[0] ?? '',
    ...words,
    fold(owner.name ?? '').replace(/\s+/g, ''),
    fold(owner.username?.trim() ?? ''),
    phoneDigits.length >= PHONE_DIGITS ? phoneDigits.slice(-PHONE_DIGITS) : '',
  ];
  return [...new Set(details.filter((detail) => detail.length >= MIN_PERSONAL_LENGTH))];
}

/**
 * The first reason a new password is too easy to guess, as a `validation.*` key, or null when it is acceptable.
 * Length limits are the schema's; the server also refuses the most common passwords.
 */
export function passwordProblem(password: string, owner: PasswordOwner = {}): PasswordProblem | null {
  if (password.trim() === '') return 'validation.password_blank';
  const folded = fold(password);
  const chars = [...folded];
  if (isRepetitive(chars)) return 'validation.password_repetitive';
  if (sequentialCoverage(chars) >= chars.length * MAX_PREDICTABLE_SHARE) return 'validation.password_sequential';
  const digits = password.replace(/\D/g, '');
  const containsDetail = (detail: string) =>
    folded.includes(detail) || (/^\d+$/.test(detail) && digits.includes(detail));
  if (personalDetails(owner).some(containsDetail)) return 'validation.password_personal';
  return null;
}
