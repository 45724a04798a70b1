import type {
  AnyResourceContract,
  BulkAction,
  BulkResult,
  CreateOf,
  ExportFormat,
  ItemOf,
  UpdateOf,
} from '@kampus/shared';
import { notifications } from '@mantine/notifications';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { pathForRoute } from '../app/route-names.js';
import { http } from './api.js';
import { ApiError } from './http.js';
import { i18next } from './i18n.js';
import type { ListConfig } from './list-state.js';

/** Every item of a resource carries a numeric id (spec §3, "generic list items carry an id"). */
export interface ResourceItem {
  id: number;
}
export interface ResourcePage<Item> {
  data: Item[];
  meta: { page: number; per_page: number; total: number };
}
export type ResourceQuery = Record<string, string | number>;

/** Where a successful save goes: a named route (spec §2.1), its params (`id` defaults to the saved item's) and a message key. */
export interface RedirectConfig {
  name: string;
  params?: Record<string, unknown>;
  message?: string;
}

/** The HTTP side of one admin resource, `/api/admin/{plural}` (the contract every admin resource follows). */
export function defineResource<Item extends ResourceItem, Create = unknown, Update = Create>(plural: string) {
  const base = `api/admin/${plural}`;
  const keys = {
    all: ['admin', plural] as const,
    lists: ['admin', plural, 'list'] as const,
    list: (query: ResourceQuery) => ['admin', plural, 'list', query] as const,
    item: (id: number | string) => ['admin', plural, 'item', Number(id)] as const,
  };
  return {
    plural,
    base,
    keys,
    list: (query: ResourceQuery) => http.get<ResourcePage<Item>>(base, undefined, query),
    get: async (id: number | string) => (await http.get<{ data: Item }>(base, id)).data,
    create: async (body: Create) => (await http.post<{ data: Item }>(base, body)).data,
    update: async (id: number | string, body: Update) => (await http.update<{ data: Item }>(base, id, body)).data,
    remove: (id: number | string) => http.delete<{ message: string }>(base, id),
    bulk: (body: BulkAction) => http.post<BulkResult>(`${base}/bulk`, body),
    /** A custom action beside the generated ones (`POST {base}/{id}/{name}`), answering the changed item. */
    action: async (id: number | string, name: string) =>
      (await http.post<{ data: Item }>(`${base}/${id}/${name}`)).data,
    /** The export address of a list query: the same filters, search and sort, without paging. */
    exportPath: (format: ExportFormat, query: ResourceQuery) => {
      const { page: _page, per_page: _perPage, ...rest } = query;
      const params = new URLSearchParams({ format });
      for (const [key, value] of Object.entries(rest)) params.set(key, String(value));
      return `${base}/export?${params}`;
    },
  };
}
export type Resource<Item extends ResourceItem = ResourceItem, Create = unknown, Update = Create> = ReturnType<
  typeof defineResource<Item, Create, Update>
>;

/**
 * The client of a resource declared by a contract (packages/shared): its types are the contract's schemas, and it
 * carries the contract (permissions, screens, locale namespace) and the list's address state (sorts, default sort,
 * filters).
 */
export function contractResource<C extends AnyResourceContract>(
  contract: C,
): ContractResource<ItemOf<C> & ResourceItem, CreateOf<C>, UpdateOf<C>> {
  const listConfig: ListConfig = {
    sortable: contract.list.sorts,
    filters: contract.list.filters,
    ...(contract.list.defaultSort ? { defaultSort: contract.list.defaultSort } : {}),
  };
  return {
    ...defineResource<ItemOf<C> & ResourceItem, CreateOf<C>, UpdateOf<C>>(contract.plural),
    contract,
    listConfig,
  };
}
export type ContractResource<Item extends ResourceItem = ResourceItem, Create = unknown, Update = Create> = Resource<
  Item,
  Create,
  Update
> & { contract: AnyResourceContract; listConfig: ListConfig };

/** The contract of a resource client, when it was built from one. */
export function contractOf(resource: object): AnyResourceContract | undefined {
  return (resource as { contract?: AnyResourceContract }).contract;
}

// The rules of spec §4's generic store, as pure functions so each can be tested alone.

/** Delete removes the item from the local list by numeric id match: "7" and 7 are the same record. */
export function withoutItem<Item extends { id: unknown }>(items: readonly Item[], id: number | string): Item[] {
  return items.filter((item) => Number(item.id) !== Number(id));
}

/** The path a save goes to, or null when no redirect is configured (or its route is unknown). */
export function redirectPath(redirect: RedirectConfig | undefined, saved: ResourceItem): string | null {
  if (!redirect) return null;
  return pathForRoute(redirect.name, { id: saved.id, ...redirect.params });
}

/** The named not-found route a failed single-item fetch goes to, and the message it shows there. */
export const NOT_FOUND_ROUTE = '404';
export const NOT_FOUND_MESSAGE = 'general.couldnt_found_item_with_given_id';

/**
 * Whether a failed single-item fetch means "no such item": a 4xx answer (a missing or foreign id is 404, a malformed
 * one 422). A 401 or 403 is handled by the client, and no answer or a 5xx is an outage, shown with a retry instead.
 */
export function isMissingItem(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && ![401, 403].includes(error.status);
}

function removeFromLists<Item extends ResourceItem>(
  client: QueryClient,
  resource: Resource<Item>,
  id: number | string,
) {
  client.setQueriesData<ResourcePage<Item>>({ queryKey: resource.keys.lists }, (page) => {
    if (!page) return page;
    const data = withoutItem(page.data, id);
    const removed = page.data.length - data.length;
    return { ...page, data, meta: { ...page.meta, total: Math.max(0, page.meta.total - removed) } };
  });
}

interface StoreOptions {
  /** The list to hold; omitted, the store holds no list. */
  listQuery?: ResourceQuery;
  /** The current item to hold; omitted, the store holds none. */
  id?: number | string | null;
  /** The named route a failed item fetch goes to (spec §4); the 404 page by default. */
  notFoundRoute?: string;
}

interface SaveOptions {
  redirect?: RedirectConfig;
  /** The success message's locale key when there is no redirect message. */
  message?: string;
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : i18next.t('general.error_occurred'));

/**
 * The generic store of spec §4 over TanStack Query: the list and the current item, loading / error / success flags,
 * create / update / remove with their navigation rules, and reset.
 */
export function useResourceStore<Item extends ResourceItem, Create = unknown, Update = Create>(
  resource: Resource<Item, Create, Update>,
  options: StoreOptions = {},
) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { listQuery, id, notFoundRoute = NOT_FOUND_ROUTE } = options;
  const hasId = id !== undefined && id !== null && id !== '';
  // Data older than the last reset is not shown: reset clears items and item without refetching on its own.
  const [resetAt, setResetAt] = useState(0);
  const [outcome, setOutcome] = useState<{ success: boolean; error: string | null }>({ success: false, error: null });

  const list = useQuery({
    queryKey: resource.keys.list(listQuery ?? {}),
    queryFn: () => resource.list(listQuery ?? {}),
    enabled: listQuery !== undefined,
    placeholderData: (previous) => previous,
  });
  const item = useQuery({
    queryKey: resource.keys.item(hasId ? id : 0),
    queryFn: () => resource.get(id as number | string),
    enabled: hasId,
    retry: (failures, error) => !isMissingItem(error) && failures < 2,
  });

  const redirected = useRef(false);
  useEffect(() => {
    if (!item.isError || !isMissingItem(item.error) || redirected.current) return;
    redirected.current = true;
    notifications.show({ color: 'danger', message: i18next.t(NOT_FOUND_MESSAGE), autoClose: 8000 });
    navigate(pathForRoute(notFoundRoute) ?? '/404', { replace: true, state: { message: NOT_FOUND_MESSAGE } });
  }, [item.isError, item.error, navigate, notFoundRoute]);

  const succeed = useCallback(
    (saved: Item | null, save: SaveOptions, fallbackMessage: string) => {
      setOutcome({ success: true, error: null });
      const message = save.redirect?.message ?? save.message ?? fallbackMessage;
      notifications.show({ color: 'success', message: i18next.t(message) });
      const path = saved ? redirectPath(save.redirect, saved) : null;
      if (path) navigate(path);
    },
    [navigate],
  );
  const fail = useCallback((error: unknown) => setOutcome({ success: false, error: errorMessage(error) }), []);

  const createMutation = useMutation({ mutationFn: (body: Create) => resource.create(body) });
  const updateMutation = useMutation({
    mutationFn: ({ id: target, body }: { id: number | string; body: Update }) => resource.update(target, body),
  });
  const removeMutation = useMutation({ mutationFn: (target: number | string) => resource.remove(target) });

  const afterWrite = useCallback(
    (saved?: Item) => {
      if (saved) client.setQueryData(resource.keys.item(saved.id), saved);
      void client.invalidateQueries({ queryKey: resource.keys.lists });
    },
    [client, resource],
  );

  /** Creates; with a redirect config it goes to that named route with a success message. Rejects on failure. */
  const create = useCallback(
    async (body: Create, save: SaveOptions = {}) => {
      try {
        const saved = await createMutation.mutateAsync(body);
        afterWrite(saved);
        succeed(saved, save, 'resource.created');
        return saved;
      } catch (error) {
        fail(error);
        throw error;
      }
    },
    [createMutation, afterWrite, succeed, fail],
  );

  /** Updates; it navigates only when a redirect route is given. Rejects on failure. */
  const update = useCallback(
    async (target: number | string, body: Update, save: SaveOptions = {}) => {
      try {
        const saved = await updateMutation.mutateAsync({ id: target, body });
        afterWrite(saved);
        succeed(saved, save, 'resource.updated');
        return saved;
      } catch (error) {
        fail(error);
        throw error;
      }
    },
    [updateMutation, afterWrite, succeed, fail],
  );

  /** Deletes, then removes the item from the local list by numeric id; the lists refresh their totals after. */
  const remove = useCallback(
    async (target: number | string) => {
      try {
        const { message } = await removeMutation.mutateAsync(target);
        removeFromLists(client, resource as unknown as Resource<Item>, target);
        client.removeQueries({ queryKey: resource.keys.item(target) });
        void client.invalidateQueries({ queryKey: resource.keys.lists, refetchType: 'none' });
        setOutcome({ success: true, error: null });
        notifications.show({ color: 'success', message });
      } catch (error) {
        fail(error);
        throw error;
      }
    },
    [removeMutation, client, resource, fail],
  );

  /** Clears the list, the current item and every flag. */
  const reset = useCallback(() => {
    setResetAt(Date.now());
    setOutcome({ success: false, error: null });
    createMutation.reset();
    updateMutation.reset();
    removeMutation.reset();
  }, [createMutation, updateMutation, removeMutation]);

  const fresh = (updatedAt: number) => updatedAt > resetAt;
  const page = list.data && fresh(list.dataUpdatedAt) ? list.data : undefined;
  const current = item.data && fresh(item.dataUpdatedAt) ? item.data : null;
  const queryError = [list, item].find((query) => query.isError && fresh(query.errorUpdatedAt))?.error;

  return useMemo(
    () => ({
      items: page?.data ?? [],
      meta: page?.meta ?? null,
      item: current,
      loading:
        list.isFetching ||
        item.isFetching ||
        createMutation.isPending ||
        updateMutation.isPending ||
        removeMutation.isPending,
      /** The message of the last failure of a fetch or a change, null when none. */
      error: outcome.error ?? (queryError ? errorMessage(queryError) : null),
      success: outcome.success,
      list,
      itemQuery: item,
      create,
      update,
      remove,
      reset,
    }),
    [
      page,
      current,
      list,
      item,
      createMutation,
      updateMutation,
      removeMutation,
      outcome,
      queryError,
      create,
      update,
      remove,
      reset,
    ],
  );
}
export type ResourceStore<Item extends ResourceItem> = ReturnType<typeof useResourceStore<Item>>;
