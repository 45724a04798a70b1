import { Center, Loader } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { authApi } from '../features/identity/auth/api.js';
import { stripEntryParams, tokenEntryDestination } from '../features/identity/auth/entry.js';
import { isStorableRedirect } from '../features/identity/auth/redirects.js';
import { sessionStore } from '../lib/session.js';
import { STORAGE_KEYS, storage } from '../lib/storage.js';

/**
 * Entry with a token query (spec §2.5): the one-time token is exchanged for a session, then type and id choose the
 * page; token, type and id leave the address. A failed exchange goes to login.
 */
function TokenEntry({ search }: { search: string }) {
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(search);
    authApi
      .exchangeLoginToken(params.get('token') ?? '')
      .then(async (session) => {
        await sessionStore.signIn(session);
        navigate(`${tokenEntryDestination(params.get('type'), params.get('id'))}${stripEntryParams(search)}`, {
          replace: true,
        });
      })
      .catch(() => navigate('/login', { replace: true }));
  }, [navigate, search]);
  return (
    <Center mih="100vh">
      <Loader />
    </Center>
  );
}

/**
 * A token in browser storage is required; without one the current path is saved as the redirect target and the
 * browser goes to login with a redirect query (spec §2.5, §5).
 */
export function RequireAuth() {
  const location = useLocation();
  if (new URLSearchParams(location.search).has('token')) return <TokenEntry search={location.search} />;
  if (sessionStore.isAuthenticated()) return <Outlet />;
  const target = `${location.pathname}${location.search}${location.hash}`;
  if (isStorableRedirect(location.pathname)) void storage.set(STORAGE_KEYS.redirect, target);
  return <Navigate to={`/login?redirect=${encodeURIComponent(target)}`} replace />;
}
