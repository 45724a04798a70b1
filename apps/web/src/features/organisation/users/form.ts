import {
  type AdminUser,
  type AdminUserCreate,
  adminUserCreateSchema,
  type LabelledCustomField,
  type Locale,
  type UserStatus,
} from '@kampus/shared';
import { z } from 'zod';

/**
 * The user form: its values are the shared create schema's as text (empty for nothing), checked by
 * `adminUserCreateSchema` itself, so the form and the API apply the same rules. Custom fields hold one value per
 * field the company defines; an empty one removes the value (the API's rule).
 */
export const userFormSchema = z
  .object({
    name: z.string(),
    surname: z.string(),
    email: z.string(),
    username: z.string(),
    phone: z.string(),
    registration_number: z.string(),
    national_id: z.string(),
    language: z.string(),
    status: z.number(),
    role_ids: z.array(z.number()),
    department: z.string(),
    title: z.string(),
    manager_id: z.number().nullable(),
    location: z.string(),
    hire_date: z.string(),
    custom_fields: z.record(z.string(), z.string()),
  })
  .transform((values, ctx): AdminUserCreate => {
    const result = adminUserCreateSchema.safeParse(values);
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ ...issue } as Parameters<typeof ctx.addIssue>[0]);
    return z.NEVER;
  });
export type UserFormValues = z.input<typeof userFormSchema>;

/** The form's values for a user, or for a new one (Turkish, active, an ordinary user), with the defined fields. */
export function userFormValues(
  user: AdminUser | null,
  defaults: { language: Locale },
  fields: readonly LabelledCustomField[],
): UserFormValues {
  return {
    name: user?.name ?? '',
    surname: user?.surname ?? '',
    email: user?.email ?? '',
    username: user?.username ?? '',
    phone: user?.phone ?? '',
    registration_number: user?.registration_number ?? '',
    national_id: user?.national_id ?? '',
    language: user?.language ?? defaults.language,
    status: (user?.status ?? 1) satisfies UserStatus,
    role_ids: user?.roles.map((role) => role.id) ?? [3],
    department: user?.department ?? '',
    title: user?.title ?? '',
    manager_id: user?.manager?.id ?? null,
    location: user?.location ?? '',
    hire_date: user?.hire_date ?? '',
    custom_fields: Object.fromEntries(fields.map((field) => [field.key, user?.custom_fields[field.key] ?? ''])),
  };
}
