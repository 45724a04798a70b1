import {
  type AdminDashboard,
  DASHBOARD_NEWEST_USERS,
  type DashboardUser,
  type Permission,
  ROLE,
  type UserStatus,
} from '@kampus/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { companies, roleUser, USER_STATUS, users } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Platform } from '../../../platform/deps.js';
import { notFound } from '../../../platform/http/errors.js';
import { type FigureProvider, peopleFigures, signInFigures } from './figures.js';

/** Who looks at the dashboard: the acting company and what the session may do. */
export interface DashboardViewer {
  userId: number;
  companyId: number;
  hostCompanyId: number;
  isSuperAdmin: boolean;
  impersonatorId: number | null;
  permissions: ReadonlySet<string>;
}

const may = (viewer: DashboardViewer, permission: Permission) =>
  viewer.isSuperAdmin || viewer.permissions.has(permission);

type UserRow = Pick<
  typeof users.$inferSelect,
  'id' | 'companyId' | 'name' | 'surname' | 'email' | 'status' | 'createdAt'
>;

/**
 * The impersonation rules of the auth service, so the list offers only what it would allow: a super admin (not
 * already acting as someone) may view an active person of the host company who is not a super admin.
 */
function canImpersonate(viewer: DashboardViewer, row: UserRow, isSuperAdmin: boolean): boolean {
  return (
    viewer.isSuperAdmin &&
    viewer.impersonatorId === null &&
    row.companyId === viewer.hostCompanyId &&
    row.id !== viewer.userId &&
    row.status === USER_STATUS.active &&
    !isSuperAdmin
  );
}

function presentUser(row: UserRow, canView: boolean): DashboardUser {
  return {
    id: row.id,
    name: row.name,
    surname: row.surname,
    email: row.email,
    created_at: row.createdAt.toISOString(),
    status: row.status as UserStatus,
    can_impersonate: canView,
  };
}

async function findNewestUsers(tx: Db, viewer: DashboardViewer): Promise<DashboardUser[]> {
  const rows = await tx
    .select({
      id: users.id,
      companyId: users.companyId,
      name: users.name,
      surname: users.surname,
      email: users.email,
      status: users.status,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.companyId, viewer.companyId))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(DASHBOARD_NEWEST_USERS);
  const ids = rows.map((r) => r.id);
  const superAdmins =
    ids.length === 0
      ? []
      : await tx
          .select({ userId: roleUser.userId })
          .from(roleUser)
          .where(
            and(
              eq(roleUser.companyId, viewer.companyId),
              eq(roleUser.roleId, ROLE.superAdmin),
              inArray(roleUser.userId, ids),
            ),
          );
  const superAdminIds = new Set(superAdmins.map((r) => r.userId));
  return rows.map((row) => presentUser(row, canImpersonate(viewer, row, superAdminIds.has(row.id))));
}

export function createAdminDashboardService(platform: Platform) {
  const db = platform.database.db;
  const providers: FigureProvider[] = [peopleFigures, signInFigures];

  return {
    /** Later modules add their group of figures here (see FigureProvider). */
    registerFigures(provider: FigureProvider): void {
      if (providers.some((p) => p.key === provider.key)) throw new Error(`Figure group ${provider.key} is taken`);
      providers.push(provider);
    },

    /** The acting company's figures, each group only for a session holding its permission, and the newest people. */
    read: (viewer: DashboardViewer): Promise<AdminDashboard> =>
      inTenant(db, viewer.companyId, async (tx) => {
        const [company] = await tx
          .select({ id: companies.id, name: companies.name })
          .from(companies)
          .where(eq(companies.id, viewer.companyId));
        if (!company) throw notFound();
        const now = new Date();
        const groups: AdminDashboard['groups'] = [];
        // One transaction is one connection: the providers run one after the other.
        for (const provider of providers.filter((p) => may(viewer, p.permission))) {
          groups.push({ key: provider.key, figures: await provider.figures(tx, { companyId: company.id, now }) });
        }
        const newestUsers = may(viewer, 'show_user') ? await findNewestUsers(tx, viewer) : null;
        return { company, groups, newest_users: newestUsers };
      }),
  };
}

export type AdminDashboardService = ReturnType<typeof createAdminDashboardService>;
