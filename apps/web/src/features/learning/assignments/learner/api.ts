import type { LearnerAssignmentDetail, LearnerAssignmentList, MyAssignmentState } from '@kampus/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/api.js';
import { ApiError } from '../../../../lib/http.js';
import { LEARNER_KEY } from '../../educations/learner/api.js';

/** A 4xx (missing, foreign, malformed) is an answer, not an outage: no retry; an outage is tried once more. */
const retryOutages = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1;

export const MY_ASSIGNMENTS_PER_PAGE = 12;

/**
 * GET api/my/assignments?status=&page=: one tab of the learner's assignments with every tab's count. Under the
 * learner key, so a finished part or an enrolment refreshes the assignments' progress with the rest.
 */
export function useMyAssignments(status: MyAssignmentState, page: number) {
  const params = { status, page: String(page), per_page: String(MY_ASSIGNMENTS_PER_PAGE) };
  return useQuery({
    queryKey: [LEARNER_KEY, 'assignments', params],
    queryFn: () => http.get<LearnerAssignmentList>('api/my/assignments', undefined, params),
    placeholderData: keepPreviousData,
  });
}

/** GET api/my/assignments/{id}: the detail (404 unless it was given to this learner). */
export function useMyAssignment(id: string, enabled = true) {
  return useQuery({
    queryKey: [LEARNER_KEY, 'assignment', id],
    enabled,
    queryFn: async () => (await http.get<{ data: LearnerAssignmentDetail }>(`api/my/assignments/${id}`)).data,
    retry: retryOutages,
  });
}
