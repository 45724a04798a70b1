import { describe, expect, it } from 'vitest';
import { readInvitationPayload } from './schemas/invitation.js';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('readInvitationPayload', () => {
  const payload = { c: 7, e: 'gülşen.öztürk@example.test', x: 1_900_000_000_000 };

  it('reads the company, the address (UTF-8) and the expiry of {payload}.{signature}', () => {
    expect(readInvitationPayload(`${encode(payload)}.c2lnbmF0dXJl`)).toEqual(payload);
  });

  it.each([
    ['no signature', encode(payload)],
    ['an empty payload', '.c2ln'],
    ['a third segment', `${encode(payload)}.c2ln.extra`],
    ['text that is not JSON', `${Buffer.from('not json').toString('base64url')}.c2ln`],
    ['JSON of another shape', `${encode({ c: '7', e: 'x' })}.c2ln`],
    ['bytes that are not UTF-8', `${Buffer.from([0xff, 0xfe]).toString('base64url')}.c2ln`],
    ['characters outside base64url', '%%%.c2ln'],
  ])('is null for %s', (_case, params) => {
    expect(readInvitationPayload(params)).toBeNull();
  });
});
