import type { AttemptResult, MyAttempt, MyTest } from '@kampus/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/api.js';
import { ApiError } from '../../../../lib/http.js';
import { LEARNER_KEY } from '../../educations/learner/api.js';

export const NS = 'test';

/** A 4xx is an answer, not an outage: no retry; an outage is tried once more. */
const retryOutages = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1;

/** GET api/my/tests: the exams open to the learner with their state. */
export function useMyTests() {
  return useQuery({
    queryKey: [LEARNER_KEY, 'tests'],
    queryFn: async () => (await http.get<{ data: MyTest[] }>('api/my/tests')).data,
    retry: retryOutages,
  });
}

/** GET api/my/attempts/{attempt}/result. */
export function useAttemptResult(attemptId: string) {
  return useQuery({
    queryKey: [LEARNER_KEY, 'attempt-result', attemptId],
    queryFn: async () => (await http.get<{ data: AttemptResult }>(`api/my/attempts/${attemptId}/result`)).data,
    retry: retryOutages,
  });
}

export const startAttempt = async (examId: string | number, holder: string) =>
  (await http.post<{ data: MyAttempt }>(`api/my/exams/${examId}/attempts`, { holder })).data;

export const takeOver = async (attemptId: number, holder: string) =>
  (await http.post<{ data: MyAttempt }>(`api/my/attempts/${attemptId}/take-over`, { holder })).data;

/** The id of this tab: kept for the tab's life (a reload is the same tab), never shared with another tab. */
export function tabHolder(): string {
  const key = 'kampus.exam.tab';
  try {
    const stored = window.sessionStorage.getItem(key);
    if (stored) return stored;
    const made = `tab-${crypto.randomUUID().replace(/-/g, '')}`;
    window.sessionStorage.setItem(key, made);
    return made;
  } catch {
    return `tab-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
  }
}
