import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pathTo } from '../../../app/route-names.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useSessionUser } from '../../../lib/session.js';
import { sessionCan } from '../../frame/admin/access.js';
import { PermissionMatrix } from './PermissionMatrix.js';

/** /admin/authorization-permission: the permission catalogue grouped by area; each name links to its roles. */
export default function PermissionsPage() {
  const { t } = useTranslation();
  // A holder of create_role opens a permission to choose the roles holding it.
  const canAssign = sessionCan(useSessionUser()?.roles, 'create_role');
  return (
    <Stack maw={1100} data-testid="permissions-page">
      <PageHeader description={t('roles.permissions_description')} />
      <PermissionMatrix
        value={[]}
        catalogue
        linkOf={canAssign ? (name) => pathTo('company.permission.edit', { id: name }) : undefined}
      />
    </Stack>
  );
}
