import { describe, expect, it } from 'vitest';
import { invitationState } from './invitation.js';

const link = (payload: unknown) => `${Buffer.from(JSON.stringify(payload)).toString('base64url')}.signature-part`;
const now = Date.UTC(2026, 0, 15);

describe('invitationState', () => {
  it('shows the invited address of a link made for this company that has not expired', () => {
    expect(invitationState(link({ c: 4, e: 'new.hire@example.test', x: now + 1 }), 4, now)).toEqual({
      kind: 'valid',
      email: 'new.hire@example.test',
    });
  });

  it('calls a link past its expiry expired', () => {
    expect(invitationState(link({ c: 4, e: 'a@example.test', x: now - 1 }), 4, now)).toEqual({ kind: 'expired' });
  });

  it.each([
    ['made for another company', link({ c: 5, e: 'a@example.test', x: now + 1 }), 4],
    ['opened on the marketing host', link({ c: 4, e: 'a@example.test', x: now + 1 }), null],
    ['mangled', 'not-a-link', 4],
  ])('calls a link %s invalid', (_case, params, companyId) => {
    expect(invitationState(params, companyId, now)).toEqual({ kind: 'invalid' });
  });
});
