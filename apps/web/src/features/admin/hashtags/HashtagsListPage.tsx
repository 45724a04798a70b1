import type { Hashtag } from '@kampus/shared';
import { Button } from '@mantine/core';
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
import { useSessionUser } from '../../../lib/session.js';
import { sessionCan } from '../access.js';
import { ActiveStatusBadge, useActiveStatusOptions } from '../records/ActiveStatusBadge.js';
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
  const client = useQueryClient();
  const canEdit = sessionCan(useSessionUser()?.roles, 'create_hashtag');
  const list = useListState(HASHTAG_LIST_CONFIG);
  const store = useResourceStore(hashtagsResource, { listQuery: list.apiQuery });
  const columns = useColumns();
  const statusOptions = useActiveStatusOptions(NS);
  const filters: TableFilter[] = [
    { kind: 'select', param: 'status', label: t('hashtags_admin.fields.status'), options: statusOptions },
  ];

  const bulk = async (body: Parameters<typeof hashtagsResource.bulk>[0]) => {
    const { message } = await hashtagsResource.bulk(body);
    notifications.show({ color: 'success', message });
    await client.invalidateQueries({ queryKey: hashtagsResource.keys.all });
  };
  const bulkActions: BulkActionDef[] = [
    { key: 'activate', label: t('hashtags_admin.activate'), run: (ids) => bulk({ action: 'status', ids, status: 1 }) },
    {
      key: 'passive',
      label: t('hashtags_admin.make_passive'),
      run: (ids) => bulk({ action: 'status', ids, status: 0 }),
    },
    {
      key: 'delete',
      label: t('resource.delete'),
      confirm: {
        title: t('hashtags_admin.bulk_delete_title'),
        text: (count) => t('hashtags_admin.bulk_delete_text', { count }),
        confirmLabel: t('resource.delete'),
      },
      run: (ids) => bulk({ action: 'delete', ids }),
    },
  ];

  const rowActions = (hashtag: Hashtag) => (
    <>
      <EditRowAction to={`/admin/hashtags/${hashtag.id}/edit`} name={label(hashtag)} testId="hashtag-edit" />
      <DeleteRowAction
        title={t('hashtags_admin.delete_title')}
        message={t('hashtags_admin.delete_text', { name: label(hashtag) })}
        name={label(hashtag)}
        onConfirm={() => store.remove(hashtag.id).catch(() => undefined)}
        testId="hashtag-delete"
      />
    </>
  );

  const addButton = canEdit ? (
    <Button
      component={Link}
      to="/admin/hashtags/add"
      leftSection={<IconPlus size={16} aria-hidden />}
      data-testid="hashtag-add"
    >
      {t('hashtags_admin.add')}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader description={t('hashtags_admin.list_description')} actions={addButton} />
      <DataTable<Hashtag>
        tableId="hashtags"
        label={t('hashtags_admin.list_title')}
        list={list}
        columns={columns}
        filters={filters}
        records={store.items}
        total={store.meta?.total ?? 0}
        fetching={store.list.isFetching}
        error={store.list.isError ? (store.list.error as Error).message : null}
        onRetry={() => void store.list.refetch()}
        rowActions={canEdit ? rowActions : undefined}
        bulkActions={canEdit ? bulkActions : undefined}
        exportPath={(format) => hashtagsResource.exportPath(format, list.apiQuery)}
        emptyTitle={t('hashtags_admin.empty')}
        emptyAction={addButton ?? undefined}
      />
    </>
  );
}
