import type { FaqPublicResponse } from '@kampus/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api.js';

export interface FaqFilter {
  search: string;
  categoryId: number | null;
}

/** GET api/faq: the learner's questions in the current language, searched and filtered on the server. */
export function useFaq(filter: FaqFilter, language: string) {
  const query: Record<string, string> = {};
  if (filter.search.trim()) query.search = filter.search.trim();
  if (filter.categoryId !== null) query.category_id = String(filter.categoryId);
  return useQuery({
    queryKey: ['faq', language, query],
    queryFn: async () => (await http.get<FaqPublicResponse>('api/faq', undefined, query)).data,
    // The list stays while the next search loads, so the page does not jump on every keystroke.
    placeholderData: keepPreviousData,
  });
}
