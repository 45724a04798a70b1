import {
  type AdvertisementEvents,
  type AudienceCompany,
  announcementsContract,
  type LearnerAnnouncement,
  type UserGroup,
} from '@kampus/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api.js';
import { contractResource, defineResource } from '../../../lib/resource.js';

/** `api/admin/announcements` (issue 17): the announcements' admin resource. */
export const announcementsResource = contractResource(announcementsContract);

/** GET api/admin/audience-companies: the acting company and its sub-companies, what an audience may name. */
export function useAudienceCompanies(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'audience-companies'],
    queryFn: () => http.get<{ data: AudienceCompany[] }>('api/admin/audience-companies').then((r) => r.data),
    enabled,
    staleTime: 60_000,
  });
}

export interface AnnouncementPage {
  data: LearnerAnnouncement[];
  meta: { page: number; per_page: number; total: number; unread: number };
}

const LEARNER_KEY = ['announcements'] as const;

/** The reader's announcements, pinned first then newest (`api/announcements`). */
export function useAnnouncements(page: number, perPage: number) {
  return useQuery({
    queryKey: [...LEARNER_KEY, 'list', page, perPage],
    queryFn: () =>
      http.get<AnnouncementPage>('api/announcements', undefined, { page: String(page), per_page: String(perPage) }),
    placeholderData: keepPreviousData,
  });
}

export function useAnnouncement(id: number) {
  return useQuery({
    queryKey: [...LEARNER_KEY, 'detail', id],
    queryFn: () => http.get<{ data: LearnerAnnouncement }>(`api/announcements/${id}`).then((r) => r.data),
    retry: false,
  });
}

/** Marks one announcement read; the lists, the detail and the mandatory modal learn of it. */
export function useMarkAnnouncementRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post(`api/announcements/${id}/read`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: LEARNER_KEY });
      void client.invalidateQueries({ queryKey: ['mandatory-completions'] });
    },
  });
}

/** Sends the slider's counted views and clicks (fire and forget: a lost count is not worth an error). */
export function sendAdvertisementEvents(events: AdvertisementEvents): void {
  if (events.views.length === 0 && events.clicks.length === 0) return;
  void http.post('api/advertisements/events', events).catch(() => undefined);
}

const userGroups = defineResource<UserGroup>('user-groups');

/** The company's user groups by name (the first 100; an audience rarely names more), to pick an audience from. */
export function useAudienceGroups() {
  return useQuery({
    queryKey: [...userGroups.keys.lists, 'audience-options'],
    queryFn: () => userGroups.list({ page: 1, per_page: 100, sort: 'name' }),
    select: (page) => page.data.map((group) => ({ value: String(group.id), label: group.name })),
    staleTime: 30_000,
  });
}
