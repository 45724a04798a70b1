import type { LearnerProgram, LearnerProgramDetail, MyProgramsQuery } from '@kampus/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/api.js';
import { ApiError } from '../../../../lib/http.js';
import { LEARNER_KEY } from '../../educations/learner/api.js';

interface ProgramPage {
  data: LearnerProgram[];
  meta: { page: number; per_page: number; total: number };
}

/** GET api/my/programs: the programs the learner is in, paged (under the learner key: a finished step refreshes it). */
export function useMyPrograms(query: Partial<MyProgramsQuery>) {
  const params: Record<string, string> = {};
  if (query.state) params.state = query.state;
  if (query.page) params.page = String(query.page);
  if (query.per_page) params.per_page = String(query.per_page);
  return useQuery({
    queryKey: [LEARNER_KEY, 'my-programs', params],
    queryFn: () => http.get<ProgramPage>('api/my/programs', undefined, params),
    placeholderData: keepPreviousData,
  });
}

/** GET api/programs/{id}: one program with its steps, their due dates and locks. */
export function useProgramDetail(id: number | null) {
  return useQuery({
    queryKey: [LEARNER_KEY, 'program', id],
    enabled: id !== null,
    queryFn: async () => (await http.get<{ data: LearnerProgramDetail }>(`api/programs/${id}`)).data,
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  });
}

/** POST api/programs/{id}/enrol: joins a program open to everybody; the learner's views are refreshed after it. */
export function useProgramEnrol() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await http.post<{ data: LearnerProgramDetail }>(`api/programs/${id}/enrol`)).data,
    onSuccess: (detail) => {
      client.setQueryData([LEARNER_KEY, 'program', detail.id], detail);
      return client.invalidateQueries({ queryKey: [LEARNER_KEY] });
    },
  });
}
