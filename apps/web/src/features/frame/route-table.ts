import type { RouteObject } from 'react-router';

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

/** The set of paths that have a page, for "show a link only when its page exists". */
export function registeredPaths(routes: readonly RouteObject[]): Set<string> {
  return new Set(registeredRoutes(routes).map((route) => route.path));
}
