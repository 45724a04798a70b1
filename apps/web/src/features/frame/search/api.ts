import { SEARCH_GROUP_SIZE, type SearchGroup, type SearchKind, type SearchResponse } from '@kampus/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api.js';

const fetchSearch = async (query: Record<string, string>) =>
  (await http.get<SearchResponse>('api/search', undefined, query)).data;

/** GET api/search?q=: every group the reader may search, each its total and first hits. */
export function useSearch(q: string, language: string) {
  return useQuery({
    queryKey: ['search', language, q],
    queryFn: () => fetchSearch({ q, per_page: String(SEARCH_GROUP_SIZE) }),
    enabled: q.trim() !== '',
  });
}

/**
 * "Show more" of one group: its next pages (kind=), the same size as the first, so the pages follow the first one
 * the grouped answer brought. Enabled once asked for.
 */
export function useMoreOfKind(q: string, kind: SearchKind, language: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['search', language, q, kind],
    queryFn: async ({ pageParam }) => {
      const data = await fetchSearch({ q, kind, page: String(pageParam), per_page: String(SEARCH_GROUP_SIZE) });
      return data.groups[0] as SearchGroup | undefined;
    },
    initialPageParam: 2,
    getNextPageParam: (last, _all, lastParam) =>
      last && last.page * last.per_page < last.total ? lastParam + 1 : undefined,
    enabled,
  });
}
