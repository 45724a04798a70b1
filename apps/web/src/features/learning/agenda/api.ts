import type { AgendaEvent, AgendaFeedCreated, AgendaFeedStatus } from '@kampus/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api.js';
import { LEARNER_KEY } from '../educations/learner/api.js';
import type { DayRange } from './calendar.js';

/** Under the learner key: a finished education or step refreshes the agenda with the other learner views. */
const AGENDA_KEY = [LEARNER_KEY, 'agenda'] as const;
const FEED_KEY = ['agenda-feed'] as const;

/** GET api/my/agenda?from=&to=: the person's events of the days a view shows. */
export function useAgenda(range: DayRange) {
  return useQuery({
    queryKey: [...AGENDA_KEY, range.from, range.to],
    queryFn: async () =>
      (await http.get<{ data: AgendaEvent[] }>('api/my/agenda', undefined, { from: range.from, to: range.to })).data,
    placeholderData: keepPreviousData,
  });
}

/** GET api/my/agenda/feed: whether the person has a subscription address. */
export function useAgendaFeed() {
  return useQuery({
    queryKey: FEED_KEY,
    queryFn: async () => (await http.get<{ data: AgendaFeedStatus }>('api/my/agenda/feed')).data,
  });
}

/** POST api/my/agenda/feed: a new address (shown once), replacing the earlier one. */
export function useCreateAgendaFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await http.post<{ data: AgendaFeedCreated }>('api/my/agenda/feed')).data,
    onSuccess: () => client.invalidateQueries({ queryKey: FEED_KEY }),
  });
}

/** DELETE api/my/agenda/feed: the address stops working. */
export function useRevokeAgendaFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => http.delete<null>('api/my/agenda/feed'),
    onSuccess: () => client.invalidateQueries({ queryKey: FEED_KEY }),
  });
}
