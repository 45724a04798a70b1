import { type Education, programsContract } from '@kampus/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { contractResource, defineResource } from '../../../lib/resource.js';

/** `api/admin/programs` (issue 13): the programs' admin resource. */
export const programsResource = contractResource(programsContract);

/** The educations' admin list, read here only to pick a program's steps from. */
const educationsList = defineResource<Education>('educations');

/** The company's educations whose title matches a search, first 20 by title: the steps builder's choices. */
export function useEducationOptions(search: string) {
  return useQuery({
    queryKey: [...educationsList.keys.lists, 'program-options', search],
    queryFn: () => educationsList.list({ page: 1, per_page: 20, sort: 'title', ...(search ? { search } : {}) }),
    select: (page) => page.data,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
