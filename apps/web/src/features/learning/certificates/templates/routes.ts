import { RESOURCE_SCREENS } from '../../../../app/resource-screens.js';
import { type AdminRoute, resourceRoutes } from '../../../frame/admin/route-kit.js';

/** The certificate templates' admin screens (issue 16): the list and the editor (add and edit). */
export const certificateTemplateRoutes: AdminRoute[] = resourceRoutes(RESOURCE_SCREENS.certificateTemplates, {
  list: () => import('./CertificateTemplatesListPage.js'),
  form: () => import('./CertificateTemplateFormPage.js'),
  nav: { area: 'content', icon: 'IconCertificate' },
});
