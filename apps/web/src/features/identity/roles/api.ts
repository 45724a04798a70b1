import { BUILT_IN_ROLES, type PermissionGroup, rolesContract } from '@kampus/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../lib/api.js';
import { contractResource } from '../../../lib/resource.js';

/** `api/admin/roles` (issue 4, authorization): the built-in roles (read-only) and the company's own. */
export const rolesResource = contractResource(rolesContract);

/** `GET api/admin/permissions`: the catalogue grouped by area. It only changes with a release. */
export function usePermissionCatalogue() {
  return useQuery({
    queryKey: ['admin', 'permissions'],
    queryFn: () => http.get<{ data: PermissionGroup[] }>('api/admin/permissions').then((body) => body.data),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Every role an admin may hand out (the API hides super admin from others), for pickers and filters. */
export function useAssignableRoles() {
  return useQuery({
    queryKey: [...rolesResource.keys.lists, 'options'],
    queryFn: () => rolesResource.list({ page: 1, per_page: 100, sort: 'name' }),
    select: (page) => page.data,
    staleTime: 60_000,
  });
}

/** A role's shown name: built-ins by their localized name, company roles as the company named them. */
export function useRoleLabel() {
  const { t } = useTranslation();
  return useCallback(
    (role: { id: number; name: string }) =>
      BUILT_IN_ROLES.some((b) => b.id === role.id) ? t(`profile.role_names.${role.name}`, role.name) : role.name,
    [t],
  );
}
