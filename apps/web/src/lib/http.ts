import { APP_VERSION, extractErrorMessage } from '@kampus/shared';

/** A failed call: its HTTP status (0 without a response), the body, and the message to show (spec §8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
  }
  /** Field errors of a 422, keyed by field path. */
  get fieldErrors(): Record<string, string[]> {
    const errors = (this.body as { errors?: Record<string, string[]> } | null)?.errors;
    return errors && typeof errors === 'object' ? errors : {};
  }
}

export interface TokenPair {
  access_token: string;
  refresh_token: string;
}

export interface HttpOptions {
  baseUrl?: string;
  getToken(): string | null;
  getRefreshToken(): string | null;
  getLanguage(): string;
  getCompanyId(): string | null;
  /** Stores a refreshed pair; the session carries on. */
  onTokensRefreshed(pair: TokenPair): void | Promise<void>;
  /** A refresh failed for good: clear auth and go to login. */
  onSessionExpired(): void;
  /** A 403 response: go to the forbidden page. */
  onForbidden(): void;
  fallbackMessage(): string;
  fetchImpl?: typeof fetch;
  log?: Pick<Console, 'error'>;
}

/** Calls that never trigger a refresh: a 401 there is an answer, not an expired session (spec §7). */
const NO_RETRY = ['api/token', 'api/logout', 'api/auth-validation', 'api/token/refresh'];
/** Refresh failures that end the session (spec §8). */
const SESSION_ENDING = [401, 422, 429];

type Query = Record<string, string | number | boolean | null | undefined>;

export interface CallOptions {
  /** 'throw': a 403 only rejects, the page stays (see request). */
  forbidden?: 'redirect' | 'throw';
}

function normalise(url: string): string {
  return url.replace(/^\/+/, '');
}

export function createHttp(options: HttpOptions) {
  const fetchImpl = options.fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const log = options.log ?? console;
  let refreshing: Promise<string | null> | null = null;

  function headersFor(path: string, token: string | null, hasBody: boolean): Headers {
    const headers = new Headers({
      Accept: 'application/json',
      'X-Content-Language': options.getLanguage(),
      'X-Kampus-Client': `web/${APP_VERSION}`,
    });
    if (hasBody) headers.set('Content-Type', 'application/json');
    if (token && path !== 'api/token') headers.set('Authorization', `Bearer ${token}`);
    const companyId = options.getCompanyId();
    if (companyId) {
      headers.set('X-Company-Id', companyId);
      // The assistant's chat calls read the same company under its other name (spec §7).
      if (path.startsWith('api/ai/')) headers.set('Company', companyId);
    }
    return headers;
  }

  async function parse(response: Response): Promise<unknown> {
    const text = await response.text();
    if (text === '') return null;
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }

  /** One refresh at a time: every 401 that arrives meanwhile waits for it, then replays with the new token. */
  function refreshTokens(): Promise<string | null> {
    refreshing ??= (async () => {
      const refreshToken = options.getRefreshToken();
      if (!refreshToken) return null;
      const response = await fetchImpl(`${options.baseUrl ?? ''}/api/token/refresh`, {
        method: 'POST',
        headers: headersFor('api/token/refresh', null, true),
        body: JSON.stringify({ refresh_token: refreshToken }),
      }).catch(() => null);
      if (!response) return null;
      if (!response.ok) {
        // A new session replaced this one meanwhile (change-company ends the old one at once): it carries on.
        if (options.getRefreshToken() !== refreshToken) return options.getToken();
        if (SESSION_ENDING.includes(response.status)) options.onSessionExpired();
        return null;
      }
      const pair = (await response.json()) as TokenPair;
      await options.onTokensRefreshed(pair);
      return pair.access_token;
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /**
   * `forbidden: 'throw'` keeps a background call's 403 from leaving the page (a header poll of a feature the company
   * has since switched off); every other 403 goes to the forbidden page (spec §8).
   */
  async function request<T>(
    method: string,
    url: string,
    body?: unknown,
    query?: Query,
    call: CallOptions = {},
  ): Promise<T> {
    const path = normalise(url);
    const search = query
      ? `?${new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v == null ? [] : [[k, String(v)]])))}`
      : '';
    const send = (token: string | null) =>
      fetchImpl(`${options.baseUrl ?? ''}/${path}${search}`, {
        method,
        headers: headersFor(path, token, body !== undefined),
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    let response: Response;
    try {
      response = await send(options.getToken());
      if (response.status === 401 && !NO_RETRY.includes(path)) {
        const token = await refreshTokens();
        if (token) response = await send(token);
      }
    } catch (error) {
      log.error('network error', error);
      throw new ApiError(0, null, options.fallbackMessage());
    }

    const data = await parse(response);
    if (response.ok) return data as T;
    if (response.status === 403 && call.forbidden !== 'throw') options.onForbidden();
    const message = extractErrorMessage(data, options.fallbackMessage());
    throw new ApiError(response.status, data, method === 'GET' ? `ApiService: ${message}` : message);
  }

  const withId = (url: string, id?: number | string) => (id === undefined ? url : `${normalise(url)}/${id}`);

  return {
    request,
    get: <T>(url: string, id?: number | string, query?: Query, call?: CallOptions) =>
      request<T>('GET', withId(url, id), undefined, query, call),
    post: <T>(url: string, body?: unknown) => request<T>('POST', url, body ?? {}),
    put: <T>(url: string, body?: unknown) => request<T>('PUT', url, body ?? {}),
    update: <T>(url: string, id: number | string, body?: unknown) => request<T>('PUT', withId(url, id), body ?? {}),
    delete: <T>(url: string, id?: number | string) => request<T>('DELETE', withId(url, id)),
    /** The headers a call to `url` carries, for transports fetch cannot serve (upload progress needs XMLHttpRequest). */
    headers: (url: string) => headersFor(normalise(url), options.getToken(), false),
    /** Refreshes the session after a 401 outside `request`, sharing the one refresh in flight; null when it failed. */
    refresh: () => refreshTokens(),
  };
}

export type Http = ReturnType<typeof createHttp>;
