import type {
  ContentProgress,
  Marker,
  MarkerAnswer,
  MarkerInput,
  MyContent,
  PlayerResponse,
  ProgressReport,
} from '@kampus/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api.js';
import { ApiError } from '../../../lib/http.js';

export type PlayerData = PlayerResponse['data'];

/** The player's data: the learner's (`api/contents/{id}/player`) or an admin's preview, which records nothing. */
export function usePlayerData(id: string, mode: 'learner' | 'preview', enabled = true) {
  return useQuery({
    queryKey: ['player', mode, id],
    enabled,
    queryFn: async () =>
      (
        await http.get<PlayerResponse>(
          mode === 'learner' ? `api/contents/${id}/player` : `api/admin/contents/${id}/preview`,
        )
      ).data,
    // The signed file address is short-lived: a refetch on focus would restart the video under the learner.
    refetchOnWindowFocus: false,
    // Never opened from the cache: the resume point and the signed address must be the server's of now.
    gcTime: 0,
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  });
}

/** POST api/contents/{id}/progress through the app's client (its 401 refresh), or with keepalive when leaving. */
export async function sendProgress(
  contentId: number,
  report: ProgressReport,
  options: { keepalive: boolean },
): Promise<ContentProgress> {
  const url = `api/contents/${contentId}/progress`;
  if (!options.keepalive) return (await http.post<{ data: ContentProgress }>(url, report)).data;
  // A request that outlives the page: sendBeacon cannot carry the Authorization header, fetch keepalive can.
  const headers = http.headers(url);
  headers.set('Content-Type', 'application/json');
  const response = await fetch(`/${url}`, { method: 'POST', headers, body: JSON.stringify(report), keepalive: true });
  if (!response.ok) throw new ApiError(response.status, null, response.statusText);
  return ((await response.json()) as { data: ContentProgress }).data;
}

/** POST api/contents/{id}/markers/{markerId}/answer: whether it was right (null: the marker is not scored). */
export async function answerMarker(contentId: number, markerId: number, answer: MarkerAnswer): Promise<boolean | null> {
  const result = await http.post<{ data: { correct: boolean | null } }>(
    `api/contents/${contentId}/markers/${markerId}/answer`,
    answer,
  );
  return result.data.correct;
}

/** GET api/my/contents: what the learner is enrolled in, with their progress. */
export async function fetchMyContents(): Promise<MyContent[]> {
  return (await http.get<{ data: MyContent[] }>('api/my/contents')).data;
}

/** GET api/admin/contents/{id}/markers. */
export function useAdminMarkers(contentId: string | null) {
  return useQuery({
    queryKey: ['content-markers', contentId],
    enabled: contentId !== null,
    queryFn: async () => (await http.get<{ data: Marker[] }>(`api/admin/contents/${contentId}/markers`)).data,
    refetchOnWindowFocus: false,
  });
}

/** PUT api/admin/contents/{id}/markers: the whole list (existing markers keep their id). */
export async function saveMarkers(contentId: number | string, markers: MarkerInput[]): Promise<Marker[]> {
  return (await http.put<{ data: Marker[] }>(`api/admin/contents/${contentId}/markers`, { markers })).data;
}
