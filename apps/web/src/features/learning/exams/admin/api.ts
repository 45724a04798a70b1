import {
  type DrawRule,
  EXAM_ATTEMPT_SORTS,
  type ExamAttemptRow,
  type ExamStats,
  type ExportFormat,
  examsContract,
  type GradeInput,
  type GradingItem,
  type Question,
} from '@kampus/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/api.js';
import type { ListConfig } from '../../../../lib/list-state.js';
import { contractResource, type ResourceQuery } from '../../../../lib/resource.js';

/** `api/admin/exams` (issue 15): the exams' admin resource. */
export const examsResource = contractResource(examsContract);

const base = 'api/admin/exams';
const examKey = (id: number) => [...examsResource.keys.all, 'item', id] as const;

/** The company's active real exams (practice exams count for nothing): an education's pre- and post-test choices. */
export function useExamOptions() {
  return useQuery({
    queryKey: [...examsResource.keys.lists, 'options'],
    queryFn: () => examsResource.list({ page: 1, per_page: 100, sort: 'title', kind: 'exam', status: '1' }),
    select: (page) => page.data,
    staleTime: 30_000,
  });
}

/** A random-draw rule's live count: how many active questions of the bank match it now. */
export function useDrawCount(rule: DrawRule | null, language: string) {
  return useQuery({
    queryKey: [...examsResource.keys.all, 'draw-count', rule, language],
    queryFn: async () =>
      (await http.post<{ data: { available: number } }>(`${base}/draw-count`, { rule, language })).data.available,
    enabled: rule !== null,
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });
}

/** A question of the bank as the exam form's picker lists it (`GET api/admin/questions`). */
export type BankQuestion = Pick<Question, 'id' | 'title' | 'type' | 'difficulty' | 'points' | 'status'>;

/** The bank's active questions matching a search and filters, one page of 20 (show_exam). */
export function useBankQuestions(query: {
  search: string;
  type: string | null;
  difficulty: string | null;
  category: string | null;
}) {
  return useQuery({
    queryKey: ['questions', 'picker', query],
    queryFn: () =>
      http.get<{ data: BankQuestion[]; meta: { total: number } }>('api/admin/questions', undefined, {
        page: 1,
        per_page: 20,
        status: '1',
        sort: '-created_at',
        ...(query.search ? { search: query.search } : {}),
        ...(query.type ? { type: query.type } : {}),
        ...(query.difficulty ? { difficulty: query.difficulty } : {}),
        ...(query.category ? { category_id: query.category } : {}),
      }),
    placeholderData: keepPreviousData,
  });
}

// --- Results ---

export const ATTEMPTS_LIST_CONFIG: ListConfig = {
  sortable: EXAM_ATTEMPT_SORTS,
  defaultSort: '-started_at',
  filters: [{ kind: 'select', param: 'state', options: ['in_progress', 'pending', 'scored'] }],
};

/** `GET api/admin/exams/{id}/attempts`: one page of the attempts (show_exam). */
export function useExamAttempts(id: number, query: ResourceQuery) {
  return useQuery({
    queryKey: [...examKey(id), 'attempts', query],
    queryFn: () =>
      http.get<{ data: ExamAttemptRow[]; meta: { page: number; per_page: number; total: number } }>(
        `${base}/${id}/attempts`,
        undefined,
        query,
      ),
    placeholderData: keepPreviousData,
  });
}

/** The attempts' export address for the table's current search, filter and sort (paging left out). */
export function attemptsExportPath(id: number, format: ExportFormat, query: ResourceQuery): string {
  const { page: _page, per_page: _perPage, ...rest } = query;
  const params = new URLSearchParams({ format });
  for (const [key, value] of Object.entries(rest)) params.set(key, String(value));
  return `${base}/${id}/attempts/export?${params}`;
}

/** `GET api/admin/exams/{id}/stats`: the distribution and each question's difficulty and discrimination. */
export function useExamStats(id: number) {
  return useQuery({
    queryKey: [...examKey(id), 'stats'],
    queryFn: async () => (await http.get<{ data: ExamStats }>(`${base}/${id}/stats`)).data,
  });
}

/** `GET api/admin/exams/{id}/grading`: the open answers waiting for a grader (create_exam). */
export function useGradingQueue(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...examKey(id), 'grading'],
    queryFn: async () => (await http.get<{ data: GradingItem[] }>(`${base}/${id}/grading`)).data,
    enabled,
  });
}

/** Grades one open answer; the queue, the attempts and the statistics are read again. */
export function useGrade(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ attemptId, position, body }: { attemptId: number; position: number; body: GradeInput }) =>
      http.post(`${base}/${id}/attempts/${attemptId}/answers/${position}/grade`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: examKey(id) }),
  });
}
