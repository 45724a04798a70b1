import { routePath } from '../../../app/route-names.js';
import { type AdminRoute, page } from '../../frame/admin/route-kit.js';

/** Mail templates: spec §2.2 `/admin/mail-templates`; spec §6 names no permission, so company settings guard it. */
export const mailTemplateRoutes: AdminRoute[] = [
  {
    path: routePath('company.mail-templates'),
    lazy: page(() => import('./MailTemplatesListPage.js')),
    handle: {
      name: 'company.mail-templates',
      permission: 'read_companysetting',
      title: 'mail_templates.list_title',
      nav: { area: 'settings', icon: 'IconMail' },
    },
  },
  {
    path: routePath('company.mail-templates.edit'),
    lazy: page(() => import('./MailTemplateEditPage.js')),
    handle: {
      name: 'company.mail-templates.edit',
      permission: 'read_companysetting',
      title: 'mail_templates.edit_title',
    },
  },
];
