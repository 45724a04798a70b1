import { sql } from 'drizzle-orm';
import { type AnyPgColumn, pgPolicy, pgRole } from 'drizzle-orm/pg-core';

/** The role the application runs as: neither superuser nor BYPASSRLS, so every policy applies to it. */
export const APP_ROLE = 'kampus_app';
export const appRole = pgRole(APP_ROLE).existing();

/**
 * Rows are visible when their company is the transaction's tenant (`app.company_id`), or when identity code runs in
 * the explicit system scope (`app.bypass_rls`). With neither set, nothing is visible: the policies fail closed.
 */
const isSystemScope = sql`current_setting('app.bypass_rls', true) = 'on'`;
const currentTenant = sql`nullif(current_setting('app.company_id', true), '')::integer`;

export function tenantPolicy(companyId: AnyPgColumn) {
  const rule = sql`(${isSystemScope} or ${companyId} = ${currentTenant})`;
  return pgPolicy('tenant_isolation', { as: 'permissive', for: 'all', to: appRole, using: rule, withCheck: rule });
}

/** For catalogues where a null company means "built in, visible to every tenant, writable by none". */
export function tenantOrSharedPolicy(companyId: AnyPgColumn) {
  return pgPolicy('tenant_isolation', {
    as: 'permissive',
    for: 'all',
    to: appRole,
    using: sql`(${isSystemScope} or ${companyId} is null or ${companyId} = ${currentTenant})`,
    withCheck: sql`(${isSystemScope} or ${companyId} = ${currentTenant})`,
  });
}
