import type { Icon } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { AccessRequirement } from './access.js';

/**
 * The areas of the admin navigation, in the order they are shown, each labelled by `admin.areas.<area>`. A feature
 * declares its screens in its own `routes.ts` as `AdminRoute[]` and `routes.tsx` lists them.
 */
export const ADMIN_AREAS = [
  'overview',
  'people',
  'organisation',
  'content',
  'settings',
  'authorization',
  'platform',
] as const;
export type AdminArea = (typeof ADMIN_AREAS)[number];

/** What an admin route declares: its name, what the session must hold, its title and where the navigation shows it. */
export interface AdminRouteHandle {
  /** A named route of the spec (§2.1, §2.2). */
  name: string;
  permission: AccessRequirement;
  /** Locale key of the page title, also the last breadcrumb. */
  title: string;
  /** Shown in the navigation under an area; a route without it (an edit page) is reached from its list. */
  nav?: { area: AdminArea; icon: Icon };
}

export type AdminRoute = RouteObject & { path: string; handle: AdminRouteHandle };

export const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});
