import type { Hashtag } from '@kampus/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableColumn, TableFilter } from '../../../components/DataTable.js';
import { formatDateTime } from '../../../lib/dates.js';
import { useSessionUser } from '../../../lib/session.js';
import { sessionCan } from '../access.js';
import { ActiveStatusBadge, useActiveStatusOptions } from '../records/ActiveStatusBadge.js';
import { listTextKeys, ResourceListPage } from '../records/ResourceListPage.js';
import { HASHTAG_LIST_CONFIG, hashtagsResource } from './api.js';

const NS = 'hashtags_admin';
const label = (hashtag: Hashtag) => `#${hashtag.name}`;

function useColumns(): TableColumn<Hashtag>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      {
        accessor: 'name',
        title: t('hashtags_admin.fields.name'),
        sortable: true,
        hideable: false,
        render: (hashtag) => label(hashtag),
      },
      {
        accessor: 'status',
        title: t('hashtags_admin.fields.status'),
        sortable: true,
        noWrap: true,
        render: (hashtag) => <ActiveStatusBadge status={hashtag.status} namespace={NS} />,
      },
      {
        accessor: 'created_at',
        title: t('hashtags_admin.fields.created_at'),
        sortable: true,
        noWrap: true,
        render: (hashtag) => formatDateTime(hashtag.created_at, i18n.language),
      },
      {
        accessor: 'updated_at',
        title: t('hashtags_admin.fields.updated_at'),
        sortable: true,
        noWrap: true,
        hiddenByDefault: true,
        render: (hashtag) => formatDateTime(hashtag.updated_at, i18n.language),
      },
    ],
    [t, i18n.language],
  );
}

/** /admin/hashtags: everyone with show_hashtag sees the list; changing it needs create_hashtag. */
export default function HashtagsListPage() {
  const { t } = useTranslation();
  const canEdit = sessionCan(useSessionUser()?.roles, 'create_hashtag');
  const columns = useColumns();
  const statusOptions = useActiveStatusOptions(NS);
  const filters: TableFilter[] = [
    { kind: 'select', param: 'status', label: t('hashtags_admin.fields.status'), options: statusOptions },
  ];
  return (
    <ResourceListPage<Hashtag>
      resource={hashtagsResource}
      config={HASHTAG_LIST_CONFIG}
      tableId="hashtags"
      texts={listTextKeys(NS)}
      columns={columns}
      filters={filters}
      canEdit={canEdit}
      addPath="/admin/hashtags/add"
      editPath={(hashtag) => `/admin/hashtags/${hashtag.id}/edit`}
      itemName={label}
      testId="hashtag"
    />
  );
}
