import { type UserGroup, type UserGroupCreate, userGroupCreateSchema } from '@kampus/shared';
import { z } from 'zod';

/** People chosen in the member picker, with their names so the picker can show them while other names are typed. */
export interface PickedPerson {
  id: number;
  label: string;
}

const rulesShape = z.object({
  departments: z.array(z.string()),
  titles: z.array(z.string()),
  locations: z.array(z.string()),
  hired_from: z.string(),
  hired_to: z.string(),
});

/**
 * The group form: every field of both kinds is kept while the person switches kind, and only the chosen kind's part
 * is sent; the whole is then checked by `userGroupCreateSchema` itself, so the form and the API apply the same rules.
 */
export const userGroupFormSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    kind: z.enum(['static', 'rule']),
    status: z.number(),
    members: z.array(z.object({ id: z.number(), label: z.string() })),
    rules: rulesShape,
  })
  .transform((values, ctx): UserGroupCreate => {
    const isRule = values.kind === 'rule';
    const result = userGroupCreateSchema.safeParse({
      name: values.name,
      description: values.description,
      kind: values.kind,
      status: values.status,
      member_ids: isRule ? [] : values.members.map((person) => person.id),
      rules: isRule ? values.rules : null,
    });
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      // The picker holds `members`; the API names them `member_ids`.
      const path = issue.path[0] === 'member_ids' ? ['members'] : issue.path;
      ctx.addIssue({ ...issue, path } as Parameters<typeof ctx.addIssue>[0]);
    }
    return z.NEVER;
  });
export type UserGroupFormValues = z.input<typeof userGroupFormSchema>;

/** The form's values for a group, or for a new one (static, active, no members yet). */
export function userGroupFormValues(group: UserGroup | null): UserGroupFormValues {
  const rules = group?.rules;
  return {
    name: group?.name ?? '',
    description: group?.description ?? '',
    kind: group?.kind ?? 'static',
    status: group?.status ?? 1,
    members: [],
    rules: {
      departments: rules?.departments ?? [],
      titles: rules?.titles ?? [],
      locations: rules?.locations ?? [],
      hired_from: rules?.hired_from ?? '',
      hired_to: rules?.hired_to ?? '',
    },
  };
}

/** An update sends the group's own fields; its members change through the members table. */
export function updateBody({ member_ids: _members, ...rest }: UserGroupCreate) {
  return rest;
}
