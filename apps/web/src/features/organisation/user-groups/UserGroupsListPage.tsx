import { USER_GROUP_KINDS, type UserGroup } from '@kampus/shared';
import { Anchor } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import type { TableColumn, TableFilter } from '../../../components/DataTable.js';
import { formatDateTime } from '../../../lib/dates.js';
import { useActiveStatusOptions } from '../../frame/admin/records/ActiveStatusBadge.js';
import { activeStatusColumn, createdAtColumn } from '../../frame/admin/records/columns.js';
import { ResourceListPage } from '../../frame/admin/records/ResourceListPage.js';
import { userGroupsResource } from './api.js';
import { GroupKindBadge } from './KindBadge.js';

const NS = 'user_groups';
const editPath = (group: UserGroup) => pathTo('company.user.group.edit', { id: group.id });

function useColumns(): TableColumn<UserGroup>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      {
        accessor: 'name',
        title: t('user_groups.fields.name'),
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
        title: t('user_groups.fields.kind'),
        sortable: true,
        noWrap: true,
        render: (group) => <GroupKindBadge kind={group.kind} />,
      },
      {
        accessor: 'members_count',
        title: t('user_groups.fields.members_count'),
        noWrap: true,
        render: (group) => <span data-testid="group-members-count">{group.members_count}</span>,
      },
      activeStatusColumn(t('user_groups.fields.status'), NS),
      createdAtColumn(t('user_groups.fields.created_at'), i18n.language, { hiddenByDefault: false }),
      {
        accessor: 'updated_at',
        title: t('user_groups.fields.updated_at'),
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
  const columns = useColumns();
  const statusOptions = useActiveStatusOptions(NS);
  const filters: TableFilter[] = [
    {
      kind: 'select',
      param: 'kind',
      label: t('user_groups.fields.kind'),
      options: USER_GROUP_KINDS.map((kind) => ({ value: kind, label: t(`user_groups.kinds.${kind}`) })),
    },
    { kind: 'select', param: 'status', label: t('user_groups.fields.status'), options: statusOptions },
  ];
  return (
    <ResourceListPage<UserGroup>
      resource={userGroupsResource}
      tableId="user-groups"
      columns={columns}
      filters={filters}
      itemName={(group) => group.name}
      testId="group"
    />
  );
}
