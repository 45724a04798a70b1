import {
  type Assignment,
  type AssignmentItemInput,
  type AssignmentItemType,
  assignmentCreateSchema,
  ITEM_TYPES,
} from '@kampus/shared';
import type { z } from 'zod';

/** The form's values: the create body's input (the update body is the same fields, all optional). */
export type AssignmentFormValues = z.input<typeof assignmentCreateSchema>;

/** The form's check is the contract's own create schema: the server answers the same rules. */
export const assignmentFormSchema = assignmentCreateSchema;

/** An item's key in the form's maps: `education:12`. */
export const itemKey = (item: Pick<AssignmentItemInput, 'type' | 'ref_id'>) => `${item.type}:${item.ref_id}`;

/** A calendar day `days` from today, as the API writes days (YYYY-MM-DD, the reader's own calendar). */
export function dayFromToday(days: number, today = new Date()): string {
  const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** A new assignment: from today for 30 days, reminders 7 and 1 days before and when overdue, for chosen people. */
export function newAssignmentValues(
  prefill: AssignmentItemInput | null = null,
  today = new Date(),
): AssignmentFormValues {
  return {
    name: '',
    description: null,
    image_url: null,
    start_date: dayFromToday(0, today),
    end_date: dayFromToday(30, today),
    mandatory: false,
    duration_minutes: null,
    reminders: { days_before: [7, 1], on_overdue: true },
    items: prefill ? [prefill] : [],
    target: { kind: 'users', user_ids: [], group_ids: [], company_ids: [] },
  };
}

/** A stored assignment as the form's values. */
export function assignmentValues(assignment: Assignment): AssignmentFormValues {
  return {
    name: assignment.name,
    description: assignment.description,
    image_url: assignment.image_url,
    start_date: assignment.start_date,
    end_date: assignment.end_date,
    mandatory: assignment.mandatory,
    duration_minutes: assignment.duration_minutes,
    reminders: { days_before: [...assignment.reminders.days_before], on_overdue: assignment.reminders.on_overdue },
    items: assignment.items.map((item) => ({ type: item.type, ref_id: item.ref_id })),
    target: {
      kind: assignment.target.kind,
      user_ids: assignment.target.users.map((user) => user.id),
      group_ids: assignment.target.groups.map((group) => group.id),
      company_ids: assignment.target.companies.map((company) => company.id),
    },
  };
}

/** The list with the item at `from` moved by `by` places (kept inside the list). */
export function moveItem<T>(items: readonly T[], from: number, by: number): T[] {
  const next = [...items];
  const to = Math.max(0, Math.min(next.length - 1, from + by));
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return [...items];
  next.splice(to, 0, moved);
  return next;
}

/** The items with one more at the end; one already there is not added twice. */
export function withItem(items: readonly AssignmentItemInput[], item: AssignmentItemInput): AssignmentItemInput[] {
  return items.some((known) => itemKey(known) === itemKey(item)) ? [...items] : [...items, item];
}

/**
 * What an address prefills the items with. `/admin/assignment/add/{id}` is an education's id: the spec's catalogue
 * links ("assign this education") are its only callers; `?type=program|content` names another kind.
 */
export function prefillOf(id: string | undefined, type: string | null): AssignmentItemInput | null {
  if (!id || !/^\d{1,10}$/.test(id)) return null;
  const kinds: readonly AssignmentItemType[] = ITEM_TYPES;
  const kind = kinds.find((known) => known === type) ?? 'education';
  return { type: kind, ref_id: Number(id) };
}
