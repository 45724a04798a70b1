import { Navigate, Outlet, useLocation } from 'react-router';
import { isStorableRedirect } from '../features/auth/redirects.js';
import { sessionStore } from '../lib/session.js';
import { STORAGE_KEYS, storage } from '../lib/storage.js';

/**
 * A token in browser storage is required; without one the current path is saved as the redirect target and the
 * browser goes to login with a redirect query (spec §2.5, §5).
 */
export function RequireAuth() {
  const location = useLocation();
  if (sessionStore.isAuthenticated()) return <Outlet />;
  const target = `${location.pathname}${location.search}${location.hash}`;
  if (isStorableRedirect(location.pathname)) void storage.set(STORAGE_KEYS.redirect, target);
  return <Navigate to={`/login?redirect=${encodeURIComponent(target)}`} replace />;
}
