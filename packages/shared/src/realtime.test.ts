import { describe, expect, it } from 'vitest';
import { parseChannel, pointChannel, presenceChannel, subscribeAckSchema } from './schemas/realtime.js';

describe('realtime channel names (spec §7)', () => {
  it('builds the two channel names', () => {
    expect(presenceChannel(12)).toBe('online-users-12');
    expect(pointChannel(7)).toBe('point-channel-7');
  });

  it.each([
    ['online-users-12', { kind: 'presence', companyId: 12 }],
    ['point-channel-7', { kind: 'point', userId: 7 }],
    ['point-channel-2147483647', { kind: 'point', userId: 2147483647 }],
  ])('reads %s', (name, expected) => {
    expect(parseChannel(name)).toEqual(expected);
  });

  it.each([
    ['another shape', 'private-user-7'],
    ['no id', 'online-users-'],
    ['id zero', 'online-users-0'],
    ['a leading zero', 'point-channel-07'],
    ['a negative id', 'point-channel--7'],
    ['a suffix', 'online-users-12#full'],
    ['a prefix', 'x-online-users-12'],
    ['too many digits', 'online-users-12345678901'],
    ['not a string', 12],
    ['nothing', undefined],
  ])('refuses %s', (_case, name) => {
    expect(parseChannel(name)).toBeNull();
  });

  it('accepts both answers to a subscription and nothing else', () => {
    expect(subscribeAckSchema.safeParse({ ok: true, channel: 'point-channel-7' }).success).toBe(true);
    expect(subscribeAckSchema.safeParse({ ok: false, channel: 'x', code: 'forbidden', message: 'Nope' }).success).toBe(
      true,
    );
    expect(subscribeAckSchema.safeParse({ ok: false, channel: 'x', code: 'other', message: 'Nope' }).success).toBe(
      false,
    );
  });
});
