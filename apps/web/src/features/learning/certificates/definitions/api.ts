import {
  type AdminIssuedCertificate,
  type CertificateTrigger,
  certificateDefinitionsContract,
  ISSUED_CERTIFICATE_SORTS,
  ISSUED_CERTIFICATE_STATES,
} from '@kampus/shared';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pathTo } from '../../../../app/route-names.js';
import { http } from '../../../../lib/api.js';
import { startExport } from '../../../../lib/exports.js';
import type { ListConfig } from '../../../../lib/list-state.js';
import { contractResource, defineResource, type ResourcePage, type ResourceQuery } from '../../../../lib/resource.js';
import { certificateTemplatesResource } from '../templates/api.js';

/** The locale namespace of the admin screens' own texts (issue 16): `certificates.admin.*`. */
export const NS = 'certificates.admin';

/** `api/admin/certificates`: the certificate definitions. */
export const certificateDefinitionsResource = contractResource(certificateDefinitionsContract);

/** `api/admin/certificates/issued`: the issued certificates (a list with actions of its own, no create or edit). */
export const issuedCertificatesResource = defineResource<AdminIssuedCertificate>('certificates/issued');

export const issuedListConfig: ListConfig = {
  sortable: ISSUED_CERTIFICATE_SORTS,
  defaultSort: '-issued_at',
  filters: [{ kind: 'select', param: 'status', options: ISSUED_CERTIFICATE_STATES }],
};

/** `/admin/certificate/{id}/issued`: a definition's issued certificates. */
export const issuedPath = (definitionId: number) => pathTo('company.certificate.issued', { id: definitionId });

/** Where each trigger's choices come from. */
const REF_LISTS: Record<CertificateTrigger, string> = {
  education: 'api/admin/educations',
  program: 'api/admin/programs',
  exam: 'api/admin/exams',
  assignment: 'api/admin/assignments',
};

/** The educations, programs, (real) exams or assignments whose title matches a search: the first 20. */
export function useRefOptions(trigger: CertificateTrigger, search: string) {
  const [debounced] = useDebouncedValue(search, 300);
  return useQuery({
    queryKey: ['certificate-definition-refs', trigger, debounced],
    queryFn: () =>
      http.get<ResourcePage<{ id: number; title?: string; name?: string }>>(REF_LISTS[trigger], undefined, {
        search: debounced,
        per_page: 20,
        ...(trigger === 'exam' ? { kind: 'exam' } : {}),
      }),
    select: (page) => page.data.map((item) => ({ id: item.id, title: item.title ?? item.name ?? `#${item.id}` })),
    placeholderData: keepPreviousData,
  });
}

/** The company's active certificate templates (the first 100 by name), for the form's template select. */
export function useTemplateOptions() {
  return useQuery({
    queryKey: [...certificateTemplatesResource.keys.lists, 'options'],
    queryFn: async () =>
      (await certificateTemplatesResource.list({ per_page: 100, sort: 'name', status: 1 })).data.map((template) => ({
        id: template.id,
        name: template.name,
      })),
    staleTime: 30_000,
  });
}

/** GET api/admin/certificates/{id}: the definition the issued list belongs to. */
export function useDefinition(id: number) {
  return useQuery({
    queryKey: certificateDefinitionsResource.keys.item(id),
    queryFn: () => certificateDefinitionsResource.get(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}

const issuedBase = issuedCertificatesResource.base;

/** POST …/issued/{id}/revoke with the admin's reason. */
export const revokeCertificate = (id: number, reason: string) => http.post(`${issuedBase}/${id}/revoke`, { reason });

/** POST …/issued/{id}/reissue: the one certificate printed again (same number). */
export const reissueCertificate = (id: number) => http.post(`${issuedBase}/${id}/reissue`);

/** POST api/admin/certificates/{id}/reissue: every valid certificate of the definition printed again. */
export const reissueDefinition = async (id: number) =>
  (await http.post<{ data: { queued: number } }>(`${certificateDefinitionsResource.base}/${id}/reissue`)).data.queued;

/** POST …/issued/zip with the list's filters (no paging or sort): answers the zip job to follow. */
export function startZip(query: ResourceQuery): Promise<number> {
  const { page: _page, per_page: _perPage, sort: _sort, ...filters } = query;
  return startExport(`${issuedBase}/zip`, filters as Record<string, string | number | boolean>);
}
