import type { Hashtag } from '@kampus/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableColumn, TableFilter } from '../../../components/DataTable.js';
import { formatDateTime } from '../../../lib/dates.js';
import { useActiveStatusOptions } from '../../frame/admin/records/ActiveStatusBadge.js';
import { activeStatusColumn, createdAtColumn } from '../../frame/admin/records/columns.js';
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
      activeStatusColumn(t('hashtags.fields.status'), NS),
      createdAtColumn(t('hashtags.fields.created_at'), i18n.language, { hiddenByDefault: false }),
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
