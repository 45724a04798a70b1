import { createHttp, type HttpOptions } from './http.js';
import { i18next } from './i18n.js';
import { sessionStore } from './session.js';
import { STORAGE_KEYS, storage } from './storage.js';

/** Where the router sends people; set once the router exists (the HTTP client is created before it). */
export const navigation = {
  go: (path: string) => window.location.assign(path),
};

/** The client's bindings to browser storage and the session; a client for another host (widgets) reuses them. */
export const httpOptions: HttpOptions = {
  getToken: () => storage.get<string>(STORAGE_KEYS.token),
  getRefreshToken: () => storage.get<string>(STORAGE_KEYS.refreshToken),
  getLanguage: () => storage.get<string>(STORAGE_KEYS.language) ?? i18next.language ?? 'tr',
  getCompanyId: () => storage.get<string>(STORAGE_KEYS.companyId),
  onTokensRefreshed: (pair) => sessionStore.storeTokens(pair),
  onSessionExpired: () => {
    sessionStore.clear();
    const redirect = storage.get<string>(STORAGE_KEYS.redirect);
    navigation.go(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login');
  },
  onForbidden: () => navigation.go('/403'),
  fallbackMessage: () => i18next.t('general.error_occurred'),
};

/** The one HTTP client of the app (spec §7). */
export const http = createHttp(httpOptions);
