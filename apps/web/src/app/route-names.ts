import type { ResourceScreen } from '@kampus/shared';
import { PAGE_ROUTES } from './page-routes.js';
import { RESOURCE_SCREENS } from './resource-screens.js';

/*
 * The web app's named routes (spec §2.1) and the paths they stand for; `:param` segments are filled from params.
 * The screens of the admin resources come from their contracts (packages/shared); every other page is declared in
 * page-routes.ts. The route table takes each page's path from this registry by name, so a page cannot lack a name.
 */

type Contract = (typeof RESOURCE_SCREENS)[keyof typeof RESOURCE_SCREENS];
type ScreenOf<C> = C extends { screens: infer S } ? S[keyof S] : never;
type ContractScreen = ScreenOf<Contract> & ResourceScreen;
type ScreenRoutes = { [S in ContractScreen as S['name']]: S['path'] };

const screenRoutes = Object.fromEntries(
  Object.values(RESOURCE_SCREENS).flatMap((contract) =>
    Object.values(contract.screens as Record<string, ResourceScreen>).map((screen) => [screen.name, screen.path]),
  ),
) as ScreenRoutes;

export const ROUTES: typeof PAGE_ROUTES & ScreenRoutes = { ...PAGE_ROUTES, ...screenRoutes };
export type RouteName = keyof typeof ROUTES;

/** The `:param` names of a path pattern. */
type ParamNames<Path> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Param}`
    ? Param
    : never;
export type RouteParams<Name extends RouteName> = { [Param in ParamNames<(typeof ROUTES)[Name]>]: string | number };
type ParamsArgument<Name extends RouteName> = [ParamNames<(typeof ROUTES)[Name]>] extends [never]
  ? []
  : [params: RouteParams<Name>];

/** Fills `:param` segments; an optional one (`:id?`, the assignment's add screen) is left out when not given. */
function fill(pattern: string, params: Record<string, unknown>): string | null {
  let missing = false;
  const path = pattern.replace(/\/:(\w+)(\?)?/g, (_m, key: string, optional: string | undefined) => {
    const value = params[key];
    if (value === undefined || value === null || value === '') {
      if (optional) return '';
      missing = true;
    }
    return `/${encodeURIComponent(String(value))}`;
  });
  return missing ? null : path;
}

/** The path pattern of a named route, as the route table declares it (`/admin/hashtags/:id/edit`). */
export function routePath(name: RouteName): string {
  return ROUTES[name];
}

/** The link to a named route; the params each route needs are checked by the compiler. */
export function pathTo<Name extends RouteName>(name: Name, ...[params]: ParamsArgument<Name>): string {
  const path = fill(ROUTES[name], (params ?? {}) as Record<string, unknown>);
  if (path === null) throw new Error(`route ${name} is missing a parameter`);
  return path;
}

export function isRouteName(name: string): name is RouteName {
  return Object.hasOwn(ROUTES, name);
}

/**
 * The path of a route named at run time (a notification's target, a menu item's type), or null when the name is
 * unknown or a parameter is missing. Learner pages still to come are `user.<page>` at `/<page>`.
 */
export function pathForRoute(name: string, params: Record<string, unknown> = {}): string | null {
  const pattern = isRouteName(name) ? ROUTES[name] : name.startsWith('user.') ? `/${name.slice(5)}` : null;
  return pattern === null ? null : fill(pattern, params);
}

/** The link to a contract's screen (its name is a route of this registry by construction). */
export function screenPath(screen: ResourceScreen | undefined, params: Record<string, unknown> = {}): string {
  const path = screen ? pathForRoute(screen.name, params) : null;
  if (path === null) throw new Error(`no route for screen ${screen?.name ?? '(none)'}`);
  return path;
}
