import {
  type AdminUser,
  type LabelledCustomField,
  USER_STATUS_NAMES,
  type UserStatus,
  usersContract,
} from '@kampus/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http } from '../../../lib/api.js';
import type { ListConfig } from '../../../lib/list-state.js';
import { contractResource } from '../../../lib/resource.js';

/** `api/admin/users` (issue 4): the users resource, with its custom reactivate action. */
export const usersResource = contractResource(usersContract);

export const USER_STATUSES = Object.keys(USER_STATUS_NAMES).map(Number) as UserStatus[];

/** The user lists' address state: the sortable fields and filters of `adminUserListQuerySchema`. */
export function userListConfig(roleIds: readonly number[]): ListConfig {
  const [status, ...rest] = usersResource.listConfig.filters;
  return {
    ...usersResource.listConfig,
    filters: [
      ...(status ? [status] : []),
      // The company's roles from `GET api/admin/roles`; until they load, a role in the address waits unapplied.
      { kind: 'select', param: 'role_id', options: roleIds.map(String) },
      ...rest,
    ],
  };
}

/** The passive list: the same list without a status filter of its own (it is always status 0). */
export function passiveListConfig(roleIds: readonly number[]): ListConfig {
  const config = userListConfig(roleIds);
  return {
    ...config,
    filters: config.filters.filter((filter) => filter.kind !== 'select' || filter.param !== 'status'),
  };
}

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

/** The fields the company defines for its people, in order, labelled in the current language (show_user). */
export function useUserCustomFields() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...usersResource.keys.all, 'custom-fields', i18n.language],
    queryFn: () =>
      http.get<{ data: LabelledCustomField[] }>(`${usersResource.base}/custom-fields`).then((body) => body.data),
    staleTime: 60_000,
  });
}
