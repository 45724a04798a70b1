import { advertisementsContract, type LearnerAdvertisement } from '@kampus/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api.js';
import { contractResource } from '../../../lib/resource.js';

/** `api/admin/advertisements` (issue 17): the advertisements' admin resource. */
export const advertisementsResource = contractResource(advertisementsContract);

/** The banners running today for this person, in their order (`GET api/advertisements`). */
export function useSlider() {
  return useQuery({
    queryKey: ['advertisements', 'slider'],
    queryFn: () => http.get<{ data: LearnerAdvertisement[] }>('api/advertisements').then((r) => r.data),
    // The signed banner addresses stay stable for minutes (the server signs per window): no need to refetch often.
    staleTime: 5 * 60_000,
  });
}
