import { type DataSubject, dataRequestsContract } from '@kampus/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api.js';
import { downloadFile } from '../../../lib/download.js';
import type { ListConfig } from '../../../lib/list-state.js';
import { contractResource } from '../../../lib/resource.js';

/** `api/admin/data-requests`: personal-data requests (spec §1, answered within 30 days). */
export const dataRequestsResource = contractResource(dataRequestsContract);

/** The requests list's address state: the sorts and filters of `dataRequestListQuerySchema`. */
export const DATA_REQUEST_LIST_CONFIG: ListConfig = dataRequestsResource.listConfig;

/** The company's people matching what was typed (the first 20), to record a request for. */
export function useDataSubjects(search: string) {
  return useQuery({
    queryKey: [...dataRequestsResource.keys.all, 'people', search],
    queryFn: () =>
      http
        .get<{ data: DataSubject[] }>(`${dataRequestsResource.base}/people`, undefined, search ? { search } : {})
        .then((body) => body.data),
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  });
}

/** The company workbook (every registered sheet); resolves to the saved file's name. */
export const downloadCompanyData = () => downloadFile('api/admin/data/export', 'company-data.xlsx');

/** An access request's answer: the same workbook holding that person's rows only. */
export const downloadSubjectData = (id: number) =>
  downloadFile(`${dataRequestsResource.base}/${id}/download`, `personal-data-${id}.xlsx`);

export const eraseSubject = (id: number) => dataRequestsResource.action(id, 'erase');
