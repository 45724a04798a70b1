import { describe, expect, it } from 'vitest';
import { usableAvatar } from './UserAvatar.js';

describe('usableAvatar (spec §2.6)', () => {
  it.each([
    ['/api/files/0123456789abcdef0123456789abcdef.png', false, '/api/files/0123456789abcdef0123456789abcdef.png'],
    ['https://cdn.example/people/ayse.jpg', false, 'https://cdn.example/people/ayse.jpg'],
    ['https://cdn.example/people/ayse.jpg', true, null],
    ['https://cdn.example/img/not-found.png', false, null],
    ['https://cdn.example/Placeholder-avatar.png', false, null],
    ['/images/DEFAULT.jpg', false, null],
    ['', false, null],
    [null, false, null],
    [undefined, false, null],
  ])('%s (failed: %s) → %s', (src, failed, expected) => {
    expect(usableAvatar(src, failed)).toBe(expected);
  });
});
