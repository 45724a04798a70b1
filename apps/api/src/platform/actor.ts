import type { Locale } from '@kampus/shared';

/**
 * Who makes a request, built once from the verified access token and the request (platform/http/context.ts) and handed
 * to every service: the one shape of "who is acting". Nothing in it comes from the body.
 */
export interface Actor {
  userId: number;
  /** The company the person belongs to. */
  homeCompanyId: number;
  /** The company whose host issued the session; uploads land in its folder. */
  hostCompanyId: number;
  /** The company the request acts in: the session's, or the one named by X-Company-Id. */
  companyId: number;
  /** The company the session was opened for (before any X-Company-Id). */
  sessionCompanyId: number;
  /** Companies the session may act in; null for a super admin (any). */
  switchableCompanyIds: readonly number[] | null;
  /** The session (refresh family) making the request. */
  sessionId: string;
  roleIds: readonly number[];
  permissions: ReadonlySet<string>;
  isSuperAdmin: boolean;
  /** The super admin acting as this person ("view as"), if any. */
  impersonatorId: number | null;
  ip: string | null;
  requestId: string | null;
  lang: Locale;
}

/**
 * Where a change comes from, as the audit trail names it: an Actor, or, when nobody is signed in, a visitor on a
 * company's host (signing in, registering, resetting a password: `userId` is then the person the flow found) or the
 * platform itself (a job: no user).
 */
export interface Initiator {
  companyId: number;
  userId?: number | null;
  impersonatorId?: number | null;
  ip: string | null;
  requestId: string | null;
}
