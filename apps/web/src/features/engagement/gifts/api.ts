import {
  GIFT_REQUEST_SORTS,
  GIFT_REQUEST_STATUSES,
  type GiftRequest,
  type GiftRequestCreate,
  type GiftStore,
  giftsContract,
} from '@kampus/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api.js';
import type { ListConfig } from '../../../lib/list-state.js';
import { contractResource, defineResource } from '../../../lib/resource.js';

/** `api/admin/gifts` (issue 17): the products of the gift store. */
export const giftsResource = contractResource(giftsContract);

/** `api/admin/gift-requests`: a list with its export and four steps of its own (no create, edit or delete). */
export const giftRequestsResource = defineResource<GiftRequest>('gift-requests');

export const giftRequestListConfig: ListConfig = {
  sortable: GIFT_REQUEST_SORTS,
  defaultSort: '-created_at',
  filters: [
    { kind: 'select', param: 'status', options: GIFT_REQUEST_STATUSES },
    { kind: 'date-range', from: 'from', to: 'to' },
  ],
  keep: [],
};

type StepAnswer = { data: GiftRequest; message: string };
export const giftRequestStep = {
  approve: (id: number) => http.post<StepAnswer>(`${giftRequestsResource.base}/${id}/approve`, {}),
  deliver: (id: number) => http.post<StepAnswer>(`${giftRequestsResource.base}/${id}/deliver`, {}),
  reject: (id: number, body: { reason: string }) =>
    http.post<StepAnswer>(`${giftRequestsResource.base}/${id}/reject`, body),
  ship: (id: number, body: { tracking_note: string }) =>
    http.post<StepAnswer>(`${giftRequestsResource.base}/${id}/ship`, body),
};

const STORE_KEY = ['gifts', 'store'] as const;
const MINE_KEY = ['gifts', 'mine'] as const;

/** GET api/gifts: the products this person may request, and their balance. */
export function useGiftStore() {
  return useQuery({ queryKey: STORE_KEY, queryFn: () => http.get<GiftStore>('api/gifts') });
}

/** GET api/gifts/requests: the person's own requests, newest first. */
export function useMyGiftRequests() {
  return useQuery({
    queryKey: MINE_KEY,
    queryFn: () => http.get<{ data: GiftRequest[]; meta: { balance: number } }>('api/gifts/requests'),
  });
}

/** Both lists change together: a request moves the balance, the stock and the requests. */
function useRefreshStore() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['gifts'] });
}

/** POST api/gifts/{id}/request. */
export function useRequestGift() {
  const refresh = useRefreshStore();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: GiftRequestCreate }) =>
      http.post<StepAnswer>(`api/gifts/${id}/request`, body),
    onSettled: refresh,
  });
}

/** POST api/gifts/requests/{id}/cancel. */
export function useCancelGiftRequest() {
  const refresh = useRefreshStore();
  return useMutation({
    mutationFn: (id: number) => http.post<StepAnswer>(`api/gifts/requests/${id}/cancel`, {}),
    onSettled: refresh,
  });
}
