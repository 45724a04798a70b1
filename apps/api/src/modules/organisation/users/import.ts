import {
  type AdminUser,
  type AdminUserCreate,
  type AdminUserUpdate,
  adminUserCreateSchema,
  adminUserUpdateSchema,
  ROLE,
  type UserCustomField,
  type UserImportColumn,
  type UserImportRowError,
} from '@kampus/shared';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { auditLogs, roles, roleUser, users } from '../../../db/schema/index.js';
import type { Actor } from '../../../platform/actor.js';
import { record } from '../../../platform/events.js';
import { fieldErrorsOf } from '../../../platform/http/errors.js';
import type { Translate } from '../../../platform/i18n.js';
import { ImportFileRejected, type ImportSheet } from '../../../platform/imports/import-file.js';
import { columnValues } from '../../../platform/resource/resource.js';
import { USER_COLUMNS } from './columns.js';
import { findDefinedFields } from './custom-fields.js';
import { mapHeaders } from './import-headers.js';

/** Rows per INSERT or UPDATE statement: well under PostgreSQL's 65,535 parameters of one statement. */
const WRITE_CHUNK = 500;
const AUDIT_CHUNK = 1000;

type IdentifierField = 'email' | 'username' | 'phone' | 'registration_number';
const IDENTIFIER_FIELDS: IdentifierField[] = ['email', 'username', 'phone', 'registration_number'];
/** Email and username are unique ignoring case (the indexes are on lower()); phone and number as written. */
const identifierKey = (field: IdentifierField, value: string) =>
  field === 'email' || field === 'username' ? value.toLowerCase() : value;
const TAKEN_KEYS: Record<IdentifierField, string> = {
  email: 'errors.email_taken',
  username: 'errors.username_taken',
  phone: 'users.phone_taken',
  registration_number: 'users.registration_number_taken',
};

/** What the import needs to know of the company's people, read once: identifiers, managers, custom fields. */
interface CompanyIndex {
  ids: Record<IdentifierField, Map<string, number>>;
  managerOf: Map<number, number | null>;
  customFields: Map<number, Record<string, string>>;
  /** The fields the company defines: the only ones a column may fill. */
  definedFields: UserCustomField[];
  superAdmins: Set<number>;
  actorRoles: Set<number>;
  /** Assignable roles by every spelling the file may use (name, case-insensitive). */
  roleByName: Map<string, number>;
}

async function loadIndex(tx: Db, actor: Actor, roleLabels: (name: string) => string[]): Promise<CompanyIndex> {
  const companyId = actor.companyId;
  const [people, superAdmins, actorRoles, assignable, definedFields] = await Promise.all([
    tx
      .select({
        id: users.id,
        email: users.email,
        username: users.username,
        phone: users.phone,
        registrationNumber: users.registrationNumber,
        managerId: users.managerId,
        customFields: users.customFields,
      })
      .from(users)
      .where(eq(users.companyId, companyId)),
    tx
      .select({ userId: roleUser.userId })
      .from(roleUser)
      .where(and(eq(roleUser.companyId, companyId), eq(roleUser.roleId, ROLE.superAdmin))),
    tx
      .select({ roleId: roleUser.roleId })
      .from(roleUser)
      .where(and(eq(roleUser.companyId, companyId), eq(roleUser.userId, actor.userId))),
    tx
      .select({ id: roles.id, name: roles.name, companyId: roles.companyId })
      .from(roles)
      .where(or(isNull(roles.companyId), eq(roles.companyId, companyId))),
    findDefinedFields(tx, companyId),
  ]);
  const index: CompanyIndex = {
    ids: { email: new Map(), username: new Map(), phone: new Map(), registration_number: new Map() },
    managerOf: new Map(),
    customFields: new Map(),
    definedFields,
    superAdmins: new Set(superAdmins.map((r) => r.userId)),
    actorRoles: new Set(actorRoles.map((r) => r.roleId)),
    roleByName: new Map(),
  };
  for (const p of people) {
    const values: Record<IdentifierField, string | null> = {
      email: p.email,
      username: p.username,
      phone: p.phone,
      registration_number: p.registrationNumber,
    };
    for (const field of IDENTIFIER_FIELDS) {
      const value = values[field];
      if (value) index.ids[field].set(identifierKey(field, value), p.id);
    }
    index.managerOf.set(p.id, p.managerId);
    index.customFields.set(p.id, p.customFields ?? {});
  }
  for (const role of assignable) {
    if (role.id === ROLE.superAdmin && !actor.isSuperAdmin) continue;
    const spellings = role.companyId === null ? [role.name, ...roleLabels(role.name)] : [role.name];
    for (const spelling of spellings) index.roleByName.set(spelling.trim().toLocaleLowerCase('tr'), role.id);
  }
  return index;
}

/** A date as people type it (2024-03-01, 01.03.2024, 1/3/2024, day first) in the template's YYYY-MM-DD. */
export function normaliseDate(text: string): string {
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  const dayFirst = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(text);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : dayFirst ? [dayFirst[3], dayFirst[2], dayFirst[1]] : [];
  if (!year || !month || !day) return text;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

type Cells = Partial<Record<UserImportColumn, string>>;
/** Where an error of a schema field is shown: the file's column of that field. */
const COLUMN_OF_FIELD: Record<string, UserImportColumn> = {
  name: 'name',
  surname: 'surname',
  email: 'email',
  username: 'username',
  phone: 'phone',
  registration_number: 'registration_number',
  department: 'department',
  title: 'title',
  location: 'location',
  hire_date: 'hire_date',
  manager_id: 'manager',
  role_ids: 'roles',
};

type ManagerTarget = { kind: 'user'; id: number } | { kind: 'row'; row: number };

/** One row that passed every check, and what it will write. */
interface PlannedRow {
  number: number;
  /** The existing user it updates; null creates one. */
  matchId: number | null;
  create?: AdminUserCreate;
  update?: AdminUserUpdate;
  roleIds?: number[];
  managerRef?: string;
  manager?: ManagerTarget;
}

/** The outcome of checking a file: the rows to write and every problem of the others. */
export interface ImportPlan {
  rows: number;
  planned: PlannedRow[];
  errors: UserImportRowError[];
  ignored: string[];
}

/** Zod's issues in the shape the request validator reports, so a row's messages read like a form's. */
function issuesAsValidation(issues: z.core.$ZodIssue[]): ZodFastifySchemaValidationError[] {
  return issues.map((issue) => ({
    keyword: issue.code,
    instancePath: `/${issue.path.join('/')}`,
    schemaPath: `#/${issue.path.join('/')}/${issue.code}`,
    message: issue.message,
    params: { ...issue },
  })) as unknown as ZodFastifySchemaValidationError[];
}

/**
 * Checks every row against the single-user rules (the shared create or update schema), then identifiers against the
 * company's other people and the file's other rows, then roles and managers. Nothing is written here.
 */
export async function planImport(
  tx: Db,
  actor: Actor,
  sheet: ImportSheet,
  t: Translate,
  roleLabels: (name: string) => string[],
): Promise<ImportPlan> {
  const index = await loadIndex(tx, actor, roleLabels);
  const { columns, ignored } = mapHeaders(sheet.headers, index.definedFields);
  const hasIdentifierColumn = columns.some(
    (c) =>
      c?.kind === 'column' && (c.column === 'email' || c.column === 'username' || c.column === 'registration_number'),
  );
  if (!hasIdentifierColumn) throw new ImportFileRejected('users_import.no_identifier_column');

  const headerOf = new Map<string, string>();
  columns.forEach((c, i) => {
    if (c) headerOf.set(c.kind === 'column' ? c.column : c.key, sheet.headers[i] ?? '');
  });
  const errors: UserImportRowError[] = [];
  const fail = (row: number, column: string | null, value: string | null, message: string) =>
    errors.push({ row, column, header: column ? (headerOf.get(column) ?? null) : null, value, message });

  const seen: Record<IdentifierField, Map<string, number>> = {
    email: new Map(),
    username: new Map(),
    phone: new Map(),
    registration_number: new Map(),
  };
  const planned: PlannedRow[] = [];
  const matchedBy = new Map<number, number>();

  for (const row of sheet.rows) {
    const cells: Cells = {};
    const custom: Record<string, string> = {};
    columns.forEach((c, i) => {
      const value = row.cells[i] ?? '';
      if (!c || value === '') return;
      if (c.kind === 'column') cells[c.column] = value;
      else custom[c.key] = value;
    });
    if (Object.keys(cells).length === 0 && Object.keys(custom).length === 0) continue;
    const before = errors.length;
    const matchId =
      (cells.email ? index.ids.email.get(cells.email.toLowerCase()) : undefined) ??
      (cells.registration_number ? index.ids.registration_number.get(cells.registration_number) : undefined) ??
      null;

    let roleIds: number[] | undefined;
    if (cells.roles) {
      const names = cells.roles
        .split(/[,;]/)
        .map((n) => n.trim())
        .filter(Boolean);
      const found = names.map((n) => index.roleByName.get(n.toLocaleLowerCase('tr')));
      if (found.some((id) => id === undefined)) {
        const unknown = names.filter((_, i) => found[i] === undefined).join(', ');
        fail(row.number, 'roles', cells.roles, t('users_import.errors.role_unknown', { roles: unknown }));
      } else roleIds = [...new Set(found as number[])];
    }

    const input: Record<string, unknown> = {
      name: cells.name,
      surname: cells.surname,
      email: cells.email,
      username: cells.username,
      phone: cells.phone,
      registration_number: cells.registration_number,
      department: cells.department,
      title: cells.title,
      location: cells.location,
      hire_date: cells.hire_date === undefined ? undefined : normaliseDate(cells.hire_date),
    };
    for (const key of Object.keys(input)) if (input[key] === undefined) delete input[key];
    if (roleIds) input.role_ids = roleIds;
    const hasCustom = Object.keys(custom).length > 0;
    if (hasCustom || matchId === null) input.custom_fields = custom;

    const parsed = matchId === null ? adminUserCreateSchema.safeParse(input) : adminUserUpdateSchema.safeParse(input);
    if (!parsed.success) {
      for (const [field, messages] of Object.entries(fieldErrorsOf(issuesAsValidation(parsed.error.issues), t))) {
        const [head, key] = field.split('.');
        const column = head === 'custom_fields' ? (key ?? null) : (COLUMN_OF_FIELD[head ?? ''] ?? null);
        const value = column ? ((cells as Record<string, string>)[column] ?? custom[column] ?? null) : null;
        for (const message of messages) fail(row.number, column, value, message);
      }
    } else {
      const values = parsed.data as AdminUserUpdate;
      for (const field of IDENTIFIER_FIELDS) {
        const value = values[field];
        if (!value) continue;
        const key = identifierKey(field, value);
        const owner = index.ids[field].get(key);
        const earlier = seen[field].get(key);
        const cell = cells[field] ?? value;
        if (owner !== undefined && owner !== matchId) fail(row.number, field, cell, t(TAKEN_KEYS[field]));
        else if (earlier !== undefined) {
          fail(row.number, field, cell, t('users_import.errors.duplicate_in_file', { row: earlier }));
        } else seen[field].set(key, row.number);
      }
      if (matchId !== null) {
        const earlier = matchedBy.get(matchId);
        // Two rows changing one person would leave it to chance which one wins.
        if (earlier !== undefined && errors.length === before) {
          const column =
            cells.email && index.ids.email.get(cells.email.toLowerCase()) === matchId ? 'email' : 'registration_number';
          fail(row.number, column, cells[column] ?? null, t('users_import.errors.same_person', { row: earlier }));
        } else matchedBy.set(matchId, row.number);
        checkMayChange(matchId, roleIds, index, actor, t, (message) => fail(row.number, null, null, message));
      }
    }
    if (errors.length > before) continue;
    planned.push({
      number: row.number,
      matchId,
      ...(matchId === null
        ? { create: parsed.data as AdminUserCreate }
        : { update: withStoredCustomFields(parsed.data as AdminUserUpdate, index.customFields.get(matchId)) }),
      roleIds,
      managerRef: cells.manager,
    });
  }

  const valid = resolveManagers(planned, index, t, (row, message) =>
    fail(row.number, 'manager', row.managerRef ?? null, message),
  );
  errors.sort((a, b) => a.row - b.row);
  const invalidRows = new Set(errors.map((e) => e.row)).size;
  return { rows: valid.length + invalidRows, planned: valid, errors, ignored };
}

/** Custom fields not in the file stay (those no longer defined too): the row's values are merged into the person's. */
function withStoredCustomFields(update: AdminUserUpdate, stored: Record<string, string> | undefined): AdminUserUpdate {
  return update.custom_fields ? { ...update, custom_fields: { ...stored, ...update.custom_fields } } : update;
}

/** The single-user rules for changing an existing account: super admins, and the administrator's own admin role. */
function checkMayChange(
  matchId: number,
  roleIds: number[] | undefined,
  index: CompanyIndex,
  actor: Actor,
  t: Translate,
  fail: (message: string) => void,
) {
  if (!actor.isSuperAdmin && index.superAdmins.has(matchId)) fail(t('users.super_admin_protected'));
  else if (matchId === actor.userId && roleIds && index.actorRoles.has(ROLE.admin) && !roleIds.includes(ROLE.admin)) {
    fail(t('users.cannot_drop_own_admin'));
  }
}

/**
 * Finds each row's manager (by email, else registration number) among the file's valid rows and the company's people,
 * and refuses self-references and loops. A row refused here may be another row's manager, so it repeats until no
 * row changes.
 */
function resolveManagers(
  planned: PlannedRow[],
  index: CompanyIndex,
  t: Translate,
  fail: (row: PlannedRow, message: string) => void,
): PlannedRow[] {
  let valid = planned;
  for (;;) {
    const inFile = new Map<string, PlannedRow>();
    for (const row of valid) {
      const values = (row.create ?? row.update) as AdminUserUpdate;
      if (values.email) inFile.set(`e:${values.email.toLowerCase()}`, row);
      if (values.registration_number) inFile.set(`r:${values.registration_number}`, row);
    }
    const nodeOf = (row: PlannedRow) => (row.matchId !== null ? `u:${row.matchId}` : `n:${row.number}`);
    const targetNode = (target: ManagerTarget) => (target.kind === 'user' ? `u:${target.id}` : `n:${target.row}`);
    const refused = new Set<PlannedRow>();
    const next = new Map<string, string | null>();
    for (const [id, managerId] of index.managerOf) next.set(`u:${id}`, managerId === null ? null : `u:${managerId}`);

    for (const row of valid) {
      if (!row.managerRef) continue;
      const ref = row.managerRef.trim();
      const fileRow = inFile.get(`e:${ref.toLowerCase()}`) ?? inFile.get(`r:${ref}`);
      const existing = index.ids.email.get(ref.toLowerCase()) ?? index.ids.registration_number.get(ref);
      const target: ManagerTarget | null = fileRow
        ? fileRow.matchId !== null
          ? { kind: 'user', id: fileRow.matchId }
          : { kind: 'row', row: fileRow.number }
        : existing !== undefined
          ? { kind: 'user', id: existing }
          : null;
      if (!target) {
        fail(row, t('users_import.errors.manager_not_found'));
        refused.add(row);
      } else if (targetNode(target) === nodeOf(row)) {
        fail(row, t('users.manager_self'));
        refused.add(row);
      } else {
        row.manager = target;
        next.set(nodeOf(row), targetNode(target));
      }
    }
    const looping = nodesOnLoops(next);
    for (const row of valid) {
      if (!row.manager || refused.has(row)) continue;
      if (looping.has(nodeOf(row))) {
        fail(row, t('users.manager_cycle'));
        refused.add(row);
      }
    }
    if (refused.size === 0) return valid;
    valid = valid.filter((row) => !refused.has(row));
  }
}

/**
 * The people whose chain of managers comes back to them, in one pass over the company: each person has one manager,
 * so walking from every person not yet seen either ends or closes a loop on the path just walked.
 */
function nodesOnLoops(next: Map<string, string | null>): Set<string> {
  const finished = new Set<string>();
  const onLoop = new Set<string>();
  for (const start of next.keys()) {
    const path: string[] = [];
    const onPath = new Set<string>();
    let current: string | null = start;
    while (current !== null && !finished.has(current) && !onPath.has(current)) {
      path.push(current);
      onPath.add(current);
      current = next.get(current) ?? null;
    }
    if (current !== null && onPath.has(current)) for (const node of path.slice(path.indexOf(current))) onLoop.add(node);
    for (const node of path) finished.add(node);
  }
  return onLoop;
}

export function summaryOf(plan: ImportPlan) {
  const toCreate = plan.planned.filter((r) => r.matchId === null).length;
  return {
    rows: plan.rows,
    to_create: toCreate,
    to_update: plan.planned.length - toCreate,
    invalid: plan.rows - plan.planned.length,
  };
}

const chunks = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

async function insertNewUsers(tx: Db, companyId: number, rows: PlannedRow[]): Promise<Map<number, number>> {
  const idOfRow = new Map<number, number>();
  for (const chunk of chunks(rows, WRITE_CHUNK)) {
    const values = chunk.map((row) => {
      const u = row.create as AdminUserCreate;
      // Managers are set once every row has its id (`setManagers`), roles after (`assignRoles`).
      return { ...columnValues(USER_COLUMNS, users, u), companyId, name: u.name, surname: u.surname };
    });
    const inserted = await tx
      .insert(users)
      .values(values)
      .returning({ id: users.id, email: users.email, username: users.username, reg: users.registrationNumber });
    // Every new row has an identifier unique in the company and in the file, so it finds its id by that.
    const byKey = new Map<string, number>();
    for (const r of inserted) {
      if (r.email) byKey.set(`e:${r.email.toLowerCase()}`, r.id);
      if (r.username) byKey.set(`u:${r.username.toLowerCase()}`, r.id);
      if (r.reg) byKey.set(`r:${r.reg}`, r.id);
    }
    for (const row of chunk) {
      const u = row.create as AdminUserCreate;
      const id =
        (u.email ? byKey.get(`e:${u.email.toLowerCase()}`) : undefined) ??
        (u.username ? byKey.get(`u:${u.username.toLowerCase()}`) : undefined) ??
        (u.registration_number ? byKey.get(`r:${u.registration_number}`) : undefined);
      if (id === undefined) throw new Error(`imported row ${row.number} cannot be found after insert`);
      idOfRow.set(row.number, id);
    }
  }
  return idOfRow;
}

/** One UPDATE per chunk: each cell given replaces the value, an empty cell (null here) keeps it. */
async function updateExistingUsers(tx: Db, companyId: number, rows: PlannedRow[]): Promise<void> {
  for (const chunk of chunks(rows, WRITE_CHUNK)) {
    const values = sql.join(
      chunk.map((row) => {
        const u = row.update as AdminUserUpdate;
        const text = (v: string | null | undefined) => sql`${v ?? null}::text`;
        return sql`(${row.matchId}::int, ${text(u.name)}, ${text(u.surname)}, ${text(u.email)}, ${text(u.username)},
          ${text(u.phone)}, ${text(u.registration_number)}, ${text(u.department)}, ${text(u.title)},
          ${text(u.location)}, ${u.hire_date ?? null}::date,
          ${u.custom_fields ? JSON.stringify(u.custom_fields) : null}::jsonb)`;
      }),
      sql`, `,
    );
    await tx.execute(sql`
      update ${users} as u set
        name = coalesce(v.name, u.name), surname = coalesce(v.surname, u.surname),
        email = coalesce(v.email, u.email), username = coalesce(v.username, u.username),
        phone = coalesce(v.phone, u.phone), registration_number = coalesce(v.registration_number, u.registration_number),
        department = coalesce(v.department, u.department), title = coalesce(v.title, u.title),
        location = coalesce(v.location, u.location), hire_date = coalesce(v.hire_date, u.hire_date),
        custom_fields = coalesce(v.custom_fields, u.custom_fields), updated_at = now()
      from (values ${values}) as v(id, name, surname, email, username, phone, registration_number, department, title,
        location, hire_date, custom_fields)
      where u.company_id = ${companyId} and u.id = v.id`);
  }
}

/**
 * Gives people their roles (a super admin's role only by a super admin), a few statements for all of them; `replace`
 * first removes the roles they had.
 */
async function assignRoles(
  tx: Db,
  actor: Actor,
  assignments: { userId: number; roleIds: number[] }[],
  mode: 'new' | 'replace',
) {
  for (const chunk of chunks(assignments, WRITE_CHUNK)) {
    if (mode === 'replace')
      await tx.delete(roleUser).where(
        and(
          eq(roleUser.companyId, actor.companyId),
          inArray(
            roleUser.userId,
            chunk.map((a) => a.userId),
          ),
          actor.isSuperAdmin ? undefined : sql`${roleUser.roleId} <> ${ROLE.superAdmin}`,
        ),
      );
    const rows = chunk.flatMap((a) =>
      a.roleIds
        .filter((id) => actor.isSuperAdmin || id !== ROLE.superAdmin)
        .map((roleId) => ({ companyId: actor.companyId, userId: a.userId, roleId })),
    );
    if (rows.length > 0) await tx.insert(roleUser).values(rows).onConflictDoNothing();
  }
}

async function setManagers(tx: Db, companyId: number, pairs: { userId: number; managerId: number }[]) {
  for (const chunk of chunks(pairs, WRITE_CHUNK)) {
    const values = sql.join(
      chunk.map((p) => sql`(${p.userId}::int, ${p.managerId}::int)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${users} as u set manager_id = v.manager_id, updated_at = now()
      from (values ${values}) as v(id, manager_id)
      where u.company_id = ${companyId} and u.id = v.id`);
  }
}

type Present = (tx: Db, companyId: number, ids: number[]) => Promise<AdminUser[]>;

async function presentAll(tx: Db, companyId: number, ids: number[], present: Present) {
  const items = new Map<number, AdminUser>();
  for (const chunk of chunks(ids, AUDIT_CHUNK)) {
    for (const item of await present(tx, companyId, chunk)) items.set(item.id, item);
  }
  return items;
}

/** The audit rows of the import, as the resource framework writes them for one user, inserted in batches. */
async function auditImport(
  tx: Db,
  actor: Actor,
  entries: { action: 'created' | 'updated'; id: number; before: AdminUser | null; after: AdminUser | null }[],
) {
  for (const chunk of chunks(entries, AUDIT_CHUNK)) {
    if (chunk.length === 0) continue;
    await tx.insert(auditLogs).values(
      chunk.map((e) => ({
        companyId: actor.companyId,
        actorUserId: actor.userId,
        impersonatorId: actor.impersonatorId,
        action: `user.${e.action}`,
        entityType: 'user',
        entityId: e.id,
        before: e.before,
        after: e.after,
        ip: actor.ip,
        requestId: actor.requestId,
      })),
    );
  }
}

/** Writes a checked plan inside the caller's transaction; answers the ids of the people it created. */
export async function applyImport(
  tx: Db,
  actor: Actor,
  plan: ImportPlan,
  present: Present,
): Promise<{ createdIds: number[]; updated: number }> {
  const creates = plan.planned.filter((r) => r.matchId === null);
  const updates = plan.planned.filter((r) => r.matchId !== null);
  const updatedIds = updates.map((r) => r.matchId as number);
  const before = await presentAll(tx, actor.companyId, updatedIds, present);

  const idOfRow = await insertNewUsers(tx, actor.companyId, creates);
  await updateExistingUsers(tx, actor.companyId, updates);
  const userIdOf = (row: PlannedRow) => row.matchId ?? (idOfRow.get(row.number) as number);
  await assignRoles(
    tx,
    actor,
    creates.map((r) => ({ userId: userIdOf(r), roleIds: (r.create as AdminUserCreate).role_ids })),
    'new',
  );
  await assignRoles(
    tx,
    actor,
    updates.filter((r) => r.roleIds).map((r) => ({ userId: userIdOf(r), roleIds: r.roleIds as number[] })),
    'replace',
  );
  await setManagers(
    tx,
    actor.companyId,
    plan.planned
      .filter((r) => r.manager)
      .map((r) => {
        const target = r.manager as ManagerTarget;
        return {
          userId: userIdOf(r),
          managerId: target.kind === 'user' ? target.id : (idOfRow.get(target.row) as number),
        };
      }),
  );

  const createdIds = creates.map(userIdOf);
  const after = await presentAll(tx, actor.companyId, [...createdIds, ...updatedIds], present);
  const changed = updatedIds.filter((id) => JSON.stringify(before.get(id)) !== JSON.stringify(after.get(id)));
  await auditImport(tx, actor, [
    ...createdIds.map((id) => ({ action: 'created' as const, id, before: null, after: after.get(id) ?? null })),
    ...changed.map((id) => ({
      action: 'updated' as const,
      id,
      before: before.get(id) ?? null,
      after: after.get(id) ?? null,
    })),
  ]);
  // One event for the whole import (the audit rows above are written in batches, without events), so the modules
  // that react to people (automatic assignments, assignment targets) hear of every person it created or changed.
  await record(tx, actor, {
    action: 'user.imported',
    entity: 'user',
    after: { user_ids: [...createdIds, ...changed] },
  });
  return { createdIds, updated: updates.length };
}
