import { readInvitationPayload } from '@kampus/shared';

export type InvitationState = { kind: 'valid'; email: string } | { kind: 'invalid' } | { kind: 'expired' };

/**
 * What the link says before the server is asked: its address, whether it has expired, and whether it was made for
 * this company. Only the server can check the signature; a forged link fails when the form is sent.
 */
export function invitationState(params: string, companyId: number | null, now = Date.now()): InvitationState {
  const payload = readInvitationPayload(params);
  if (!payload || payload.c !== companyId) return { kind: 'invalid' };
  if (payload.x < now) return { kind: 'expired' };
  return { kind: 'valid', email: payload.e };
}
