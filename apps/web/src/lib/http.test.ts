import { describe, expect, it, vi } from 'vitest';
import { ApiError, createHttp, type HttpOptions } from './http.js';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(handler: Handler, overrides: Partial<HttpOptions> = {}) {
  const state = { token: 'old-access', refresh: 'old-refresh', expired: 0, forbidden: 0 };
  const calls: { url: string; init: RequestInit }[] = [];
  const http = createHttp({
    getToken: () => state.token,
    getRefreshToken: () => state.refresh,
    getLanguage: () => 'az',
    getCompanyId: () => null,
    onTokensRefreshed: (pair) => {
      state.token = pair.access_token;
      state.refresh = pair.refresh_token;
    },
    onSessionExpired: () => state.expired++,
    onForbidden: () => state.forbidden++,
    fallbackMessage: () => 'Bir hata oluştu.',
    log: { error: () => undefined },
    fetchImpl: (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      calls.push({ url: String(input), init });
      return handler(String(input), init);
    }) as typeof fetch,
    ...overrides,
  });
  return { http, state, calls };
}

const bearer = (init: RequestInit) => new Headers(init.headers).get('authorization');

describe('http client', () => {
  it('sends the language, product marker, JSON type and bearer token', async () => {
    const { http, calls } = setup(() => json(200, { ok: true }));
    await http.post('api/user/change-language', { code: 'az' });
    const headers = new Headers(calls[0]?.init.headers);
    expect(headers.get('x-content-language')).toBe('az');
    expect(headers.get('x-kampus-client')).toBe('web/1.0.1');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('authorization')).toBe('Bearer old-access');
  });

  it('never sends a bearer token to api/token', async () => {
    const { http, calls } = setup(() => json(200, {}));
    await http.post('api/token', { grant_type: 'password' });
    expect(bearer(calls[0]!.init)).toBeNull();
  });

  it('refreshes once for concurrent 401s and replays every request with the new token', async () => {
    let refreshes = 0;
    const { http, state } = setup(async (url, init) => {
      if (url.endsWith('/api/token/refresh')) {
        refreshes++;
        await new Promise((resolve) => setTimeout(resolve, 10));
        return json(200, { access_token: 'new-access', refresh_token: 'new-refresh' });
      }
      return bearer(init) === 'Bearer new-access' ? json(200, { url }) : json(401, { message: 'expired' });
    });
    const results = await Promise.all([http.get('api/a'), http.get('api/b'), http.get('api/c')]);
    expect(refreshes).toBe(1);
    expect(results).toEqual([{ url: '/api/a' }, { url: '/api/b' }, { url: '/api/c' }]);
    expect(state).toMatchObject({ token: 'new-access', refresh: 'new-refresh', expired: 0 });
  });

  it('keeps a session that replaced the old one while the old one failed to refresh (change-company)', async () => {
    const { http, state } = setup(async (url, init) => {
      if (url.endsWith('/api/token/refresh')) {
        // The switch answered while this refresh of the ended session was on its way.
        Object.assign(state, { token: 'switched-access', refresh: 'switched-refresh' });
        return json(401, { message: 'revoked' });
      }
      return bearer(init) === 'Bearer switched-access' ? json(200, { url }) : json(401, { message: 'revoked' });
    });
    await expect(http.get('api/poll')).resolves.toEqual({ url: '/api/poll' });
    expect(state).toMatchObject({ token: 'switched-access', expired: 0 });
  });

  it.each(['api/token', 'api/logout', 'api/auth-validation'])('does not retry a 401 from %s', async (path) => {
    const { http, calls } = setup(() => json(401, { message: 'Giriş bilgileri hatalı.' }));
    await expect(http.post(path, {})).rejects.toMatchObject({ status: 401, message: 'Giriş bilgileri hatalı.' });
    expect(calls).toHaveLength(1);
  });

  it.each([401, 422, 429])('ends the session when the refresh answers %i', async (status) => {
    const { http, state } = setup((url) => (url.endsWith('/api/token/refresh') ? json(status, {}) : json(401, {})));
    await expect(http.get('api/user')).rejects.toBeInstanceOf(ApiError);
    expect(state.expired).toBe(1);
  });

  it('keeps the session when the refresh fails for another reason', async () => {
    const { http, state } = setup((url) => (url.endsWith('/api/token/refresh') ? json(503, {}) : json(401, {})));
    await expect(http.get('api/user')).rejects.toMatchObject({ status: 401 });
    expect(state.expired).toBe(0);
  });

  it('sends a 403 to the forbidden page', async () => {
    const { http, state } = setup(() => json(403, { message: 'Bu işlem için yetkiniz yok.' }));
    await expect(http.delete('api/thing', 5)).rejects.toMatchObject({
      status: 403,
      message: 'Bu işlem için yetkiniz yok.',
    });
    expect(state.forbidden).toBe(1);
  });

  it('leaves the page alone on a 403 the caller asked to receive', async () => {
    const { http, state } = setup(() => json(403, { message: 'Sohbet kapalı.' }));
    await expect(
      http.get('api/user-messages-count', undefined, undefined, { forbidden: 'throw' }),
    ).rejects.toMatchObject({ status: 403 });
    expect(state.forbidden).toBe(0);
  });

  it('turns a missing response into status 0 and logs it as a network error', async () => {
    const error = vi.fn();
    const { http } = setup(
      () => {
        throw new TypeError('Failed to fetch');
      },
      { log: { error } },
    );
    await expect(http.get('api/user')).rejects.toMatchObject({ status: 0, message: 'Bir hata oluştu.' });
    expect(error).toHaveBeenCalledWith('network error', expect.any(TypeError));
  });

  it('prefixes GET failures with ApiService and exposes 422 field errors', async () => {
    const { http } = setup((_url, init) =>
      init.method === 'GET'
        ? json(404, { message: 'Kayıt bulunamadı.' })
        : json(422, { message: 'Geçersiz', errors: { email: ['E-posta alınmış'] } }),
    );
    await expect(http.get('api/thing', 9)).rejects.toMatchObject({ message: 'ApiService: Kayıt bulunamadı.' });
    const failure = await http.put('api/user', { email: 'x' }).catch((e: ApiError) => e);
    expect(failure).toMatchObject({ status: 422, message: 'E-posta alınmış' });
    expect((failure as ApiError).fieldErrors).toEqual({ email: ['E-posta alınmış'] });
  });

  it('builds id segments and query strings', async () => {
    const { http, calls } = setup(() => json(200, []));
    await http.get('api/notifications', undefined, { limit: 10, onlyCount: true, empty: undefined });
    await http.update('/api/notifications', 7, { name: 'x' });
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual([
      'GET /api/notifications?limit=10&onlyCount=true',
      'PUT /api/notifications/7',
    ]);
  });
});
