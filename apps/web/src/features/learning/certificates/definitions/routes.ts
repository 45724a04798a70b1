import { RESOURCE_SCREENS } from '../../../../app/resource-screens.js';
import { type AdminRoute, adminRoute, resourceRoutes } from '../../../frame/admin/route-kit.js';

/**
 * The certificate definitions' admin screens (issue 16, spec §2.2): the list, the form (add and edit) and the
 * certificates one definition issued.
 */
export const certificateDefinitionRoutes: AdminRoute[] = [
  ...resourceRoutes(RESOURCE_SCREENS.certificateDefinitions, {
    list: () => import('./CertificatesListPage.js'),
    form: () => import('./CertificateFormPage.js'),
    nav: { area: 'content', icon: 'IconAward' },
  }),
  adminRoute(() => import('./IssuedCertificatesPage.js'), {
    name: 'company.certificate.issued',
    permission: 'show_certificate',
    title: 'certificates.admin.issued_title',
    parent: 'company.certificate.index',
  }),
];
