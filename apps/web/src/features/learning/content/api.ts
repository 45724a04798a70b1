import {
  CONTENT_REPORT_SORTS,
  type ContentOverview,
  type ContentReport,
  contentsContract,
  type Enrolment,
  type EnrolmentCreate,
  type ExportFormat,
  type enrolmentResultSchema,
  PROGRESS_STATUSES,
  type UserGroup,
} from '@kampus/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/api.js';
import type { ListConfig } from '../../../lib/list-state.js';
import { contractResource, defineResource, type ResourcePage, type ResourceQuery } from '../../../lib/resource.js';
import { hashtagsResource } from '../hashtags/api.js';

/** `api/admin/contents` (issue 12): the content library's admin resource. */
export const contentsResource = contractResource(contentsContract);

const base = contentsResource.base;
const itemKey = (id: number) => contentsResource.keys.item(id);

/** The usage report's learners table: its state lives in the address like every admin list. */
export const CONTENT_REPORT_LIST_CONFIG: ListConfig = {
  sortable: CONTENT_REPORT_SORTS,
  defaultSort: 'name',
  filters: [{ kind: 'select', param: 'status', options: PROGRESS_STATUSES }],
};

/** The enrolled people under the assignment form; paged, newest first (the server's order). */
export const ENROLMENT_LIST_CONFIG: ListConfig = { sortable: [], filters: [] };

/** `GET api/admin/contents/{id}/report`: the summary and one page of learners (read_contentdetailreport). */
export function useContentReport(id: number, query: ResourceQuery) {
  return useQuery({
    queryKey: [...itemKey(id), 'report', query],
    queryFn: () => http.get<ContentReport>(`${base}/${id}/report`, undefined, query),
    placeholderData: keepPreviousData,
  });
}

/** The report's export address for the learners table's current search, filter and sort (paging left out). */
export function reportExportPath(id: number, format: ExportFormat, query: ResourceQuery): string {
  const { page: _page, per_page: _perPage, ...rest } = query;
  const params = new URLSearchParams({ format });
  for (const [key, value] of Object.entries(rest)) params.set(key, String(value));
  return `${base}/${id}/report/export?${params}`;
}

const enrolmentsKey = (id: number) => [...itemKey(id), 'enrolments'] as const;

/** `GET api/admin/contents/{id}/enrolments`: who is enrolled directly, one page. */
export function useEnrolments(id: number, query: ResourceQuery) {
  return useQuery({
    queryKey: [...enrolmentsKey(id), query],
    queryFn: () => http.get<ResourcePage<Enrolment>>(`${base}/${id}/enrolments`, undefined, query),
    placeholderData: keepPreviousData,
  });
}
export { enrolmentsKey };

export type EnrolmentResult = z.infer<typeof enrolmentResultSchema>;

/** Enrols people and groups' members; answers how many were added and how many were enrolled already. */
export const enrol = (id: number, body: EnrolmentCreate) =>
  http.post<EnrolmentResult>(`${base}/${id}/enrolments`, body);

export const removeEnrolment = (id: number, enrolmentId: number) =>
  http.delete<{ message: string }>(`${base}/${id}/enrolments`, enrolmentId);

/** `GET api/admin/content-overview`: storage per type, unused and broken contents. */
export function useContentOverview() {
  return useQuery({
    queryKey: [...contentsResource.keys.all, 'overview'],
    queryFn: () => http.get<{ data: ContentOverview }>('api/admin/content-overview'),
    select: (body) => body.data,
  });
}

/** The company's active hashtags to tag a content with (at most one page of 100: a tag list stays short). */
export function useHashtagOptions() {
  return useQuery({
    queryKey: [...hashtagsResource.keys.lists, 'options'],
    queryFn: () => hashtagsResource.list({ page: 1, per_page: 100, sort: 'name', status: '1' }),
    select: (page) => page.data,
    staleTime: 60_000,
  });
}

const userGroupsResource = defineResource<UserGroup>('user-groups');

/** The company's user groups matching a search, to enrol their members. */
export function useGroupOptions(search: string) {
  return useQuery({
    queryKey: [...userGroupsResource.keys.lists, 'options', search],
    queryFn: () => userGroupsResource.list({ page: 1, per_page: 20, sort: 'name', ...(search ? { search } : {}) }),
    select: (page) => page.data,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
