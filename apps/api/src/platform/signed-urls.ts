import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { fileUrlOf } from './uploads.js';

/** The query of a signed address: when it stops working (Unix seconds) and the HMAC that binds it. */
export interface SignedQuery {
  expires?: string;
  signature?: string;
}

export interface FileUrlSigner {
  /** `/api/files/<name>?expires=…&signature=…`, valid for the configured time on the company's hosts only. */
  sign(companyId: number, name: string, now?: Date): { url: string; expiresAt: Date };
  /** Whether the query was signed by this server for exactly this company and file and has not expired. */
  verify(companyId: number, name: string, query: SignedQuery, now?: Date): boolean;
}

/**
 * Short-lived addresses for private files. The key is derived from JWT_SECRET for this one use, so a signature can
 * never stand in for a token or anything else signed with the secret; the company is part of what is signed, so an
 * address copied to another company's host (where a file of that name might exist) is refused.
 */
export function createFileUrlSigner(secret: string, ttlSeconds: number): FileUrlSigner {
  const key = Buffer.from(hkdfSync('sha256', secret, 'kampus', 'kampus.files.signed-url', 32));
  const signatureOf = (companyId: number, name: string, expires: number) =>
    createHmac('sha256', key).update(`${companyId}\n${name}\n${expires}`).digest('base64url');

  return {
    sign(companyId, name, now = new Date()) {
      const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
      const query = new URLSearchParams({ expires: String(expires), signature: signatureOf(companyId, name, expires) });
      return { url: `${fileUrlOf(name)}?${query}`, expiresAt: new Date(expires * 1000) };
    },

    verify(companyId, name, { expires, signature }, now = new Date()) {
      if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return false;
      if (Number(expires) * 1000 <= now.getTime()) return false;
      const expected = Buffer.from(signatureOf(companyId, name, Number(expires)));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
