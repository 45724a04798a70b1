import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { e2eDataDir } from './servers.js';

/** Quoted-printable text (RFC 2045) as it reads: soft line breaks joined, `=XX` bytes decoded as UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(joined.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A mail as it reads: each quoted-printable part's body decoded once, everything else (headers, base64) as it is. */
function readableMail(raw: string): string {
  return raw.replace(
    /(Content-Transfer-Encoding: quoted-printable\r?\n(?:[^\r\n]+\r?\n)*\r?\n)([\s\S]*?)(?=\r?\n--|$)/gi,
    (_, head: string, body: string) => head + decodeQuotedPrintable(body),
  );
}

/**
 * The mails the server wrote to its outbox for an address, oldest first, as text (quoted-printable parts decoded).
 * The outbox names a file `{time}-{id}-{address}.eml`, with unsafe characters as `_`.
 */
export function mailsTo(address: string): string[] {
  const outbox = path.join(e2eDataDir(), 'outbox');
  const suffix = `-${address.replace(/[^a-zA-Z0-9@.+-]/g, '_')}.eml`;
  try {
    return readdirSync(outbox)
      .filter((file) => file.endsWith(suffix))
      .sort()
      .map((file) => readableMail(readFileSync(path.join(outbox, file), 'utf8')));
  } catch {
    return [];
  }
}

/**
 * The newest mail to an address whose text matches, waiting for the mail job. An address gets more than the mail a
 * test waits for (a new person's automatic assignments mail them too), so the newest mail alone is not the answer.
 */
export async function mailMatching(
  address: string,
  match: RegExp | ((mail: string) => boolean),
  timeoutMs = 30_000,
): Promise<string> {
  const matches = typeof match === 'function' ? match : (mail: string) => match.test(mail);
  const until = Date.now() + timeoutMs;
  do {
    const mail = mailsTo(address).reverse().find(matches);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 200));
  } while (Date.now() < until);
  throw new Error(`no mail to ${address} matching ${match} in ${timeoutMs} ms`);
}
