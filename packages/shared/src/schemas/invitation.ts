import { z } from 'zod';

/**
 * The signed part of an invitation link `/register-invitation/{payload}.{HMAC}`: base64url JSON naming the company
 * (c), the invited address (e) and the expiry in epoch milliseconds (x). Only the server can check the HMAC; the
 * browser reads the payload to show the address and to spot an expired link before anyone types a password.
 */
export const invitationPayloadSchema = z.object({ c: z.number(), e: z.string(), x: z.number() });
export type InvitationPayload = z.infer<typeof invitationPayloadSchema>;

/** base64url → UTF-8 text with the globals both Node and browsers have. */
function decodeBase64Url(value: string): string {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(atob(padded), (c) => c.charCodeAt(0)));
}

/** The payload of an invitation's `params`, or null when it is not one. The signature is not checked here. */
export function readInvitationPayload(params: string): InvitationPayload | null {
  const [payload = '', signature = '', ...rest] = params.split('.');
  if (payload === '' || signature === '' || rest.length > 0) return null;
  try {
    const parsed = invitationPayloadSchema.safeParse(JSON.parse(decodeBase64Url(payload)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
