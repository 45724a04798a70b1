import {
  type Content,
  EDUCATION_REPORT_SORTS,
  type EducationCategory,
  type EducationEnrol,
  type EducationReport,
  type EducationReportOption,
  type ExportFormat,
  educationCategoriesContract,
  type educationEnrolResultSchema,
  educationsContract,
  PROGRESS_STATUSES,
} from '@kampus/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../../lib/api.js';
import type { ListConfig } from '../../../../lib/list-state.js';
import { contractResource, type ResourceQuery } from '../../../../lib/resource.js';
import { contentsResource } from '../../content/api.js';

/** `api/admin/educations` and `api/admin/education-categories` (issue 13). */
export const educationsResource = contractResource(educationsContract);
export const educationCategoriesResource = contractResource(educationCategoriesContract);

const base = educationsResource.base;
const itemKey = (id: number) => educationsResource.keys.item(id);

/** Every category of the company (a company keeps a few dozen at most): the tree, the filter and the form's select. */
export function useAllCategories() {
  return useQuery({
    queryKey: [...educationCategoriesResource.keys.lists, 'all'],
    queryFn: async () => (await educationCategoriesResource.list({ page: 1, per_page: 100, sort: 'order' })).data,
    staleTime: 30_000,
  });
}

/** The catalogue list's address state: the contract's filters plus the category, whose options are the company's. */
export function educationListConfig(categories: readonly EducationCategory[]): ListConfig {
  const { listConfig } = educationsResource;
  return {
    ...listConfig,
    filters: [
      ...listConfig.filters,
      { kind: 'select', param: 'category_id', options: categories.map((c) => String(c.id)) },
    ],
  };
}

/** The library's active contents matching a search, for the parts builder's picker. */
export function useContentOptions(search: string) {
  return useQuery({
    queryKey: [...contentsResource.keys.lists, 'education-parts', search],
    queryFn: () =>
      contentsResource.list({ page: 1, per_page: 20, sort: 'title', status: '1', ...(search ? { search } : {}) }),
    select: (page): Content[] => page.data,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The learners table of `/admin/education/detail`: its state lives in the address like every admin list. */
export const EDUCATION_REPORT_LIST_CONFIG: ListConfig = {
  sortable: EDUCATION_REPORT_SORTS,
  defaultSort: 'name',
  filters: [{ kind: 'select', param: 'status', options: PROGRESS_STATUSES }],
  // The page's own parameter: which education's learners are shown.
  keep: ['id'],
};

export const reportKey = (id: number) => [...itemKey(id), 'report'] as const;

/** `GET api/admin/educations/{id}/report`: the summary and one page of learners (read_training). */
export function useEducationReport(id: number | null, query: ResourceQuery) {
  return useQuery({
    queryKey: [...reportKey(id ?? 0), query],
    queryFn: () => http.get<EducationReport>(`${base}/${id}/report`, undefined, query),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

/** The report's export address for the table's current search, filter and sort (paging left out). */
export function reportExportPath(id: number, format: ExportFormat, query: ResourceQuery): string {
  const { page: _page, per_page: _perPage, ...rest } = query;
  const params = new URLSearchParams({ format });
  for (const [key, value] of Object.entries(rest)) params.set(key, String(value));
  return `${base}/${id}/report/export?${params}`;
}

export type EducationEnrolResult = z.infer<typeof educationEnrolResultSchema>;

/** Enrols people directly; answers how many were added and how many were enrolled already. */
export const enrolPeople = (id: number, body: EducationEnrol) =>
  http.post<EducationEnrolResult>(`${base}/${id}/enrolments`, body);

/** Educations matching a search, for the report's chooser (read_training, which the catalogue list does not take). */
export function useEducationReportOptions(search: string) {
  return useQuery({
    queryKey: [...educationsResource.keys.lists, 'report-options', search],
    queryFn: () =>
      http.get<{ data: EducationReportOption[] }>(`${base}/report-options`, undefined, search ? { search } : {}),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
