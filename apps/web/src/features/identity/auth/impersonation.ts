import type { Session } from '@kampus/shared';
import { type SessionUser, sessionStore } from '../../../lib/session.js';
import { STORAGE_KEYS, storage } from '../../../lib/storage.js';
import { authApi } from './api.js';

type SavedSession = { access_token: string; refresh_token: string; user: SessionUser };

/** A super admin acts as a user: the own session is kept aside to come back to. */
export async function startImpersonation(userId: number): Promise<void> {
  const saved: SavedSession = {
    access_token: storage.get<string>(STORAGE_KEYS.token) ?? '',
    refresh_token: storage.get<string>(STORAGE_KEYS.refreshToken) ?? '',
    user: sessionStore.user() as SessionUser,
  };
  const session = await authApi.impersonate(userId);
  await storage.set(STORAGE_KEYS.impersonatorSession, saved);
  await sessionStore.signIn(session);
}

/** Leaving restores the saved super admin session and reloads (spec §4), even if the server call fails. */
export async function leaveImpersonation(): Promise<void> {
  const saved = storage.get<SavedSession>(STORAGE_KEYS.impersonatorSession);
  await authApi.leaveImpersonation().catch(() => undefined);
  if (saved?.access_token) {
    await sessionStore.signIn({
      ...saved.user,
      access_token: saved.access_token,
      refresh_token: saved.refresh_token,
    } as Session);
  } else {
    sessionStore.clear();
  }
  storage.remove(STORAGE_KEYS.impersonatorSession);
  window.location.assign('/dashboard');
}
