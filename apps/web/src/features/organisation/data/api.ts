import { type DataSubject, dataRequestsContract } from '@kampus/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api.js';
import { exportAndDownload, startExport } from '../../../lib/exports.js';
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

/** Starts the company workbook (every registered sheet) as a background export; resolves to its job. */
export const startCompanyExport = () => startExport('api/admin/data/export');

/** An access request's answer: the same workbook holding that person's rows only; resolves to the saved name. */
export const downloadSubjectData = (id: number) =>
  exportAndDownload(`${dataRequestsResource.base}/${id}/download`, `personal-data-${id}.xlsx`);

export const eraseSubject = (id: number) => dataRequestsResource.action(id, 'erase');
