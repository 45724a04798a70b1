import type { AdminMenuItem, ModuleKey, ModuleSwitches } from '@kampus/shared';
import { menuItemsContract } from '@kampus/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { http } from '../../../../lib/api.js';
import { contractResource } from '../../../../lib/resource.js';
import { sessionStore } from '../../../../lib/session.js';

/** `api/admin/menu-modules`: the company's side-menu items. */
export const menuItemsResource = contractResource(menuItemsContract);

/** A company has one item per menu type, far fewer than a page of 100: the screen shows them all, in menu order. */
export const ALL_ITEMS_QUERY = { page: 1, per_page: 100, sort: 'order' } as const;

export function useMenuItems() {
  return useQuery({
    queryKey: menuItemsResource.keys.list(ALL_ITEMS_QUERY),
    queryFn: () => menuItemsResource.list(ALL_ITEMS_QUERY),
    select: (page) => page.data,
  });
}

export const saveMenuOrder = (ids: number[]) =>
  http.put<{ data: AdminMenuItem[] }>(`${menuItemsResource.base}/order`, { ids }).then((body) => body.data);

const MODULES_KEY = ['admin', 'modules'] as const;

export function useModuleSwitches() {
  return useQuery({
    queryKey: MODULES_KEY,
    queryFn: () => http.get<{ data: ModuleSwitches }>('api/admin/modules').then((body) => body.data.modules),
  });
}

export const saveModuleSwitches = (modules: ModuleKey[]) =>
  http.put<{ data: ModuleSwitches }>('api/admin/modules', { modules }).then((body) => body.data.modules);

/**
 * After a change the learner side menu must follow without a reload: its query (`['menu', …]`) is refetched, the
 * admin list too, and a change of modules is copied into the stored session, whose `modules` the side menu also
 * filters by.
 */
export function useMenuChanged() {
  const client = useQueryClient();
  return useCallback(
    async (change: { modules?: ModuleKey[] } = {}) => {
      if (change.modules) {
        client.setQueryData(MODULES_KEY, change.modules);
        await sessionStore.updateUser({ modules: change.modules });
      }
      await Promise.all([
        client.invalidateQueries({ queryKey: ['menu'] }),
        client.invalidateQueries({ queryKey: menuItemsResource.keys.all }),
      ]);
    },
    [client],
  );
}
