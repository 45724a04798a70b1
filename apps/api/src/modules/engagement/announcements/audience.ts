import type { Audience } from '@kampus/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { companies, userGroups } from '../../../db/schema/index.js';
import type { Platform } from '../../../platform/deps.js';
import { invalidFields } from '../../../platform/http/errors.js';
import { signedFileUrl } from '../../system/files/service.js';

/** The audience columns of a table that has them (announcements, advertisements). */
export interface AudienceColumns {
  companyId: PgColumn;
  audience: PgColumn;
  groupIds: PgColumn;
  companyIds: PgColumn;
}

export interface AudienceInput {
  audience: Audience;
  group_ids: number[];
  company_ids: number[];
}

/** Who reads: the person, and the company they act in and its main company (if it is a sub-company). */
export interface AudienceReader {
  userId: number;
  companyId: number;
  parentId: number | null;
}

export async function readerOf(tx: Db, who: { userId: number; companyId: number }): Promise<AudienceReader> {
  const [row] = await tx
    .select({ parentId: companies.parentId })
    .from(companies)
    .where(eq(companies.id, who.companyId));
  return { ...who, parentId: row?.parentId ?? null };
}

/**
 * The rows a reader is in the audience of: the company's own rows for everyone, for a group they belong to, or naming
 * their company; and the main company's rows naming their company. Reading the main company's rows needs the system
 * scope (the caller's): this condition is the whole filter, company ids included.
 */
export function audienceIncludes(t: AudienceColumns, reader: AudienceReader): SQL {
  const own = sql`(${t.companyId} = ${reader.companyId} and (
      ${t.audience} = 'everyone'
      or (${t.audience} = 'groups' and exists (select 1 from user_group_members m
            where m.user_id = ${reader.userId} and m.company_id = ${reader.companyId} and m.group_id = any(${t.groupIds})))
      or (${t.audience} = 'companies' and ${reader.companyId} = any(${t.companyIds}))))`;
  if (reader.parentId === null) return own;
  return sql`(${own} or (${t.companyId} = ${reader.parentId} and ${t.audience} = 'companies'
    and ${reader.companyId} = any(${t.companyIds})))`;
}

/**
 * The active people in the audience of each row (users of the company, members of the groups, users of the companies
 * named), as a correlated subquery over `t`; it reaches sub-companies' people, so it runs in the system scope.
 */
export function audienceSizeSql(table: 'announcements' | 'advertisements'): SQL<number> {
  // Qualified by hand: in a select list Drizzle names a column without its table, which the subqueries would capture.
  const t = (column: string) => sql.raw(`"${table}"."${column}"`);
  return sql<number>`(case ${t('audience')}
    when 'everyone' then (select count(*)::integer from users u where u.company_id = ${t('company_id')} and u.status = 1)
    when 'groups' then (select count(distinct m.user_id)::integer from user_group_members m
      join users u on u.id = m.user_id and u.status = 1
      where m.company_id = ${t('company_id')} and m.group_id = any(${t('group_ids')}))
    else (select count(*)::integer from users u where u.company_id = any(${t('company_ids')}) and u.status = 1) end)`;
}

/**
 * Checks an audience against the company and answers what to store: groups of the company for `groups` (at least one),
 * the company itself or its sub-companies for `companies` (at least one); the other list is emptied.
 */
export async function checkedAudience(tx: Db, companyId: number, input: AudienceInput, ns: string) {
  const groupIds = [...new Set(input.group_ids)];
  const companyIds = [...new Set(input.company_ids)];
  if (input.audience === 'groups') {
    if (groupIds.length === 0) throw invalidFields({ group_ids: `${ns}.errors.groups_required` });
    const found = await tx
      .select({ id: userGroups.id })
      .from(userGroups)
      .where(and(eq(userGroups.companyId, companyId), inArray(userGroups.id, groupIds)));
    if (found.length !== groupIds.length) throw invalidFields({ group_ids: 'validation.invalid_value' });
    return { audience: input.audience, groupIds, companyIds: [] as number[] };
  }
  if (input.audience === 'companies') {
    if (companyIds.length === 0) throw invalidFields({ company_ids: `${ns}.errors.companies_required` });
    const own = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(
        and(
          inArray(companies.id, companyIds),
          sql`(${companies.id} = ${companyId} or ${companies.parentId} = ${companyId})`,
        ),
      );
    if (own.length !== companyIds.length) throw invalidFields({ company_ids: 'validation.invalid_value' });
    return { audience: input.audience, groupIds: [] as number[], companyIds };
  }
  return { audience: input.audience, groupIds: [] as number[], companyIds: [] as number[] };
}

/**
 * An update's audience checked against the record's (what it leaves out stays as it was): {} when the update does not
 * touch the audience, else the columns to store.
 */
export async function updatedAudience(
  tx: Db,
  companyId: number,
  input: Partial<AudienceInput>,
  before: AudienceInput,
  ns: string,
) {
  if (input.audience === undefined && input.group_ids === undefined && input.company_ids === undefined) return {};
  return checkedAudience(
    tx,
    companyId,
    {
      audience: input.audience ?? before.audience,
      group_ids: input.group_ids ?? before.group_ids,
      company_ids: input.company_ids ?? before.company_ids,
    },
    ns,
  );
}

/**
 * An update's day range against the record's (the shared `dayRange` refinement sees only what the update sends): a
 * 422 on the last day's field when it ends up before the first.
 */
export function checkDayRange<From extends string, To extends string>(
  input: { [K in From]?: string } & { [K in To]?: string | null },
  before: { [K in From]: string } & { [K in To]: string | null },
  [from, to]: [From, To],
  message: string,
): void {
  const first: string = input[from] ?? before[from];
  const last: string | null = input[to] === undefined ? before[to] : (input[to] as string | null);
  if (last !== null && last < first) throw invalidFields({ [to]: message });
}

/**
 * A signed address of a private image, stable for a while: signed as of the start of the current window (a tenth of
 * the address's lifetime, at most ten minutes), so the browser's cache keeps the banner between pages and a record
 * reads the same twice; it stays valid for at least nine tenths of the lifetime. A reader in another company of the
 * group (a sub-company's learner, a main company's row) gets an address their own host serves.
 */
export function stableSignedUrl(
  platform: Platform,
  companyId: number,
  url: string | null,
  readerCompanyId: number = companyId,
): string | null {
  if (!url) return null;
  const windowMs = Math.min(600_000, platform.config.FILE_URL_TTL_SECONDS * 100);
  const now = Date.now();
  return signedFileUrl(platform, companyId, url, new Date(now - (now % windowMs)), readerCompanyId);
}
