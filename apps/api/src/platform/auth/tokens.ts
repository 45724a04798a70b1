import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

/**
 * What an access token carries. Permissions travel in the token so a guarded request needs no database round trip;
 * the short lifetime bounds how long a changed role takes to apply.
 */
const claimsSchema = z.object({
  sub: z.string(),
  /** The host company the session was issued on; the token is refused on any other host. */
  hid: z.number(),
  /** The user's home company, where the user row lives. */
  hco: z.number(),
  /** The company the session acts in (a sub-company after change-company). */
  cid: z.number(),
  /** The refresh-token family: logout and reuse detection revoke it. */
  sid: z.string(),
  rol: z.array(z.number()),
  prm: z.array(z.string()),
  /** Companies the user may act in through X-Company-Id; null means any (super admin). */
  cos: z.array(z.number()).nullable(),
  /** The super admin acting as this user, during impersonation. */
  imp: z.number().optional(),
});
export type AccessClaims = z.infer<typeof claimsSchema>;

export interface TokenSigner {
  sign(claims: AccessClaims): Promise<string>;
  verify(token: string): Promise<AccessClaims | null>;
  ttlSeconds: number;
}

const ISSUER = 'kampus';

/** How many verified tokens a node remembers; past it the oldest are forgotten (and verified again when seen). */
const VERIFIED_TOKENS_MAX = 10_000;

/**
 * Verification is an HMAC and a schema parse on every guarded request, and a browser sends the same token until it
 * refreshes it: so a token verified once is remembered, by its exact text, until it expires. Only a string that
 * passed verification is remembered, so a forged or altered token is always verified, and refused.
 */
export function createTokenSigner(secret: string, ttlSeconds: number): TokenSigner {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();

  function remember(token: string, claims: AccessClaims, expiresAt: number): void {
    // Insertion order is age: the oldest tenth goes, the expired among the first.
    if (verified.size >= VERIFIED_TOKENS_MAX) {
      for (const oldest of verified.keys()) {
        verified.delete(oldest);
        if (verified.size < VERIFIED_TOKENS_MAX * 0.9) break;
      }
    }
    verified.set(token, { claims, expiresAt });
  }

  return {
    ttlSeconds,
    sign: (claims) =>
      new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > Date.now()) return known.claims;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        const parsed = claimsSchema.safeParse(payload);
        if (!parsed.success || payload.exp === undefined) return null;
        remember(token, parsed.data, payload.exp * 1000);
        return parsed.data;
      } catch {
        return null;
      }
    },
  };
}
