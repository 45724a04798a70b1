import type { Hashtag } from '@kampus/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableColumn, TableFilter } from '../../../components/DataTable.js';
import { formatDateTime } from '../../../lib/dates.js';
import { ActiveStatusBadge, useActiveStatusOptions } from '../../frame/admin/records/ActiveStatusBadge.js';
import { ResourceListPage } from '../../frame/admin/records/ResourceListPage.js';
import { hashtagsResource } from './api.js';

const NS = hashtagsResource.contract.namespace;
const label = (hashtag: Hashtag) => `#${hashtag.name}`;

function useColumns(): TableColumn<Hashtag>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      {
        accessor: 'name',
        title: t('hashtags.fields.name'),
        sortable: true,
        hideable: false,
        render: (hashtag) => label(hashtag),
      },
      {
        accessor: 'status',
        title: t('hashtags.fields.status'),
        sortable: true,
        noWrap: true,
        render: (hashtag) => <ActiveStatusBadge status={hashtag.status} namespace={NS} />,
      },
      {
        accessor: 'created_at',
        title: t('hashtags.fields.created_at'),
        sortable: true,
        noWrap: true,
        render: (hashtag) => formatDateTime(hashtag.created_at, i18n.language),
      },
      {
        accessor: 'updated_at',
        title: t('hashtags.fields.updated_at'),
        sortable: true,
        noWrap: true,
        hiddenByDefault: true,
        render: (hashtag) => formatDateTime(hashtag.updated_at, i18n.language),
      },
    ],
    [t, i18n.language],
  );
}

/** The hashtag list: everyone with show_hashtag sees it; changing it needs create_hashtag (the contract's). */
export default function HashtagsListPage() {
  const { t } = useTranslation();
  const columns = useColumns();
  const statusOptions = useActiveStatusOptions(NS);
  const filters: TableFilter[] = [
    { kind: 'select', param: 'status', label: t('hashtags.fields.status'), options: statusOptions },
  ];
  return (
    <ResourceListPage<Hashtag>
      resource={hashtagsResource}
      tableId="hashtags"
      columns={columns}
      filters={filters}
      itemName={label}
      testId="hashtag"
    />
  );
}
