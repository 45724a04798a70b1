import type { Notification } from '@kampus/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api.js';

type Page = { data: Notification[]; meta: { page: number; per_page: number; total: number } };

export const notificationKeys = {
  all: ['notifications'] as const,
  count: ['notifications', 'count'] as const,
  latest: ['notifications', 'latest'] as const,
  page: (page: number) => ['notifications', 'page', page] as const,
};

export function useUnreadCount() {
  return useQuery({
    queryKey: notificationKeys.count,
    queryFn: () => http.get<{ count: number }>('api/notifications', undefined, { onlyCount: true }),
    refetchInterval: 60_000,
    select: (body) => body.count,
  });
}

/** The 10 latest, for the header dropdown (spec §2.6, §9). */
export function useLatestNotifications(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.latest,
    queryFn: () => http.get<Page>('api/notifications', undefined, { limit: 10 }),
    enabled,
  });
}

export function useNotificationPage(page: number) {
  return useQuery({
    queryKey: notificationKeys.page(page),
    queryFn: () => http.get<Page>('api/notifications', undefined, { page, per_page: 10 }),
    placeholderData: (previous) => previous,
  });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number | 'all') =>
      id === 'all' ? http.post('api/notifications/read-all') : http.post(`api/notifications/${id}/read`),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
