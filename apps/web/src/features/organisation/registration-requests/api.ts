import { REGISTRATION_REQUEST_SORTS, type RegistrationReject, type RegistrationRequest } from '@kampus/shared';
import { http } from '../../../lib/api.js';
import type { ListConfig } from '../../../lib/list-state.js';
import { defineResource } from '../../../lib/resource.js';

/** `api/admin/registration-requests`: a list with two actions of its own (no create, edit or delete). */
export const registrationRequestsResource = defineResource<RegistrationRequest>('registration-requests');

export const registrationRequestListConfig: ListConfig = {
  sortable: REGISTRATION_REQUEST_SORTS,
  defaultSort: '-created_at',
  filters: [],
};

export const approveRequest = (id: number) =>
  http.post<{ message: string }>(`${registrationRequestsResource.base}/${id}/approve`);

export const rejectRequest = (id: number, body: RegistrationReject) =>
  http.post<{ message: string }>(`${registrationRequestsResource.base}/${id}/reject`, body);
