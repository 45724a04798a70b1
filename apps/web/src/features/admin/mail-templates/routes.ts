import { IconMail } from '@tabler/icons-react';
import { type AdminRoute, page } from '../route-kit.js';

/** Mail templates: spec §2.2 `/admin/mail-templates`; spec §6 names no permission, so company settings guard it. */
export const mailTemplateRoutes: AdminRoute[] = [
  {
    path: '/admin/mail-templates',
    lazy: page(() => import('./MailTemplatesListPage.js')),
    handle: {
      name: 'company.mail-templates',
      permission: 'read_companysetting',
      title: 'mail_templates_admin.list_title',
      nav: { area: 'settings', icon: IconMail },
    },
  },
  {
    path: '/admin/mail-templates/:event/:language',
    lazy: page(() => import('./MailTemplateEditPage.js')),
    handle: {
      name: 'company.mail-templates.edit',
      permission: 'read_companysetting',
      title: 'mail_templates_admin.edit_title',
    },
  },
];
