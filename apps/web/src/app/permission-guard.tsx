import { Navigate, Outlet, useMatches } from 'react-router';
import { type AccessRequirement, sessionCan } from '../features/frame/admin/access.js';
import { useSessionUser } from '../lib/session.js';

/**
 * The admin branch's guard, loaded with it (router.tsx `loadAdminBranch`), so the first screens carry no access
 * rules (issue 11). Every matched route's `handle.permission` must be met by the session, else the browser goes to /403 (spec §6). The
 * permissions come from the stored session's roles, so the check needs no call; the API still checks each request.
 */
export function RequirePermission() {
  const matches = useMatches();
  const user = useSessionUser();
  const allowed = matches.every((match) => {
    const requirement = (match.handle as { permission?: AccessRequirement } | undefined)?.permission;
    return requirement === undefined || sessionCan(user?.roles, requirement);
  });
  return allowed ? <Outlet /> : <Navigate to="/403" replace />;
}
