import {
  type AssigneeList,
  type AssignmentItemType,
  type AssignmentPeopleAdded,
  type AssignmentPublishResult,
  assignmentsContract,
  type Content,
  type Education,
  type Exam,
  type JobStartedResponse,
  type LearnerAssignmentDetail,
  type Program,
  type Survey,
  type UserGroup,
} from '@kampus/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/api.js';
import { ApiError } from '../../../../lib/http.js';
import type { ListConfig } from '../../../../lib/list-state.js';
import { contractResource, defineResource, type ResourceQuery } from '../../../../lib/resource.js';
import { surveysResource } from '../../surveys/api.js';

/** `api/admin/assignments` (issue 14): the assignments' admin resource. */
export const assignmentsResource = contractResource(assignmentsContract);

const base = (id: number) => `${assignmentsResource.base}/${id}`;

/** POST …/{id}/publish (202): gives the assignment to its people in a job; answers the job and the assignment. */
export const publishAssignment = (id: number) => http.post<AssignmentPublishResult>(`${base(id)}/publish`);

/** POST …/{id}/cancel: nobody is reminded of it any more; progress stays. */
export const cancelAssignment = (id: number) => http.post<{ message?: string }>(`${base(id)}/cancel`);

// --- One assignment's people ---

/** The people list's address state: search, status filter, sort and paging, as the contract's people query reads them. */
export const PEOPLE_LIST_CONFIG: ListConfig = {
  sortable: ['name', 'status', 'progress', 'last_activity_at', 'completed_at', 'assigned_at'],
  filters: [
    {
      kind: 'select',
      param: 'status',
      options: ['not_started', 'in_progress', 'completed', 'overdue', 'cancelled'],
    },
  ],
  defaultSort: 'name',
  keep: ['tab'],
};

export const peopleKey = (id: number) => [...assignmentsResource.keys.all, 'people', id] as const;

/** GET …/{id}/people: the people of one assignment, with the summary of every status. */
export function useAssignees(id: number, query: ResourceQuery) {
  return useQuery({
    queryKey: [...peopleKey(id), query],
    queryFn: () => http.get<AssigneeList>(`${base(id)}/people`, undefined, query),
    placeholderData: keepPreviousData,
  });
}

/** POST …/{id}/people: gives the published assignment to more people, as publishing gives it (201). */
export const addAssignees = (id: number, userIds: number[]) =>
  http.post<AssignmentPeopleAdded>(`${base(id)}/people`, { user_ids: userIds });

/** POST …/{id}/people/{userId}/remind: the reminder mail and notification again, now. */
export const remindAssignee = (id: number, userId: number) =>
  http.post<{ message?: string }>(`${base(id)}/people/${userId}/remind`);

/** DELETE …/{id}/people/{userId}: cancels the person's row (their progress in the items stays). */
export const cancelAssignee = (id: number, userId: number) =>
  http.delete<{ message?: string }>(`${base(id)}/people`, userId);

/** POST …/{id}/people/export: the people as xlsx, written by a job (follow it with ExportProgress). */
export async function exportAssignees(id: number, query: ResourceQuery): Promise<number> {
  const { page: _page, per_page: _perPage, ...rest } = query;
  const search = new URLSearchParams(Object.entries(rest).map(([key, value]) => [key, String(value)]));
  const answer = await http.post<JobStartedResponse>(
    `${base(id)}/people/export${search.size > 0 ? `?${search}` : ''}`,
    { format: 'xlsx' },
  );
  return answer.data.job_id;
}

/** A 4xx is an answer (missing, foreign): no retry. */
const retryOutages = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1;

/** GET …/{id}/preview: the learner's detail as a person of the target would see it, without progress. */
export function useAssignmentPreview(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...assignmentsResource.keys.all, 'preview', id],
    enabled,
    queryFn: async () =>
      (await http.get<{ data: LearnerAssignmentDetail }>(`${assignmentsResource.base}/${id}/preview`)).data,
    retry: retryOutages,
  });
}

// --- The pickers' choices: the existing admin lists, searched as one types ---

const educations = defineResource<Education>('educations');
const programs = defineResource<Program>('programs');
const contents = defineResource<Content>('contents');
const exams = defineResource<Exam>('exams');
const userGroups = defineResource<UserGroup>('user-groups');

/** One choice of the items picker, whatever its kind. */
export interface ItemOption {
  id: number;
  title: string;
  image_url: string | null;
}

const OPTION_COUNT = 20;

function optionsQuery<T>(
  resource: { keys: { lists: readonly unknown[] }; list: (query: ResourceQuery) => Promise<{ data: T[] }> },
  sort: string,
  search: string,
  enabled: boolean,
) {
  return {
    queryKey: [...resource.keys.lists, 'assignment-options', search],
    queryFn: () => resource.list({ page: 1, per_page: OPTION_COUNT, sort, ...(search ? { search } : {}) }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  };
}

/** The company's educations, programs or contents whose title matches a search (first 20 by title). */
export function useItemOptions(type: AssignmentItemType, search: string) {
  const education = useQuery({
    ...optionsQuery(educations, 'title', search, type === 'education'),
    select: (page: { data: Education[] }): ItemOption[] =>
      page.data.map((e) => ({ id: e.id, title: e.title, image_url: e.image_url })),
  });
  const program = useQuery({
    ...optionsQuery(programs, 'title', search, type === 'program'),
    select: (page: { data: Program[] }): ItemOption[] =>
      page.data.map((p) => ({ id: p.id, title: p.title, image_url: p.image_url })),
  });
  const content = useQuery({
    ...optionsQuery(contents, 'title', search, type === 'content'),
    select: (page: { data: Content[] }): ItemOption[] =>
      page.data.map((c) => ({ id: c.id, title: c.title, image_url: c.cover_url })),
  });
  const survey = useQuery({
    ...optionsQuery(surveysResource, 'title', search, type === 'survey'),
    select: (page: { data: Survey[] }): ItemOption[] =>
      page.data.map((x) => ({ id: x.id, title: x.title, image_url: null })),
  });
  // Practice exams count for nothing: only real exams are assigned.
  const exam = useQuery({
    ...optionsQuery(exams, 'title', search, type === 'exam'),
    select: (page: { data: Exam[] }): ItemOption[] =>
      page.data.filter((e) => e.kind === 'exam').map((e) => ({ id: e.id, title: e.title, image_url: e.image_url })),
  });
  return { education, program, content, survey, exam }[type];
}

/** The company's user groups matching a search, with their member counts. */
export function useGroupOptions(search: string) {
  return useQuery({
    ...optionsQuery(userGroups, 'name', search, true),
    select: (page: { data: UserGroup[] }) => page.data,
  });
}

/** One education, program or content by id: what `add/{id}` and the content's page prefill the items with. */
export async function fetchItemOption(type: AssignmentItemType, id: number): Promise<ItemOption> {
  if (type === 'education') {
    const item = await educations.get(id);
    return { id: item.id, title: item.title, image_url: item.image_url };
  }
  if (type === 'program') {
    const item = await programs.get(id);
    return { id: item.id, title: item.title, image_url: item.image_url };
  }
  if (type === 'survey') {
    const item = await surveysResource.get(id);
    return { id: item.id, title: item.title, image_url: null };
  }
  if (type === 'exam') {
    const item = await exams.get(id);
    return { id: item.id, title: item.title, image_url: item.image_url };
  }
  const item = await contents.get(id);
  return { id: item.id, title: item.title, image_url: item.cover_url };
}

/** How many active people the whole company has: what publishing to the company reaches. */
export function useActivePeopleCount(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'users', 'list', 'assignment-count'],
    queryFn: () =>
      http.get<{ meta: { total: number } }>('api/admin/users', undefined, { page: 1, per_page: 1, status: '1' }),
    select: (page) => page.meta.total,
    enabled,
    staleTime: 60_000,
  });
}
