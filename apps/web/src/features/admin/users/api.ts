import {
  ADMIN_USER_SORTS,
  type AdminUser,
  type AdminUserCreate,
  type AdminUserUpdate,
  BUILT_IN_ROLES,
  ROLE,
  USER_STATUS_NAMES,
  type UserStatus,
} from '@kampus/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api.js';
import type { ListConfig } from '../../../lib/list-state.js';
import { defineResource } from '../../../lib/resource.js';

/** `api/admin/users` (issue 4): the users resource, with its custom reactivate action. */
export const usersResource = defineResource<AdminUser, AdminUserCreate, AdminUserUpdate>('users');

export const USER_STATUSES = Object.keys(USER_STATUS_NAMES).map(Number) as UserStatus[];

/**
 * The roles an admin can give. There is no company roles endpoint yet (the authorization screens bring it), so these
 * are the built-in roles a company admin may assign: admin and user (never the super admin).
 */
export const ASSIGNABLE_ROLES = BUILT_IN_ROLES.filter((role) => role.id !== ROLE.superAdmin);

/** The user lists' address state: the sortable fields and filters of `adminUserListQuerySchema`. */
export const USER_LIST_CONFIG: ListConfig = {
  sortable: ADMIN_USER_SORTS,
  defaultSort: '-created_at',
  filters: [
    { kind: 'select', param: 'status', options: USER_STATUSES.map(String) },
    { kind: 'select', param: 'role_id', options: ASSIGNABLE_ROLES.map((role) => String(role.id)) },
    { kind: 'date-range', from: 'created_from', to: 'created_to' },
  ],
};

/** The passive list: the same list without a status filter of its own (it is always status 0). */
export const PASSIVE_LIST_CONFIG: ListConfig = {
  ...USER_LIST_CONFIG,
  filters: USER_LIST_CONFIG.filters.filter((filter) => filter.kind !== 'select' || filter.param !== 'status'),
};

/** People to choose a manager from: the company's users matching what was typed (the first 20). */
export function useManagerOptions(search: string) {
  return useQuery({
    queryKey: [...usersResource.keys.lists, 'managers', search],
    queryFn: () => usersResource.list({ search, per_page: 20, page: 1, sort: 'name', status: '1' }),
    select: (page) => page.data,
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  });
}

export const reactivateUser = (id: number) =>
  http.post<{ data: AdminUser }>(`${usersResource.base}/${id}/reactivate`).then((body) => body.data);
