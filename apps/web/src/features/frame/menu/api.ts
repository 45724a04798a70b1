import type { WidgetsResponse } from '@kampus/shared';
import { useQuery } from '@tanstack/react-query';
import { http, httpOptions } from '../../../lib/api.js';
import { createHttp } from '../../../lib/http.js';

/**
 * The host serving api/widgets (spec §7 "{widgets host}"): the API's own origin unless VITE_WIDGETS_HOST names
 * another one. That host gets a client with the same headers and error handling but no refresh of its own: only the
 * API host refreshes the session (two clients rotating one refresh token would revoke it), so a widgets call that
 * meets an expired token fails and the query's retry succeeds once the main client has refreshed.
 */
const widgetsHost = (import.meta.env.VITE_WIDGETS_HOST as string | undefined)?.replace(/\/+$/, '') ?? '';
const widgetsHttp = widgetsHost
  ? createHttp({ ...httpOptions, baseUrl: widgetsHost, getRefreshToken: () => null })
  : http;

/** Titles come in the request's language, so the language is part of the key. */
export const menuKeys = { menu: (companyId: number, language: string) => ['menu', companyId, language] as const };

/** The side menu of the company the session acts in, with the items of switched-off modules left out. */
export function useSideMenu(companyId: number | undefined, language: string) {
  return useQuery({
    queryKey: menuKeys.menu(companyId ?? 0, language),
    queryFn: () => widgetsHttp.get<WidgetsResponse>('api/widgets', undefined, { company_id: companyId, by_user: true }),
    enabled: companyId !== undefined,
    select: (body) => body.data,
    staleTime: 5 * 60_000,
  });
}
