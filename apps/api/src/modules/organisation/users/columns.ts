import type { AdminUser } from '@kampus/shared';
import { users } from '../../../db/schema/index.js';
import type { ColumnMap } from '../../../platform/resource/resource.js';

/**
 * Item field → users column: the declaration's `columns` (its sorts come from here) and what a create or update
 * writes of a body through `columnValues`, the import's new rows included. Not here, because the service works them
 * out: `manager_id` (a body field, checked against the company's people and loops; the item shows `manager`),
 * `role_ids` (the role_user rows) and the merge of `custom_fields` with what is stored.
 */
export const USER_COLUMNS = {
  name: users.name,
  surname: users.surname,
  email: users.email,
  username: users.username,
  phone: users.phone,
  registration_number: users.registrationNumber,
  national_id: users.nationalId,
  language: users.language,
  status: users.status,
  department: users.department,
  title: users.title,
  location: users.location,
  hire_date: users.hireDate,
  custom_fields: users.customFields,
  last_login_at: users.lastLoginAt,
  created_at: users.createdAt,
} satisfies ColumnMap<AdminUser>;
