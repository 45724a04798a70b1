import {
  type MyTrainingRequest,
  TRAINING_REQUEST_SORTS,
  type TrainingRequest,
  type TrainingRequestApprove,
  type TrainingRequestCreate,
  type TrainingRequestPendingCounts,
  type TrainingRequestReject,
} from '@kampus/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routePath } from '../../../app/route-names.js';
import { http } from '../../../lib/api.js';
import type { ListConfig } from '../../../lib/list-state.js';
import { defineResource } from '../../../lib/resource.js';
import { LEARNER_KEY } from '../educations/learner/api.js';

/** `/admin/requests/training` (all) or `/admin/requests/training/{id}` (one education's requests). */
export const trainingRequestsPath = (educationId?: number | string) =>
  routePath('company.requests.training').replace('/:id?', educationId ? `/${educationId}` : '');

/** `api/admin/training-requests`: a list with two actions of its own (no create, edit or delete). */
export const trainingRequestsResource = defineResource<TrainingRequest>('training-requests');

export const trainingRequestListConfig: ListConfig = {
  sortable: TRAINING_REQUEST_SORTS,
  defaultSort: '-created_at',
  filters: [
    { kind: 'select', param: 'status', options: ['pending', 'approved', 'rejected'] },
    { kind: 'date-range', from: 'from', to: 'to' },
  ],
  keep: [],
};

export const approveTrainingRequest = (id: number, body: TrainingRequestApprove) =>
  http.post<{ data: { assignment_id: number }; message: string }>(
    `${trainingRequestsResource.base}/${id}/approve`,
    body,
  );

export const rejectTrainingRequest = (id: number, body: TrainingRequestReject) =>
  http.post<{ message: string }>(`${trainingRequestsResource.base}/${id}/reject`, body);

/** GET api/admin/training-requests/pending-counts: the catalogue rows' badges (only asked with read_assignment). */
export function usePendingRequestCounts(enabled: boolean) {
  return useQuery({
    queryKey: [...trainingRequestsResource.keys.all, 'pending-counts'],
    enabled,
    queryFn: async () =>
      new Map(
        (
          await http.get<{ data: TrainingRequestPendingCounts }>(`${trainingRequestsResource.base}/pending-counts`)
        ).data.map((row) => [row.education_id, row.pending]),
      ),
  });
}

const myRequestKey = (educationId: number) => [LEARNER_KEY, 'training-request', educationId] as const;

/** GET api/educations/{id}/training-request: the learner's latest request for the education, or null. */
export function useMyTrainingRequest(educationId: number, enabled = true) {
  return useQuery({
    queryKey: myRequestKey(educationId),
    enabled,
    queryFn: async () =>
      (await http.get<{ data: MyTrainingRequest | null }>(`api/educations/${educationId}/training-request`)).data,
  });
}

/** POST api/educations/{id}/training-request. */
export function useRequestTraining(educationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TrainingRequestCreate) =>
      http.post<{ data: MyTrainingRequest; message: string }>(`api/educations/${educationId}/training-request`, body),
    onSuccess: (answer) => client.setQueryData(myRequestKey(educationId), answer.data),
  });
}
