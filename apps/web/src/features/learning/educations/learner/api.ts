import type {
  CatalogueQuery,
  EducationCardList,
  EducationDetail,
  EducationPlayer,
  LearnerCategory,
  LearnerHome,
  MyEducationsQuery,
} from '@kampus/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/api.js';
import { ApiError } from '../../../../lib/http.js';

/**
 * Every learner-side query of educations and programs lives under this key: an enrolment or a finished part changes
 * cards, the detail, the home and the programs at once, so they are refreshed together.
 */
export const LEARNER_KEY = 'learner';

type Query = Record<string, string>;

/** Only what is set goes into the address (the server reads absent values as its defaults). */
function queryOf(values: Record<string, string | number | undefined | null>): Query {
  const query: Query = {};
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== '') query[key] = String(value);
  }
  return query;
}

/** A 4xx (missing, foreign, malformed) is an answer, not an outage: no retry; an outage is tried once more. */
const retryOutages = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1;

/** GET api/my/home: every block of the learner home in one round trip. */
export function useLearnerHome() {
  return useQuery({
    queryKey: [LEARNER_KEY, 'home'],
    queryFn: async () => (await http.get<{ data: LearnerHome }>('api/my/home')).data,
  });
}

/** GET api/my/educations?state=&page=: one tab of the learner's educations, with every tab's count. */
export function useMyEducations(query: Partial<MyEducationsQuery>) {
  const params = queryOf({ state: query.state, page: query.page, per_page: query.per_page });
  return useQuery({
    queryKey: [LEARNER_KEY, 'my-educations', params],
    queryFn: () => http.get<EducationCardList>('api/my/educations', undefined, params),
    placeholderData: keepPreviousData,
  });
}

/** GET api/educations/{id}: the detail page (404 unless the learner is enrolled or it is open in the catalogue). */
export function useEducationDetail(id: string, enabled = true) {
  return useQuery({
    queryKey: [LEARNER_KEY, 'education', id],
    enabled,
    queryFn: async () => (await http.get<{ data: EducationDetail }>(`api/educations/${id}`)).data,
    retry: retryOutages,
  });
}

/** GET api/educations/{id}/player: the parts around the player, with the learner's progress and locks. */
export function useEducationPlayer(id: string, enabled = true, refetchInterval: number | false = false) {
  return useQuery({
    queryKey: [LEARNER_KEY, 'education-player', id],
    enabled,
    queryFn: async () => (await http.get<{ data: EducationPlayer }>(`api/educations/${id}/player`)).data,
    retry: retryOutages,
    refetchInterval,
    // The list is the learner's own progress: it must be the server's of now when the player opens.
    refetchOnMount: 'always',
  });
}

/** GET api/education-categories: the category tree (403 when the company's catalogue module is off). */
export function useLearnerCategories() {
  return useQuery({
    queryKey: [LEARNER_KEY, 'categories'],
    queryFn: async () => (await http.get<{ data: LearnerCategory[] }>('api/education-categories')).data,
    retry: retryOutages,
  });
}

/** GET api/catalogue: the educations open for self-enrolment, by category, search and sort, paged. */
export function useCatalogue(query: Partial<CatalogueQuery>) {
  const params = queryOf({
    category_id: query.category_id,
    search: query.search?.trim(),
    sort: query.sort,
    page: query.page,
    per_page: query.per_page,
  });
  return useQuery({
    queryKey: [LEARNER_KEY, 'catalogue', params],
    queryFn: () => http.get<Omit<EducationCardList, 'counts'>>('api/catalogue', undefined, params),
    placeholderData: keepPreviousData,
    retry: retryOutages,
  });
}

/** POST api/educations/{id}/enrol: self-enrolment; every learner view is refreshed after it. */
export function useEnrol() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await http.post<{ data: EducationDetail }>(`api/educations/${id}/enrol`)).data,
    onSuccess: (detail) => {
      client.setQueryData([LEARNER_KEY, 'education', String(detail.id)], detail);
      return client.invalidateQueries({ queryKey: [LEARNER_KEY] });
    },
  });
}

/** A finished part changes the education's rate, the cards and the home: all are read again. */
export function useRefreshLearner() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [LEARNER_KEY] });
}
