import {
  type AdminIntegration,
  type Integration,
  type IntegrationActivate,
  isPaymentIntegrationActive,
} from '@kampus/shared';
import { useQuery } from '@tanstack/react-query';
import { pathForRoute } from '../../../app/route-names.js';
import { http } from '../../../lib/api.js';

/** The spec's calls (§7 `GET, POST, PUT, DELETE api/integrations`) and the admin list. */
export const integrationsApi = {
  /** Spec §6: "Integrations are loaded filtered by_user". */
  byUser: async () =>
    (await http.get<{ data: Integration[] }>('api/integrations', undefined, { by_user: 'true' })).data,
  adminList: async () => (await http.get<{ data: AdminIntegration[] }>('api/admin/integrations')).data,
  activate: async (body: IntegrationActivate) =>
    (await http.post<{ data: AdminIntegration }>('api/integrations', body)).data,
  deactivate: (id: number) => http.delete<{ message: string; data: AdminIntegration }>('api/integrations', id),
};

/** The order history's page (spec §2.1 User.payment-history), which the payment integration gates. */
export const PAYMENT_HISTORY_PATH = pathForRoute('User.payment-history') ?? '/payment-history';

export const integrationKeys = {
  all: ['integrations'] as const,
  byUser: ['integrations', 'by_user'] as const,
  admin: ['integrations', 'admin'] as const,
};

/**
 * Whether the card payment integration is active for the session's company (spec §4, §6), which gates the order
 * history. `enabled` false (no payment-history page yet) asks nothing and answers false; a failed load answers false.
 */
export function usePaymentIntegrationActive(enabled: boolean): boolean {
  const query = useQuery({
    queryKey: integrationKeys.byUser,
    queryFn: integrationsApi.byUser,
    enabled,
    staleTime: 5 * 60_000,
  });
  return enabled && query.isSuccess && isPaymentIntegrationActive(query.data);
}
