import type { AdminDashboard } from '@kampus/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api.js';

export const adminKeys = {
  dashboard: ['admin', 'dashboard'] as const,
};

/** GET api/admin/dashboard: the acting company's figures and newest people. */
export function useAdminDashboard() {
  return useQuery({
    queryKey: adminKeys.dashboard,
    queryFn: () => http.get<{ data: AdminDashboard }>('api/admin/dashboard'),
    select: (body) => body.data,
  });
}
