import { DASHBOARD_SIGN_IN_DAYS, type DashboardFigure, type Permission } from '@kampus/shared';
import { and, count, countDistinct, eq, gte } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { auditLogs, USER_STATUS, users } from '../../../db/schema/index.js';
import { SIGN_IN_AUDIT_ACTION } from '../../identity/auth/service.js';

/**
 * The extension point of the admin dashboard: a module that has figures to show registers one provider. Each
 * provider is one group of figures; the web app labels them from the locales (`admin_dashboard.groups.<key>` and
 * `admin_dashboard.figures.<figure key>`), so a new group needs no web change.
 */
export interface FigureProvider {
  /** The group's key, unique among providers. */
  key: string;
  /** Only sessions holding this permission see the group (a super admin holds every one). */
  permission: Permission;
  /** Reads the figures of one company inside the request's tenant transaction. */
  figures(tx: Db, scope: { companyId: number; now: Date }): Promise<DashboardFigure[]>;
}

/** Active, passive and waiting-for-approval people of the company. */
export const peopleFigures: FigureProvider = {
  key: 'people',
  permission: 'show_user',
  async figures(tx, { companyId }) {
    const rows = await tx
      .select({ status: users.status, value: count() })
      .from(users)
      .where(eq(users.companyId, companyId))
      .groupBy(users.status);
    const of = (status: number) => rows.find((r) => r.status === status)?.value ?? 0;
    return [
      { key: 'active_users', value: of(USER_STATUS.active) },
      { key: 'passive_users', value: of(USER_STATUS.passive) },
      { key: 'pending_users', value: of(USER_STATUS.pendingApproval) },
    ];
  },
};

/** Sign-ins of the company's people in the last 30 days, from the audit rows the auth service writes. */
export const signInFigures: FigureProvider = {
  key: 'sign_ins',
  permission: 'show_user',
  async figures(tx, { companyId, now }) {
    const since = new Date(now.getTime() - DASHBOARD_SIGN_IN_DAYS * 86_400_000);
    const [row] = await tx
      .select({ total: count(), people: countDistinct(auditLogs.actorUserId) })
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.companyId, companyId),
          eq(auditLogs.action, SIGN_IN_AUDIT_ACTION),
          gte(auditLogs.createdAt, since),
        ),
      );
    return [
      { key: 'sign_in_people', value: row?.people ?? 0 },
      { key: 'sign_ins_total', value: row?.total ?? 0 },
    ];
  },
};
