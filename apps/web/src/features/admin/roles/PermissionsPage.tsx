import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.js';
import { PermissionMatrix } from './PermissionMatrix.js';

/** /admin/authorization-permission: the permission catalogue, read-only, grouped by area. */
export default function PermissionsPage() {
  const { t } = useTranslation();
  return (
    <Stack maw={1100} data-testid="permissions-page">
      <PageHeader description={t('roles_admin.permissions_description')} />
      <PermissionMatrix value={[]} catalogue />
    </Stack>
  );
}
