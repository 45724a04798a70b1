import {
  type AssignmentItemType,
  type AutoAssignment,
  type AutoAssignmentConditionsInput,
  type AutoAssignmentCreate,
  autoAssignmentCreateSchema,
  ITEM_TYPES,
} from '@kampus/shared';
import { z } from 'zod';

/** An item as the form holds it: with its title, so the list can show it while others are searched. */
export interface FormItem {
  type: AssignmentItemType;
  ref_id: number;
  title: string;
}

const dayCount = z.union([z.number(), z.literal('')]);

/**
 * The rule form: the fields as the inputs hold them (group ids as text, empty numbers as ''), checked and shaped by
 * `autoAssignmentCreateSchema` itself, so the form and the API apply the same rules and name the same fields.
 */
export const autoAssignmentFormSchema = z
  .object({
    name: z.string(),
    status: z.number(),
    mandatory: z.boolean(),
    due_days: dayCount,
    conditions: z.object({
      group_ids: z.array(z.string()),
      departments: z.array(z.string()),
      titles: z.array(z.string()),
      locations: z.array(z.string()),
      hired_within_days: dayCount,
      custom_fields: z.array(z.object({ key: z.string(), values: z.array(z.string()) })),
      new_users: z.boolean(),
    }),
    items: z.array(z.object({ type: z.enum(ITEM_TYPES), ref_id: z.number(), title: z.string() })),
  })
  .transform((values, ctx): AutoAssignmentCreate => {
    const result = autoAssignmentCreateSchema.safeParse({
      name: values.name,
      status: values.status,
      mandatory: values.mandatory,
      due_days: values.due_days === '' ? undefined : values.due_days,
      conditions: conditionsOf(values.conditions),
      items: values.items.map(({ type, ref_id }) => ({ type, ref_id })),
    });
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ ...issue } as Parameters<typeof ctx.addIssue>[0]);
    return z.NEVER;
  });
export type AutoAssignmentFormValues = z.input<typeof autoAssignmentFormSchema>;
type FormConditions = AutoAssignmentFormValues['conditions'];

/** The conditions as the API takes them, from the form's (the preview sends them as they are typed). */
export function conditionsOf(conditions: FormConditions): AutoAssignmentConditionsInput {
  return {
    group_ids: conditions.group_ids.map(Number),
    departments: conditions.departments,
    titles: conditions.titles,
    locations: conditions.locations,
    hired_within_days: conditions.hired_within_days === '' ? null : conditions.hired_within_days,
    custom_fields: conditions.custom_fields,
    new_users: conditions.new_users,
  };
}

/** The form's values for a rule, or for a new one (active, for new users, due in 14 days). */
export function autoAssignmentFormValues(rule: AutoAssignment | null): AutoAssignmentFormValues {
  const c = rule?.conditions;
  return {
    name: rule?.name ?? '',
    status: rule?.status ?? 1,
    mandatory: rule?.mandatory ?? true,
    due_days: rule?.due_days ?? 14,
    conditions: {
      group_ids: (c?.group_ids ?? []).map(String),
      departments: c?.departments ?? [],
      titles: c?.titles ?? [],
      locations: c?.locations ?? [],
      hired_within_days: c?.hired_within_days ?? '',
      custom_fields: c?.custom_fields ?? [],
      new_users: c?.new_users ?? !rule,
    },
    items: (rule?.items ?? []).map((item) => ({ type: item.type, ref_id: item.ref_id, title: item.title })),
  };
}

export const itemKey = (item: { type: string; ref_id: number }) => `${item.type}:${item.ref_id}`;
