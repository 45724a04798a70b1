import { type AdminRole, rolesContract } from '@kampus/shared';
import { Anchor, Badge } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { DataTable, type TableColumn } from '../../../components/DataTable.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { RowLinkAction } from '../../../components/RowActions.js';
import { useListState } from '../../../lib/list-state.js';
import { useSessionUser } from '../../../lib/session.js';
import { sessionMayWrite } from '../../frame/admin/access.js';
import {
  AddButton,
  listTextKeys,
  useRecordRowActions,
  useResourceTable,
} from '../../frame/admin/records/ResourceListPage.js';
import { rolesResource, useRoleLabel } from './api.js';

const formPath = (role: AdminRole) => pathTo('company.role.edit', { id: role.id });

function useColumns(): TableColumn<AdminRole>[] {
  const { t } = useTranslation();
  const label = useRoleLabel();
  return useMemo(
    () => [
      {
        accessor: 'name',
        title: t('roles.fields.name'),
        sortable: true,
        hideable: false,
        render: (role) => (
          <Anchor component={Link} to={formPath(role)} fw={500} data-testid="role-link">
            {label(role)}
          </Anchor>
        ),
      },
      {
        accessor: 'built_in',
        title: t('roles.fields.type'),
        noWrap: true,
        render: (role) => (
          <Badge variant="light" color={role.built_in ? 'gray' : 'primary'}>
            {t(role.built_in ? 'roles.built_in' : 'roles.company_role')}
          </Badge>
        ),
      },
      {
        accessor: 'permissions',
        title: t('roles.fields.permissions'),
        noWrap: true,
        render: (role) => t('roles.permissions_count', { count: role.permissions.length }),
      },
      { accessor: 'users_count', title: t('roles.fields.users_count'), noWrap: true },
    ],
    [t, label],
  );
}

/** /admin/authorization-roles: the built-in roles (read-only) and the company's roles. */
export default function RolesListPage() {
  const { t } = useTranslation();
  const list = useListState(rolesResource.listConfig);
  // No export: the roles' contract goes without it (and without bulk actions).
  const { store, table } = useResourceTable(rolesResource, list);
  const columns = useColumns();
  const label = useRoleLabel();
  const canWrite = sessionMayWrite(useSessionUser()?.roles, rolesContract);
  const editAndDelete = useRecordRowActions<AdminRole>(store, listTextKeys('roles'), {
    testId: 'role',
    editPath: formPath,
    itemName: (role) => role.name,
  });

  const rowActions = (role: AdminRole) =>
    role.built_in || !canWrite ? (
      <RowLinkAction
        to={formPath(role)}
        label={t('roles.view')}
        name={label(role)}
        icon={<IconEye size={18} aria-hidden />}
        testId="role-view"
      />
    ) : (
      editAndDelete(role)
    );

  const addButton = canWrite ? (
    <AddButton to={pathTo('company.role.add')} label={t('roles.add')} testId="role-add" />
  ) : null;

  return (
    <>
      <PageHeader description={t('roles.list_description')} actions={addButton} />
      <DataTable<AdminRole>
        tableId="roles"
        label={t('roles.list_title')}
        {...table}
        columns={columns}
        rowActions={rowActions}
        emptyTitle={t('roles.empty')}
        emptyAction={addButton ?? undefined}
      />
    </>
  );
}
