import { describe, expect, it } from 'vitest';
import { afterLoginPath, isStorableRedirect } from './redirects.js';

describe('where sign-in leads (spec §2.4)', () => {
  it.each([
    [null, '/dashboard'],
    ['', '/dashboard'],
    ['/', '/dashboard'],
    ['/login', '/dashboard'],
    ['/login?redirect=/x', '/dashboard'],
    ['/403', '/dashboard'],
    ['/404', '/dashboard'],
    ['/500', '/dashboard'],
    ['//evil.example/path', '/dashboard'],
    ['https://evil.example', '/dashboard'],
    ['/assignment/5/detail', '/assignment/5/detail'],
    ['/education/3/detail?tab=2#top', '/education/3/detail?tab=2#top'],
  ])('%s → %s', (redirect, expected) => {
    expect(afterLoginPath(redirect)).toBe(expected);
  });

  it.each([
    ['/dashboard', true],
    ['/my-assignment?page=2', true],
    ['/login', false],
    ['/403', false],
    ['/404?x=1', false],
    ['/500', false],
  ])('stores %s as a redirect target: %s', (path, expected) => {
    expect(isStorableRedirect(path)).toBe(expected);
  });
});
