import type { Session } from '@kampus/shared';
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, storage } from './storage.js';

/** The signed-in user as stored (spec §3 "Session user"), without the tokens, which live under their own keys. */
export type SessionUser = Omit<Session, 'access_token' | 'refresh_token' | 'token_type' | 'expires_in'>;

type Listener = () => void;
const listeners = new Set<Listener>();
const emit = () => {
  for (const listener of listeners) listener();
};

export const sessionStore = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  user: (): SessionUser | null => storage.get<SessionUser>(STORAGE_KEYS.user),
  isAuthenticated: () => storage.get(STORAGE_KEYS.token) !== null,

  /** A successful login or token exchange stores the session and marks the user authenticated (spec §4). */
  async signIn(session: Session) {
    const { access_token, refresh_token, token_type: _t, expires_in: _e, ...user } = session;
    await Promise.all([
      storage.set(STORAGE_KEYS.token, access_token),
      storage.set(STORAGE_KEYS.refreshToken, refresh_token),
      storage.set(STORAGE_KEYS.user, user),
    ]);
    emit();
  },
  async storeTokens(pair: { access_token: string; refresh_token: string }) {
    await Promise.all([
      storage.set(STORAGE_KEYS.token, pair.access_token),
      storage.set(STORAGE_KEYS.refreshToken, pair.refresh_token),
    ]);
  },
  /** Keeps the stored user in step with a changed profile (photo, name), so the header shows it at once. */
  async updateUser(changes: Partial<SessionUser>) {
    const user = sessionStore.user();
    if (!user) return;
    await storage.set(STORAGE_KEYS.user, { ...user, ...changes });
    emit();
  },
  /** Log out clears token, refresh token and user (spec §4). */
  clear() {
    storage.clearAuth();
    emit();
  },
};

export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.user);
}
