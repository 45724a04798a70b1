import { describe, expect, it } from 'vitest';
import { type StartupState, startupDestination } from './startup.js';

const pages = ['/dashboard', '/notification', '/profile', '/homepage', '/login', '/403'];
const base: StartupState = {
  pathname: '/',
  search: '',
  hash: '',
  isMarketingHost: false,
  isAuthenticated: false,
  savedRedirect: null,
  hasPage: (path) => pages.includes(path),
};
const from = (changes: Partial<StartupState>) => startupDestination({ ...base, ...changes });

describe('start-up destination (spec §2.4)', () => {
  it('leaves short links to resolve themselves', () => {
    expect(from({ pathname: '/s/abc', isAuthenticated: true, savedRedirect: '/profile' })).toBeNull();
  });

  it('sends a token query to /dashboard, keeping the query for the exchange', () => {
    expect(from({ pathname: '/', search: '?token=t1&type=2&id=5' })).toBe('/dashboard?token=t1&type=2&id=5');
    expect(from({ pathname: '/profile', search: '?token=t1' })).toBe('/dashboard?token=t1');
    expect(from({ pathname: '/dashboard', search: '?token=t1' })).toBeNull();
  });

  it.each(['/forgot-password', '/create-password', '/reset-password/abc', '/email-verification'])(
    'redirects nothing on %s, whose token is its own',
    (pathname) => {
      expect(from({ pathname, search: '?token=t1', isAuthenticated: true, savedRedirect: '/profile' })).toBeNull();
    },
  );

  it('sends the marketing root to /homepage, signed in or not', () => {
    expect(from({ isMarketingHost: true })).toBe('/homepage');
    expect(from({ isMarketingHost: true, isAuthenticated: true, savedRedirect: '/profile' })).toBe('/homepage');
  });

  it('sends a signed-out visitor from the root to /homepage and leaves other pages to their guards', () => {
    expect(from({})).toBe('/homepage');
    expect(from({ pathname: '/notification' })).toBeNull();
  });

  it('restores a saved address that is a real page, else the #/ address, else the dashboard from / and /login', () => {
    const signedIn = { isAuthenticated: true };
    expect(from({ ...signedIn, savedRedirect: '/notification?page=2' })).toBe('/notification?page=2');
    expect(from({ ...signedIn, savedRedirect: '/no-such-page', hash: '#/profile' })).toBe('/profile');
    expect(from({ ...signedIn, hash: '#/no-such-page' })).toBe('/dashboard');
    expect(from({ ...signedIn, pathname: '/login' })).toBe('/dashboard');
    expect(from({ ...signedIn, pathname: '/profile' })).toBeNull();
  });

  it('turns a saved / or /login into /dashboard and never restores an error page', () => {
    const signedIn = { isAuthenticated: true, pathname: '/login' };
    expect(from({ ...signedIn, savedRedirect: '/' })).toBe('/dashboard');
    expect(from({ ...signedIn, savedRedirect: '/login' })).toBe('/dashboard');
    expect(from({ ...signedIn, savedRedirect: '/403' })).toBe('/dashboard');
    expect(from({ isAuthenticated: true, pathname: '/profile', savedRedirect: '/403' })).toBeNull();
  });
});
