import { afterLoginPath, isStorableRedirect } from './redirects.js';

/** Pages whose token query is their own (a reset or verification token), never a sign-in: nothing redirects there. */
const OWN_TOKEN_PAGES = [/^\/forgot-password$/, /^\/create-password$/, /^\/reset-password\//, /^\/email-verification$/];

export interface StartupState {
  pathname: string;
  search: string;
  hash: string;
  /** The marketing host (the product domain and its www form) has no company. */
  isMarketingHost: boolean;
  isAuthenticated: boolean;
  /** The address saved when a signed-out visitor was sent to login. */
  savedRedirect: string | null;
  /** Whether a path has a page in the route table. */
  hasPage: (path: string) => boolean;
}

const pathOf = (address: string) => address.split(/[?#]/)[0] ?? '';

/**
 * Where the first page load goes (spec §2.4); null stays where it is. Short links resolve themselves; a token query
 * goes to /dashboard, where it is exchanged; the marketing root is the homepage; a signed-in person goes back to the
 * saved address or an old `#/path` link when it is a real page, from / or /login to the dashboard.
 */
export function startupDestination(state: StartupState): string | null {
  const { pathname } = state;
  if (pathname.startsWith('/s/') || OWN_TOKEN_PAGES.some((page) => page.test(pathname))) return null;
  if (new URLSearchParams(state.search).has('token'))
    return pathname === '/dashboard' ? null : `/dashboard${state.search}`;
  if (state.isMarketingHost && pathname === '/') return '/homepage';
  if (!state.isAuthenticated) return pathname === '/' ? '/homepage' : null;
  const saved = state.savedRedirect;
  if (saved && isStorableRedirect(saved) && state.hasPage(pathOf(saved))) return afterLoginPath(saved);
  const hashAddress = state.hash.startsWith('#/') ? state.hash.slice(1) : null;
  if (hashAddress && state.hasPage(pathOf(hashAddress))) return afterLoginPath(hashAddress);
  return pathname === '/' || pathname === '/login' ? '/dashboard' : null;
}
