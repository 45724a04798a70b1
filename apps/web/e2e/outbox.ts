import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { e2eDataDir } from './servers.js';

/**
 * The mails the server wrote to its outbox for an address, oldest first, as text with quoted-printable soft breaks
 * and `=3D` undone. The outbox names a file `{time}-{id}-{address}.eml`, with unsafe characters as `_`.
 */
export function mailsTo(address: string): string[] {
  const outbox = path.join(e2eDataDir(), 'outbox');
  const suffix = `-${address.replace(/[^a-zA-Z0-9@.+-]/g, '_')}.eml`;
  try {
    return readdirSync(outbox)
      .filter((file) => file.endsWith(suffix))
      .sort()
      .map((file) =>
        readFileSync(path.join(outbox, file), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '='),
      );
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
