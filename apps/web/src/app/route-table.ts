import { matchRoutes, type RouteObject } from 'react-router';

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
export function hasPage(routes: RouteObject[], path: string): boolean {
  const leaf = matchRoutes(routes, path)?.at(-1)?.route;
  return leaf?.path !== undefined && leaf.path !== '*';
}
