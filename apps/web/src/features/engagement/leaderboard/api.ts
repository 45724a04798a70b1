import type {
  Leaderboard,
  LeaderboardPeriod,
  LeaderboardScope,
  LeaderboardSettings,
  LeaderboardSettingsUpdate,
  ResetPointsResult,
} from '@kampus/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api.js';

const SETTINGS = 'api/admin/leaderboard-settings';
const boardKey = ['leaderboard'] as const;
const settingsKey = ['leaderboard-settings'] as const;

export interface BoardQuery {
  period?: LeaderboardPeriod;
  scope?: LeaderboardScope;
  group_id?: number;
  page: number;
  per_page: number;
}

/** `GET api/leaderboard`: a page of the table, the podium and the viewer's place; fresh every 30 s while open. */
export function useLeaderboard(query: BoardQuery) {
  return useQuery({
    queryKey: [...boardKey, query],
    queryFn: () => http.get<Leaderboard>('api/leaderboard', undefined, { ...query }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

/** Points earned elsewhere (a toast) make the open table stale. */
export function useInvalidateLeaderboard() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: boardKey });
}

export function useLeaderboardSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: async () => (await http.get<{ data: LeaderboardSettings }>(SETTINGS)).data,
  });
}

export function useSaveLeaderboardSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: LeaderboardSettingsUpdate) =>
      (await http.put<{ data: LeaderboardSettings }>(SETTINGS, body)).data,
    onSuccess: (data) => client.setQueryData(settingsKey, data),
  });
}

/** `POST api/company/reset-points`, naming the season the admin saw and confirmed. */
export function useResetPoints() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (season: number) => http.post<ResetPointsResult>('api/company/reset-points', { season }),
    onSuccess: () => client.invalidateQueries({ queryKey: settingsKey }),
  });
}
