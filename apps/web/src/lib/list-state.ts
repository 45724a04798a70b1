import type { ListFilter } from '@kampus/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** A list's typed filters, declared with the resource's contract (packages/shared). */
export type { ListFilter };

export interface ListConfig {
  /** Fields the server sorts by; any other `sort` in the address is ignored. */
  sortable: readonly string[];
  filters: readonly ListFilter[];
  perPageOptions?: readonly number[];
  /** `field` or `-field`, used when the address names none. */
  defaultSort?: string;
  /**
   * Parameters of the page itself, not of the list (the education report's `?id=`): a change of the list keeps them in
   * the address and they are never sent as the list's query.
   */
  keep?: readonly string[];
}

export interface ListState {
  page: number;
  per_page: number;
  sort: string | null;
  search: string;
  filters: Record<string, string>;
}

export const PER_PAGE_OPTIONS = [10, 20, 50, 100] as const;
export const DEFAULT_PER_PAGE = 20;
const SEARCH_MAX = 200;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(value: string | null): value is string {
  if (!value || !DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 ? number : null;
}

function parseSort(value: string | null, config: ListConfig): string | null {
  const field = value?.replace(/^-/, '');
  if (value && field && config.sortable.includes(field)) return value;
  return config.defaultSort ?? null;
}

function parseFilters(params: URLSearchParams, filters: readonly ListFilter[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const filter of filters) {
    if (filter.kind === 'select') {
      const value = params.get(filter.param);
      if (value !== null && filter.options.includes(value)) out[filter.param] = value;
      continue;
    }
    let from = params.get(filter.from);
    let to = params.get(filter.to);
    if (!isDay(from)) from = null;
    if (!isDay(to)) to = null;
    if (from && to && from > to) [from, to] = [to, from];
    if (from) out[filter.from] = from;
    if (to) out[filter.to] = to;
  }
  return out;
}

/** Reads a list's state from its address; whatever is malformed falls back to the default, never to an error. */
export function parseListState(params: URLSearchParams, config: ListConfig): ListState {
  const options = config.perPageOptions ?? PER_PAGE_OPTIONS;
  const perPage = positiveInt(params.get('per_page'));
  return {
    page: positiveInt(params.get('page')) ?? 1,
    per_page: perPage !== null && options.includes(perPage) ? perPage : DEFAULT_PER_PAGE,
    sort: parseSort(params.get('sort'), config),
    search: (params.get('search') ?? '').trim().slice(0, SEARCH_MAX),
    filters: parseFilters(params, config.filters),
  };
}

/** The address of a state: defaults are left out so a plain list has a plain address. */
export function listSearchParams(state: ListState, config: ListConfig): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page > 1) params.set('page', String(state.page));
  if (state.per_page !== DEFAULT_PER_PAGE) params.set('per_page', String(state.per_page));
  if (state.sort && state.sort !== config.defaultSort) params.set('sort', state.sort);
  if (state.search) params.set('search', state.search);
  for (const [key, value] of Object.entries(state.filters)) if (value !== '') params.set(key, value);
  return params;
}

/** The API's query of a state (spec'd contract: page, per_page, sort, search and the filters' own parameters). */
export function listApiQuery(state: ListState): Record<string, string | number> {
  return {
    page: state.page,
    per_page: state.per_page,
    ...(state.sort ? { sort: state.sort } : {}),
    ...(state.search ? { search: state.search } : {}),
    ...state.filters,
  };
}

/** Flips a column's sort: a new column sorts ascending, the sorted one toggles direction. */
export function nextSort(current: string | null, field: string): string {
  if (current === field) return `-${field}`;
  return field;
}

export type ListStateControl = ReturnType<typeof useListState>;

/** A list's state kept in the address (bookmarkable, shareable); any change but paging goes back to page 1. */
export function useListState(config: ListConfig) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseListState(params, config), [params, config]);

  const update = useCallback(
    (change: Partial<ListState>) => {
      const next: ListState = { ...state, page: 1, ...change };
      const address = listSearchParams(next, config);
      for (const key of config.keep ?? []) {
        const value = params.get(key);
        if (value !== null) address.set(key, value);
      }
      setParams(address, { replace: true });
    },
    [state, config, params, setParams],
  );

  return {
    state,
    apiQuery: useMemo(() => listApiQuery(state), [state]),
    setPage: (page: number) => update({ page }),
    setPerPage: (per_page: number) => update({ per_page }),
    setSort: (sort: string | null) => update({ sort }),
    setSearch: (search: string) => update({ search: search.trim().slice(0, SEARCH_MAX) }),
    /** Sets several filter parameters at once (both ends of a range); null or empty removes one. */
    setFilters: (changes: Record<string, string | null>) => {
      const filters = { ...state.filters };
      for (const [param, value] of Object.entries(changes)) {
        if (value) filters[param] = value;
        else delete filters[param];
      }
      update({ filters });
    },
    clearFilters: () => update({ filters: {}, search: '' }),
  };
}
