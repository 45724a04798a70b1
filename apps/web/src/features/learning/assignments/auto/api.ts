import {
  type AutoAssignmentApplyResult,
  type AutoAssignmentConditionOptions,
  type AutoAssignmentConditionsInput,
  type AutoAssignmentPreview,
  autoAssignmentPreviewSchema,
  autoAssignmentsContract,
} from '@kampus/shared';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/api.js';
import { contractResource } from '../../../../lib/resource.js';

/** `api/admin/auto-assignments` (issue 14): the automatic assignment rules. */
export const autoAssignmentsResource = contractResource(autoAssignmentsContract);
const base = autoAssignmentsResource.base;

/** What conditions are built from: the values the company's users hold, its groups and its own user fields. */
export function useConditionOptions() {
  return useQuery({
    queryKey: [...autoAssignmentsResource.keys.all, 'condition-options'],
    queryFn: () => http.get<{ data: AutoAssignmentConditionOptions }>(`${base}/condition-options`),
    select: (body) => body.data,
    staleTime: 60_000,
  });
}

/** The dry run: how many people the conditions match now (and, for a saved rule, do not have it yet). */
export const previewRule = async (conditions: AutoAssignmentConditionsInput, ruleId?: number) =>
  (
    await http.post<{ data: AutoAssignmentPreview }>(`${base}/preview`, {
      conditions,
      ...(ruleId ? { rule_id: ruleId } : {}),
    })
  ).data;

/**
 * The live preview of conditions being edited: asked 400 ms after the last change, only for conditions the shared
 * schema accepts (at least one set); `idle` until then.
 */
export function useRulePreview(conditions: AutoAssignmentConditionsInput, ruleId?: number) {
  const [settled] = useDebouncedValue(conditions, 400);
  const parsed = autoAssignmentPreviewSchema.safeParse({ conditions: settled, rule_id: ruleId });
  const body = parsed.success ? parsed.data : null;
  const query = useQuery({
    queryKey: [...autoAssignmentsResource.keys.all, 'preview', body],
    queryFn: () => previewRule(body?.conditions ?? {}, ruleId),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  return { ...query, idle: body === null };
}

/** The confirmed backfill: assigns the people who match now (a job when there are many). */
export const applyRule = (id: number) => http.post<AutoAssignmentApplyResult>(`${base}/${id}/apply`);
