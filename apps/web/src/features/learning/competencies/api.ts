import {
  type CompetencyHistoryList,
  type CompetencyLevel,
  type CompetencyLevelList,
  type CompetencyLevelSetInput,
  type CompetencyMatrix,
  type CompetencyMatrixOptions,
  type CompetencyRuleApplyResult,
  type CompetencyRulePreview,
  type CompetencyTargetSet,
  type CompetencyTrigger,
  competenciesContract,
  competencyCategoriesContract,
  competencyRulesContract,
  type ExportFormat,
  type MyCompetency,
} from '@kampus/shared';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api.js';
import { contractResource, type ResourcePage, type ResourceQuery } from '../../../lib/resource.js';

/** `api/admin/competency-categories`, `api/admin/competencies`, `api/admin/competency-rules` (issue 16). */
export const competencyCategoriesResource = contractResource(competencyCategoriesContract);
export const competenciesResource = contractResource(competenciesContract);
export const competencyRulesResource = contractResource(competencyRulesContract);

const LEVELS = 'api/admin/competency-levels';
const MATRIX = 'api/admin/competency-matrix';
const levelsKey = ['competency-levels'] as const;
const matrixKey = ['competency-matrix'] as const;

/** An export address: the list's query without paging. */
function exportPath(path: string, format: ExportFormat, query: ResourceQuery): string {
  const { page: _page, per_page: _perPage, ...rest } = query;
  const params = new URLSearchParams({ format });
  for (const [key, value] of Object.entries(rest)) params.set(key, String(value));
  return `${path}/export?${params}`;
}

/** Every category of the company (a handful), for the competency form and the filters. */
export function useCompetencyCategories() {
  return useQuery({
    queryKey: [...competencyCategoriesResource.keys.lists, 'all'],
    queryFn: async () => (await competencyCategoriesResource.list({ per_page: 100, sort: 'order' })).data,
  });
}

/** The company's competencies (at most the first 100 by name), for pickers and filters. */
export function useCompetencyOptions() {
  return useQuery({
    queryKey: [...competenciesResource.keys.lists, 'options'],
    queryFn: async () => (await competenciesResource.list({ per_page: 100, sort: 'name' })).data,
    staleTime: 30_000,
  });
}

/** `GET api/admin/competency-levels`: people's levels, per person (`user_id`) or competency (`competency_id`). */
export function useCompetencyLevels(query: ResourceQuery) {
  return useQuery({
    queryKey: [...levelsKey, query],
    queryFn: () => http.get<CompetencyLevelList>(LEVELS, undefined, query),
    placeholderData: keepPreviousData,
  });
}
export const levelsExportPath = (format: ExportFormat, query: ResourceQuery) => exportPath(LEVELS, format, query);

/** `PUT api/admin/competency-levels`, then the levels, the history and the matrix are read again. */
export function useSetLevel() {
  const client = useQueryClient();
  return async (body: CompetencyLevelSetInput) => {
    const result = await http.put<{ data: CompetencyLevel | null }>(LEVELS, body);
    await Promise.all([
      client.invalidateQueries({ queryKey: levelsKey }),
      client.invalidateQueries({ queryKey: matrixKey }),
      client.invalidateQueries({ queryKey: competenciesResource.keys.all }),
    ]);
    return result.data;
  };
}

/** `GET api/admin/competency-levels/history`: a person's changes, newest first. */
export function useLevelHistory(userId: number | null, competencyId: number | null, page = 1) {
  return useQuery({
    queryKey: [...levelsKey, 'history', userId, competencyId, page],
    queryFn: () =>
      http.get<CompetencyHistoryList>(`${LEVELS}/history`, undefined, {
        user_id: userId ?? 0,
        page,
        per_page: 10,
        ...(competencyId ? { competency_id: competencyId } : {}),
      }),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });
}

/** One of the company's people, as the pickers show them. */
export interface PersonOption {
  id: number;
  name: string;
  surname: string;
  email: string | null;
}

/** The company's people whose name or address matches a search (the first 20), for the person picker. */
export function usePeopleOptions(search: string) {
  const [debounced] = useDebouncedValue(search, 300);
  return useQuery({
    queryKey: ['competency-people', debounced],
    queryFn: () =>
      http.get<ResourcePage<PersonOption>>('api/admin/users', undefined, { search: debounced, per_page: 20 }),
    select: (page) => page.data,
    placeholderData: keepPreviousData,
  });
}

/** What each trigger names, and where its choices come from. */
export const TRIGGER_LISTS: Record<CompetencyTrigger, string> = {
  education_completed: 'api/admin/educations',
  program_completed: 'api/admin/programs',
  exam_passed: 'api/admin/exams',
};

/** The educations, programs or exams whose title matches a search (the first 20; exams: real ones only). */
export function useRefOptions(trigger: CompetencyTrigger, search: string) {
  const [debounced] = useDebouncedValue(search, 300);
  return useQuery({
    queryKey: ['competency-rule-refs', trigger, debounced],
    queryFn: () =>
      http.get<ResourcePage<{ id: number; title: string }>>(TRIGGER_LISTS[trigger], undefined, {
        search: debounced,
        per_page: 20,
        ...(trigger === 'exam_passed' ? { kind: 'exam' } : {}),
      }),
    select: (page) => page.data.map((item) => ({ id: item.id, title: item.title })),
    placeholderData: keepPreviousData,
  });
}

/** `GET api/admin/competency-rules/{id}/apply-preview`: how many people a back-apply would set or raise now. */
export function useRulePreview(id: number | null) {
  return useQuery({
    queryKey: [...competencyRulesResource.keys.all, 'preview', id],
    queryFn: async () =>
      (await http.get<{ data: CompetencyRulePreview }>(`api/admin/competency-rules/${id}/apply-preview`)).data,
    enabled: id !== null,
  });
}

/** `POST api/admin/competency-rules/{id}/apply`: the confirmed back-apply. */
export const applyRule = (id: number) => http.post<CompetencyRuleApplyResult>(`api/admin/competency-rules/${id}/apply`);

/** `GET api/admin/competency-matrix`. */
export function useCompetencyMatrix(query: ResourceQuery) {
  return useQuery({
    queryKey: [...matrixKey, query],
    queryFn: () => http.get<CompetencyMatrix>(MATRIX, undefined, query),
    placeholderData: keepPreviousData,
  });
}
export const matrixExportPath = (format: ExportFormat, query: ResourceQuery) => exportPath(MATRIX, format, query);

/** `GET api/admin/competency-matrix/options`: the groups and departments to filter by. */
export function useMatrixOptions() {
  return useQuery({
    queryKey: [...matrixKey, 'options'],
    queryFn: async () => (await http.get<{ data: CompetencyMatrixOptions }>(`${MATRIX}/options`)).data,
    staleTime: 60_000,
  });
}

/** `PUT api/admin/competency-matrix/targets`, then the matrix is read again. */
export function useSetTarget() {
  const client = useQueryClient();
  return async (body: CompetencyTargetSet) => {
    await http.put(`${MATRIX}/targets`, body);
    await client.invalidateQueries({ queryKey: matrixKey });
  };
}

/** `GET api/competencies/me`: the signed-in person's levels. */
export function useMyCompetencies() {
  return useQuery({
    queryKey: ['my-competencies'],
    queryFn: async () => (await http.get<{ data: MyCompetency[] }>('api/competencies/me')).data,
  });
}
