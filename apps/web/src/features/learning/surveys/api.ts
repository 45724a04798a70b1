import {
  evaluationSurveysContract,
  type LearnerSurvey,
  type MySurvey,
  type SurveyAnswers,
  type SurveyKind,
  type SurveyResults,
  surveysContract,
} from '@kampus/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api.js';
import { contractResource } from '../../../lib/resource.js';

/** `api/admin/surveys` and `api/admin/evaluation-surveys` (issue 15): one table, two admin resources. */
export const surveysResource = contractResource(surveysContract);
export const evaluationSurveysResource = contractResource(evaluationSurveysContract);
export const resourceOf = (kind: SurveyKind) => (kind === 'survey' ? surveysResource : evaluationSurveysResource);
export const adminBase = (kind: SurveyKind) =>
  kind === 'survey' ? 'api/admin/surveys' : 'api/admin/evaluation-surveys';

export interface ResultsQuery {
  educationId?: number;
  byDepartment?: boolean;
}

/** One survey's results: per question, optionally for one education and per department. */
export function useSurveyResults(kind: SurveyKind, id: number, query: ResultsQuery) {
  return useQuery({
    queryKey: [...resourceOf(kind).keys.all, 'results', id, query],
    queryFn: async () =>
      (
        await http.get<{ data: SurveyResults }>(`${adminBase(kind)}/${id}/results`, undefined, {
          education_id: query.educationId ?? null,
          group_by: query.byDepartment ? 'department' : null,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

// --- The learner ---

const MY_KEY = ['learner', 'surveys'] as const;

/** `GET api/my/surveys`: the surveys open to the learner. */
export function useMySurveys() {
  return useQuery({
    queryKey: MY_KEY,
    queryFn: async () => (await http.get<{ data: MySurvey[] }>('api/my/surveys')).data,
  });
}

/** One survey to fill, with the learner's draft. */
export function useLearnerSurvey(id: number, educationId: number | null) {
  return useQuery({
    queryKey: [...MY_KEY, id, educationId],
    queryFn: async () =>
      (
        await http.get<{ data: LearnerSurvey }>('api/my/surveys', id, {
          education_id: educationId,
        })
      ).data,
  });
}

export function useSaveDraft(id: number, educationId: number | null) {
  return useMutation({
    mutationFn: async (answers: SurveyAnswers) =>
      (
        await http.put<{ data: { saved_at: string } }>(`api/my/surveys/${id}/draft`, {
          education_id: educationId,
          answers,
        })
      ).data,
  });
}

export function useSubmitSurvey(id: number, educationId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (answers: SurveyAnswers) =>
      http.post<{ data: { submitted_at: string }; message: string }>(`api/my/surveys/${id}/submit`, {
        education_id: educationId,
        answers,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['learner'] }),
  });
}
