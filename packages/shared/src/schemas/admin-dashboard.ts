import { z } from 'zod';

/** A user's status as stored: passive 0, active 1, waiting for an administrator's approval 2. */
export const USER_STATUS_NAMES = { 0: 'passive', 1: 'active', 2: 'pending_approval' } as const;
export const userStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type UserStatus = z.infer<typeof userStatusSchema>;

/** A key of a figure or of a group: lower snake case, so it can name a locale key. */
const figureKeySchema = z.string().regex(/^[a-z][a-z0-9_]*$/);

/** One number on the admin dashboard; its label is the locale key `admin_dashboard.figures.<key>`. */
export const dashboardFigureSchema = z.object({
  key: figureKeySchema,
  value: z.number().int().nonnegative(),
});
export type DashboardFigure = z.infer<typeof dashboardFigureSchema>;

/**
 * Figures that belong together, produced by one figure provider of the API; its title is the locale key
 * `admin_dashboard.groups.<key>`. Later modules add groups without the web app changing.
 */
export const dashboardFigureGroupSchema = z.object({
  key: figureKeySchema,
  figures: z.array(dashboardFigureSchema),
});
export type DashboardFigureGroup = z.infer<typeof dashboardFigureGroupSchema>;

/** A row of the newest-users list. */
export const dashboardUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  created_at: z.string(),
  status: userStatusSchema,
  /** Whether this session may view the product as this user (a super admin, within the rules of impersonation). */
  can_impersonate: z.boolean(),
});
export type DashboardUser = z.infer<typeof dashboardUserSchema>;

/** GET api/admin/dashboard: the acting company's figures; newest_users is null for a session that may not see people. */
export const adminDashboardSchema = z.object({
  company: z.object({ id: z.number(), name: z.string() }),
  groups: z.array(dashboardFigureGroupSchema),
  newest_users: z.array(dashboardUserSchema).nullable(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
export const adminDashboardResponseSchema = z.object({ data: adminDashboardSchema });

/** How many of the newest users the dashboard lists. */
export const DASHBOARD_NEWEST_USERS = 8;
/** The window of the sign-in figures, in days. */
export const DASHBOARD_SIGN_IN_DAYS = 30;
