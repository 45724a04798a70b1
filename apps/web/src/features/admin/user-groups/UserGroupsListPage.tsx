import { USER_GROUP_KINDS, type UserGroup } from '@kampus/shared';
import { Anchor, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type BulkActionDef, DataTable, type TableColumn, type TableFilter } from '../../../components/DataTable.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { DeleteRowAction, EditRowAction } from '../../../components/RowActions.js';
import { formatDateTime } from '../../../lib/dates.js';
import { useListState } from '../../../lib/list-state.js';
import { useResourceStore } from '../../../lib/resource.js';
import { ActiveStatusBadge, useActiveStatusOptions } from '../records/ActiveStatusBadge.js';
import { USER_GROUP_LIST_CONFIG, userGroupsResource } from './api.js';
import { GroupKindBadge } from './KindBadge.js';

const NS = 'user_groups_admin';
const editPath = (group: UserGroup) => `/admin/user/group/edit/${group.id}`;

function useColumns(): TableColumn<UserGroup>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      {
        accessor: 'name',
        title: t('user_groups_admin.fields.name'),
        sortable: true,
        hideable: false,
        render: (group) => (
          <Anchor component={Link} to={editPath(group)} fw={500} data-testid="group-link">
            {group.name}
          </Anchor>
        ),
      },
      {
        accessor: 'kind',
        title: t('user_groups_admin.fields.kind'),
        sortable: true,
        noWrap: true,
        render: (group) => <GroupKindBadge kind={group.kind} />,
      },
      {
        accessor: 'members_count',
        title: t('user_groups_admin.fields.members_count'),
        noWrap: true,
        render: (group) => <span data-testid="group-members-count">{group.members_count}</span>,
      },
      {
        accessor: 'status',
        title: t('user_groups_admin.fields.status'),
        sortable: true,
        noWrap: true,
        render: (group) => <ActiveStatusBadge status={group.status} namespace={NS} />,
      },
      {
        accessor: 'created_at',
        title: t('user_groups_admin.fields.created_at'),
        sortable: true,
        noWrap: true,
        render: (group) => formatDateTime(group.created_at, i18n.language),
      },
      {
        accessor: 'updated_at',
        title: t('user_groups_admin.fields.updated_at'),
        sortable: true,
        noWrap: true,
        hiddenByDefault: true,
        render: (group) => formatDateTime(group.updated_at, i18n.language),
      },
    ],
    [t, i18n.language],
  );
}

/** /admin/user/group: the company's user groups (show_user). */
export default function UserGroupsListPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const list = useListState(USER_GROUP_LIST_CONFIG);
  const store = useResourceStore(userGroupsResource, { listQuery: list.apiQuery });
  const columns = useColumns();
  const statusOptions = useActiveStatusOptions(NS);
  const filters: TableFilter[] = [
    {
      kind: 'select',
      param: 'kind',
      label: t('user_groups_admin.fields.kind'),
      options: USER_GROUP_KINDS.map((kind) => ({ value: kind, label: t(`user_groups_admin.kinds.${kind}`) })),
    },
    { kind: 'select', param: 'status', label: t('user_groups_admin.fields.status'), options: statusOptions },
  ];

  const bulk = async (body: Parameters<typeof userGroupsResource.bulk>[0]) => {
    const { message } = await userGroupsResource.bulk(body);
    notifications.show({ color: 'success', message });
    await client.invalidateQueries({ queryKey: userGroupsResource.keys.all });
  };
  const bulkActions: BulkActionDef[] = [
    {
      key: 'activate',
      label: t('user_groups_admin.activate'),
      run: (ids) => bulk({ action: 'status', ids, status: 1 }),
    },
    {
      key: 'passive',
      label: t('user_groups_admin.make_passive'),
      run: (ids) => bulk({ action: 'status', ids, status: 0 }),
    },
    {
      key: 'delete',
      label: t('resource.delete'),
      confirm: {
        title: t('user_groups_admin.bulk_delete_title'),
        text: (count) => t('user_groups_admin.bulk_delete_text', { count }),
        confirmLabel: t('resource.delete'),
      },
      run: (ids) => bulk({ action: 'delete', ids }),
    },
  ];

  const rowActions = (group: UserGroup) => (
    <>
      <EditRowAction to={editPath(group)} name={group.name} testId="group-edit" />
      <DeleteRowAction
        title={t('user_groups_admin.delete_title')}
        message={t('user_groups_admin.delete_text', { name: group.name })}
        name={group.name}
        onConfirm={() => store.remove(group.id).catch(() => undefined)}
        testId="group-delete"
      />
    </>
  );

  const addButton = (
    <Button
      component={Link}
      to="/admin/user/group/add"
      leftSection={<IconPlus size={16} aria-hidden />}
      data-testid="group-add"
    >
      {t('user_groups_admin.add')}
    </Button>
  );

  return (
    <>
      <PageHeader description={t('user_groups_admin.list_description')} actions={addButton} />
      <DataTable<UserGroup>
        tableId="user-groups"
        label={t('user_groups_admin.list_title')}
        list={list}
        columns={columns}
        filters={filters}
        records={store.items}
        total={store.meta?.total ?? 0}
        fetching={store.list.isFetching}
        error={store.list.isError ? (store.list.error as Error).message : null}
        onRetry={() => void store.list.refetch()}
        rowActions={rowActions}
        bulkActions={bulkActions}
        exportPath={(format) => userGroupsResource.exportPath(format, list.apiQuery)}
        emptyTitle={t('user_groups_admin.empty')}
        emptyAction={addButton}
      />
    </>
  );
}
