import { type AdminUser, USER_STATUS_NAMES } from '@kampus/shared';
import { ActionIcon, Anchor, Button, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileImport, IconPlayerPause, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { ConfirmButton } from '../../../components/ConfirmButton.js';
import { type BulkActionDef, DataTable, type TableColumn, type TableFilter } from '../../../components/DataTable.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { formatDateTime } from '../../../lib/dates.js';
import { useListState } from '../../../lib/list-state.js';
import {
  AddButton,
  listTextKeys,
  useBulkRunner,
  useRecordBulkActions,
  useRecordRowActions,
  useResourceTable,
} from '../../frame/admin/records/ResourceListPage.js';
import { useAssignableRoles, useRoleLabel } from '../../identity/roles/api.js';
import { passiveListConfig, reactivateUser, USER_STATUSES, userListConfig, usersResource } from './api.js';
import { UserStatusBadge } from './StatusBadge.js';

type Mode = 'all' | 'passive';
const NO_ROLES: { id: number; name: string }[] = [];

const fullName = (user: AdminUser) => `${user.name} ${user.surname}`;

function useColumns(): TableColumn<AdminUser>[] {
  const { t, i18n } = useTranslation();
  const roleLabel = useRoleLabel();
  return useMemo(() => {
    const date = (value: string | null) => (value ? formatDateTime(value, i18n.language) : '—');
    return [
      {
        accessor: 'name',
        title: t('users.fields.full_name'),
        sortable: true,
        hideable: false,
        render: (user) => (
          <Anchor component={Link} to={pathTo('company.user.detail', { id: user.id })} fw={500} data-testid="user-link">
            {fullName(user)}
          </Anchor>
        ),
      },
      { accessor: 'email', title: t('users.fields.email'), sortable: true, render: (user) => user.email ?? '—' },
      {
        accessor: 'username',
        title: t('users.fields.username'),
        hiddenByDefault: true,
        render: (user) => user.username ?? '—',
      },
      { accessor: 'department', title: t('users.fields.department'), render: (user) => user.department ?? '—' },
      {
        accessor: 'title',
        title: t('users.fields.title'),
        hiddenByDefault: true,
        render: (user) => user.title ?? '—',
      },
      {
        accessor: 'roles',
        title: t('users.fields.roles'),
        render: (user) => user.roles.map(roleLabel).join(', '),
      },
      {
        accessor: 'status',
        title: t('users.fields.status'),
        sortable: true,
        noWrap: true,
        render: (user) => <UserStatusBadge status={user.status} />,
      },
      {
        accessor: 'last_login_at',
        title: t('users.fields.last_login_at'),
        sortable: true,
        noWrap: true,
        render: (user) => date(user.last_login_at),
      },
      {
        accessor: 'created_at',
        title: t('users.fields.created_at'),
        sortable: true,
        noWrap: true,
        render: (user) => date(user.created_at),
      },
    ];
  }, [t, i18n.language, roleLabel]);
}

function useFilters(mode: Mode, roles: readonly { id: number; name: string }[]): TableFilter[] {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  return useMemo(() => {
    const filters: TableFilter[] = [
      {
        kind: 'select',
        param: 'role_id',
        label: t('users.fields.roles'),
        options: roles.map((role) => ({ value: String(role.id), label: roleLabel(role) })),
      },
      { kind: 'date-range', from: 'created_from', to: 'created_to', label: t('users.fields.created_at') },
    ];
    if (mode === 'all') {
      filters.unshift({
        kind: 'select',
        param: 'status',
        label: t('users.fields.status'),
        options: USER_STATUSES.map((status) => ({
          value: String(status),
          label: t(`users.status.${USER_STATUS_NAMES[status]}`),
        })),
      });
    }
    return filters;
  }, [t, mode, roles, roleLabel]);
}

const TEXTS = listTextKeys('users');

/** /admin/user/list (every user) and /admin/user/passive (status 0, with reactivate). */
export function UsersList({ mode }: { mode: Mode }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const roles = useAssignableRoles().data ?? NO_ROLES;
  const config = useMemo(() => {
    const ids = roles.map((role) => role.id);
    return mode === 'all' ? userListConfig(ids) : passiveListConfig(ids);
  }, [roles, mode]);
  const list = useListState(config);
  const apiQuery = useMemo(
    () => (mode === 'passive' ? { ...list.apiQuery, status: '0' } : list.apiQuery),
    [list.apiQuery, mode],
  );
  const { store, table } = useResourceTable(usersResource, list, { apiQuery });
  const columns = useColumns();
  const filters = useFilters(mode, roles);
  const bulk = useBulkRunner(usersResource);
  const deleteActions = useRecordBulkActions(usersResource, TEXTS, { status: false });
  const editAndDelete = useRecordRowActions<AdminUser>(store, TEXTS, {
    testId: 'user',
    editPath: (user) => pathTo('company.user.edit', { id: user.id }),
    itemName: fullName,
  });

  const reactivate = async (user: AdminUser) => {
    await reactivateUser(user.id);
    notifications.show({ color: 'success', message: t('users.reactivated', { name: fullName(user) }) });
    await client.invalidateQueries({ queryKey: usersResource.keys.all });
  };

  const bulkActions: BulkActionDef[] = [
    mode === 'passive'
      ? {
          key: 'reactivate',
          label: t('users.reactivate'),
          run: (ids) => bulk({ action: 'status', ids, status: 1 }),
        }
      : {
          key: 'passive',
          label: t('users.make_passive'),
          confirm: {
            title: t('users.bulk_passive_title'),
            text: (count) => t('users.bulk_passive_text', { count }),
            confirmLabel: t('users.make_passive'),
          },
          run: (ids) => bulk({ action: 'status', ids, status: 0 }),
        },
    ...deleteActions,
  ];

  const rowActions = (user: AdminUser) => (
    <>
      {user.status === 0 ? (
        <Tooltip label={t('users.reactivate')} withArrow>
          <ActionIcon
            variant="subtle"
            aria-label={`${t('users.reactivate')}: ${fullName(user)}`}
            onClick={() =>
              void reactivate(user).catch((error: Error) =>
                notifications.show({ color: 'danger', message: error.message }),
              )
            }
            data-testid="user-reactivate"
          >
            <IconRefresh size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : (
        <ConfirmButton
          icon={<IconPlayerPause size={18} aria-hidden />}
          title={t('users.passive_title')}
          message={t('users.passive_text', { name: fullName(user) })}
          confirmLabel={t('users.make_passive')}
          onConfirm={() =>
            store.update(user.id, { status: 0 }, { message: 'users.made_passive' }).catch(() => undefined)
          }
          data-testid="user-make-passive"
        >
          {`${t('users.make_passive')}: ${fullName(user)}`}
        </ConfirmButton>
      )}
      {editAndDelete(user)}
    </>
  );

  const addButton = <AddButton to={pathTo('company.user.add')} label={t('users.add')} testId="user-add" />;

  const importButton = (
    <Button
      component={Link}
      to={pathTo('company.user.import')}
      variant="light"
      leftSection={<IconFileImport size={16} aria-hidden />}
      data-testid="user-import"
    >
      {t('users_import.open')}
    </Button>
  );

  return (
    <>
      <PageHeader
        description={t(mode === 'all' ? 'users.list_description' : 'users.passive_description')}
        actions={
          mode === 'all' ? (
            <>
              {importButton}
              {addButton}
            </>
          ) : null
        }
      />
      <DataTable<AdminUser>
        {...table}
        tableId={mode === 'all' ? 'users' : 'users-passive'}
        label={t(mode === 'all' ? 'users.list_title' : 'users.passive_title_page')}
        columns={columns}
        filters={filters}
        rowActions={rowActions}
        bulkActions={bulkActions}
        emptyTitle={t(mode === 'all' ? 'users.empty' : 'users.passive_empty')}
        emptyAction={mode === 'all' ? addButton : undefined}
      />
    </>
  );
}

export default function UsersListPage() {
  return <UsersList mode="all" />;
}
