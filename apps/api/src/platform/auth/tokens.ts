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

export function createTokenSigner(secret: string, ttlSeconds: number): TokenSigner {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        const parsed = claimsSchema.safeParse(payload);
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
  };
}
