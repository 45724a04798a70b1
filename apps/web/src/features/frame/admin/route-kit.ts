import type { AnyResourceContract, ResourceScreen } from '@kampus/shared';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { type RouteName, routePath } from '../../../app/route-names.js';
import type { AccessRequirement } from './access.js';
import type { AdminNavIcon } from './nav-icons.js';

/** What the routes take of a resource contract (RESOURCE_SCREENS holds it without the contract's schemas). */
export type ResourceRouteData = Pick<AnyResourceContract, 'namespace' | 'screens' | 'permissions'>;

/**
 * The areas of the admin navigation, in the order they are shown, each labelled by `admin.areas.<area>`. A feature
 * declares its screens in its own `routes.ts` as `AdminRoute[]` and `routes.tsx` lists them.
 */
export const ADMIN_AREAS = [
  'overview',
  'people',
  'organisation',
  'content',
  'engagement',
  'settings',
  'authorization',
  'platform',
] as const;
export type AdminArea = (typeof ADMIN_AREAS)[number];

/** What an admin route declares: its name, what the session must hold, its title and where the navigation shows it. */
export interface AdminRouteHandle {
  /** A named route of the spec (§2.1, §2.2), from the registry in app/route-names.ts. */
  name: RouteName;
  permission: AccessRequirement;
  /** Locale key of the page title, also the last breadcrumb. */
  title: string;
  /** Shown in the navigation under an area; a route without it (an edit page) is reached from its list. */
  nav?: { area: AdminArea; icon: AdminNavIcon };
  /**
   * The list this page belongs to in the breadcrumbs, when its path does not tell it (`/admin/assignment/7/edit`
   * belongs to `/admin/assignments`); without it the list sharing the longest path is taken.
   */
  parent?: RouteName;
}

export type AdminRoute = RouteObject & { path: string; handle: AdminRouteHandle };

export const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

type Loader = () => Promise<{ default: ComponentType }>;

/** An admin screen declared by name: its path is the registry's, so route table and links cannot drift apart. */
export function adminRoute(load: Loader, handle: AdminRouteHandle): AdminRoute {
  return { path: routePath(handle.name), lazy: page(load), handle };
}

interface ResourceScreenPages {
  list: Loader;
  /** The add and the edit screen (one form page). */
  form: Loader;
  /** Where the list shows in the navigation. */
  nav: AdminRouteHandle['nav'];
  /** Locale keys of the titles; by default `<namespace>.list_title`, `.add_title`, `.edit_title`. */
  titles?: Partial<Record<'list' | 'add' | 'edit', string>>;
}

/**
 * The list, add and edit screens of a resource, all from its contract: path and name from its screens, the
 * permission of each from its permissions (list → list, add → create, edit → update).
 */
export function resourceRoutes(contract: ResourceRouteData, pages: ResourceScreenPages): AdminRoute[] {
  const { screens, permissions, namespace } = contract;
  const title = (screen: 'list' | 'add' | 'edit') => pages.titles?.[screen] ?? `${namespace}.${screen}_title`;
  // The add and edit screens belong to the list in the breadcrumbs, whatever their paths.
  const parent = screens.list ? { parent: screens.list.name as RouteName } : {};
  const route = (screen: ResourceScreen | undefined, load: Loader, handle: Omit<AdminRouteHandle, 'name'>) =>
    screen ? [adminRoute(load, { name: screen.name as RouteName, ...handle })] : [];
  return [
    ...route(screens.list, pages.list, {
      permission: permissions.list,
      title: title('list'),
      ...(pages.nav ? { nav: pages.nav } : {}),
    }),
    ...route(screens.add, pages.form, { permission: permissions.create, title: title('add'), ...parent }),
    ...route(screens.edit, pages.form, { permission: permissions.update, title: title('edit'), ...parent }),
  ];
}
