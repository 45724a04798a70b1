import { createContext, useCallback, useContext } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

/**
 * The app's route table, provided by App beside its router. The shell (layouts, menus, quick-create) asks it which
 * pages exist instead of importing the router, which imports the shell: no import circle.
 */
export const RouteTableContext = createContext<readonly RouteObject[]>([]);

export const useRouteTable = (): readonly RouteObject[] => useContext(RouteTableContext);

/** `hasPage` bound to the app's route table. */
export function useHasPage(): (path: string) => boolean {
  const routes = useRouteTable();
  return useCallback((path: string) => hasPage(routes, path), [routes]);
}

/** A page of the route table: its full path and, when it has one, its name (handle.name). */
export interface RegisteredRoute {
  path: string;
  name?: string;
}

function join(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

/** Every route with a path, nested layouts included, with relative paths made absolute. */
export function registeredRoutes(routes: readonly RouteObject[], parent = ''): RegisteredRoute[] {
  return routes.flatMap((route) => {
    const path = route.path === undefined ? parent : join(parent, route.path);
    const name = (route.handle as { name?: unknown } | undefined)?.name;
    const own: RegisteredRoute[] =
      route.path !== undefined && route.path !== '*' ? [{ path, ...(typeof name === 'string' ? { name } : {}) }] : [];
    return [...own, ...registeredRoutes(route.children ?? [], path)];
  });
}

/**
 * Whether a path has a page of its own in the route table (the catch-all that sends to /404 does not count): menus
 * show a link only when its page exists, since many pages arrive in later issues.
 */
export function hasPage(routes: readonly RouteObject[], path: string): boolean {
  const leaf = matchRoutes(routes as RouteObject[], path)?.at(-1)?.route;
  return leaf?.path !== undefined && leaf.path !== '*';
}
