import { type AdminJob, JOB_STATES } from '@kampus/shared';
import { http } from '../../../lib/api.js';
import type { ListConfig } from '../../../lib/list-state.js';
import { defineResource } from '../../../lib/resource.js';

/** `api/admin/jobs` (super admins): every company's background jobs, newest first, and the retry of a dead letter. */
export const jobsResource = defineResource<AdminJob>('jobs');

export const jobListConfig: ListConfig = {
  sortable: [],
  filters: [{ kind: 'select', param: 'state', options: JOB_STATES }],
};

export const retryJob = (id: number) => http.post<{ message: string }>(`${jobsResource.base}/${id}/retry`);
