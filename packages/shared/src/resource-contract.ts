import type { z } from 'zod';
import type { Permission } from './access.js';
import type { ResourceListQuery } from './schemas/resource.js';

/** The actions of an admin resource, each guarded by one permission. */
export type ResourceAction = 'list' | 'read' | 'create' | 'update' | 'delete';
/**
 * What guards an action: a permission of spec §6, or `super_admin` for a platform resource no company role reaches
 * (the company registry), as the API's `super_admin` access.
 */
export type ResourceAccess = Permission | 'super_admin';
export type ResourcePermissions<Access extends ResourceAccess = Permission> = Record<ResourceAction, Access>;

/** Generated actions a resource may go without (their routes are then not registered): bulk actions, export. */
export type OptionalResourceAction = 'bulk' | 'export';

/** The usual shape: one permission to see the records, one (by default the same) to change them. */
export function readWrite(read: Permission, write: Permission = read): ResourcePermissions {
  return { list: read, read, create: write, update: write, delete: write };
}

/** Every action for super admins only: a platform resource (the company registry). */
export function superAdminOnly(): ResourcePermissions<'super_admin'> {
  return {
    list: 'super_admin',
    read: 'super_admin',
    create: 'super_admin',
    update: 'super_admin',
    delete: 'super_admin',
  };
}

/**
 * A list's typed filters as the address holds them. Each filter's URL parameters are the API's query parameters, so
 * the address of a list is also the query of its page and of its export.
 */
export type ListFilter =
  /** One value out of a fixed set (a status, a role id); anything else in the address is ignored. */
  | { kind: 'select'; param: string; options: readonly string[] }
  /** A from–to range of calendar days, YYYY-MM-DD; an invalid day is ignored, a reversed range is put in order. */
  | { kind: 'date-range'; from: string; to: string };

/** The `status` filter of a resource with the shared 0/1 status (`activeStatusFilter`). */
export const ACTIVE_STATUS_LIST_FILTER = { kind: 'select', param: 'status', options: ['0', '1'] } as const;

/** An admin screen of a resource: its web path (`:param` segments) and its named route (spec §2.1). */
export interface ResourceScreen {
  name: string;
  path: string;
}

export interface ResourceScreens {
  list?: ResourceScreen;
  add?: ResourceScreen;
  edit?: ResourceScreen;
}

/**
 * One admin resource, declared once and read by both sides: the API framework (`defineResource` in
 * apps/api/src/platform/resource) registers `/api/admin/{plural}` from it, and the web app builds its client, list
 * state, routes, named routes and permission checks from it.
 */
export interface ResourceContract<
  Item extends z.ZodType = z.ZodType,
  Create extends z.ZodType = z.ZodType,
  Update extends z.ZodType = z.ZodType,
  Query extends z.ZodType<ResourceListQuery> = z.ZodType<ResourceListQuery>,
  Screens extends ResourceScreens = ResourceScreens,
  Access extends ResourceAccess = Permission,
> {
  /** URL segment: `/api/admin/{plural}`. */
  plural: string;
  /**
   * Locale namespace of the resource's texts. Generic texts (status names, bulk actions, common columns) come from
   * the shared `records` namespace, so this one holds only what differs (see `translations`).
   */
  namespace: string;
  permissions: ResourcePermissions<Access>;
  schemas: { item: Item; create: Create; update: Update; listQuery: Query };
  list: {
    /** The fields `sort` accepts; the API maps each to a column. */
    sorts: readonly string[];
    /** `field` or `-field`, the list's order when the address names none. */
    defaultSort?: string;
    filters: readonly ListFilter[];
  };
  /** The admin screens of the web app; routes, named routes and links are built from them. */
  screens: Screens;
  /** Generated actions that do not apply to this resource; every other one is offered. */
  without?: readonly OptionalResourceAction[];
}

/** Declares a contract, keeping its literal screen names and paths (so links to them are type-checked). */
export function defineContract<
  const Item extends z.ZodType,
  const Create extends z.ZodType,
  const Update extends z.ZodType,
  const Query extends z.ZodType<ResourceListQuery>,
  const Screens extends ResourceScreens,
  const Access extends ResourceAccess = Permission,
>(
  contract: ResourceContract<Item, Create, Update, Query, Screens, Access>,
): ResourceContract<Item, Create, Update, Query, Screens, Access> {
  return contract;
}

export type AnyResourceContract = ResourceContract<
  z.ZodType,
  z.ZodType,
  z.ZodType,
  z.ZodType<ResourceListQuery>,
  ResourceScreens,
  ResourceAccess
>;
export type ItemOf<C extends AnyResourceContract> = z.output<C['schemas']['item']>;
export type CreateOf<C extends AnyResourceContract> = z.output<C['schemas']['create']>;
export type UpdateOf<C extends AnyResourceContract> = z.output<C['schemas']['update']>;
export type ListQueryOf<C extends AnyResourceContract> = z.output<C['schemas']['listQuery']>;

/** The locale namespace every resource namespace falls back to for the texts it does not state itself. */
export const RECORDS_NAMESPACE = 'records';
