import type { PageViewCreate } from '@kampus/shared';
import { useEffect, useRef } from 'react';
import { type UIMatch, useLocation, useMatches } from 'react-router';
import { http } from './api.js';
import { sessionStore } from './session.js';

/** The name (handle.name) of the deepest route that has one, or null (spec §2.1 named routes). */
export function routeNameOf(matches: readonly Pick<UIMatch, 'handle'>[]): string | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const name = (matches[i]?.handle as { name?: unknown } | undefined)?.name;
    if (typeof name === 'string' && name !== '') return name;
  }
  return null;
}

type Poster = { post: (url: string, body: PageViewCreate) => Promise<unknown> };

/**
 * Records one page view (spec §1). Fire and forget: a failure is only logged, never shown, and never holds up the
 * page. Only the path is sent, not the query, which may carry a one-time login token.
 */
export function trackPageView(
  path: string,
  routeName: string | null,
  client: Poster = http,
  log: Pick<Console, 'warn'> = console,
): void {
  const body: PageViewCreate = routeName ? { path, route_name: routeName } : { path };
  client.post('api/page-views', body).catch((error: unknown) => log.warn('page view not recorded', error));
}

/** Tracks every navigation of a signed-in person; used once, in the dashboard layout. */
export function usePageViewTracking(): void {
  const location = useLocation();
  const routeName = routeNameOf(useMatches());
  // One POST per navigation: React's development double effects must not count a page twice.
  const tracked = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key changes on every navigation, by design
  useEffect(() => {
    if (tracked.current === location.key || !sessionStore.isAuthenticated()) return;
    tracked.current = location.key;
    trackPageView(location.pathname, routeName);
  }, [location.key]);
}
