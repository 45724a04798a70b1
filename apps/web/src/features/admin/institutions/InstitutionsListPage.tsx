import type { Institution } from '@kampus/shared';
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
import { ActiveStatusBadge, useActiveStatusOptions } from '../records/ActiveStatusBadge.js';
import { INSTITUTION_LIST_CONFIG, institutionsResource } from './api.js';

const NS = 'institutions_admin';
const dash = (value: string | null) => value ?? '—';

function useColumns(): TableColumn<Institution>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      {
        accessor: 'name',
        title: t('institutions_admin.fields.name'),
        sortable: true,
        hideable: false,
        render: (item) => item.name,
      },
      {
        accessor: 'code',
        title: t('institutions_admin.fields.code'),
        sortable: true,
        render: (item) => dash(item.code),
      },
      {
        accessor: 'city',
        title: t('institutions_admin.fields.city'),
        sortable: true,
        render: (item) => dash(item.city),
      },
      {
        accessor: 'contact_email',
        title: t('institutions_admin.fields.contact_email'),
        render: (item) => dash(item.contact_email),
      },
      {
        accessor: 'status',
        title: t('institutions_admin.fields.status'),
        sortable: true,
        noWrap: true,
        render: (item) => <ActiveStatusBadge status={item.status} namespace={NS} />,
      },
      {
        accessor: 'created_at',
        title: t('institutions_admin.fields.created_at'),
        sortable: true,
        noWrap: true,
        hiddenByDefault: true,
        render: (item) => formatDateTime(item.created_at, i18n.language),
      },
    ],
    [t, i18n.language],
  );
}

/** /admin/institutions (read_companysetting, which also guards every change). */
export default function InstitutionsListPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const list = useListState(INSTITUTION_LIST_CONFIG);
  const store = useResourceStore(institutionsResource, { listQuery: list.apiQuery });
  const columns = useColumns();
  const statusOptions = useActiveStatusOptions(NS);
  const filters: TableFilter[] = [
    { kind: 'select', param: 'status', label: t('institutions_admin.fields.status'), options: statusOptions },
  ];

  const bulk = async (body: Parameters<typeof institutionsResource.bulk>[0]) => {
    const { message } = await institutionsResource.bulk(body);
    notifications.show({ color: 'success', message });
    await client.invalidateQueries({ queryKey: institutionsResource.keys.all });
  };
  const bulkActions: BulkActionDef[] = [
    {
      key: 'activate',
      label: t('institutions_admin.activate'),
      run: (ids) => bulk({ action: 'status', ids, status: 1 }),
    },
    {
      key: 'passive',
      label: t('institutions_admin.make_passive'),
      run: (ids) => bulk({ action: 'status', ids, status: 0 }),
    },
    {
      key: 'delete',
      label: t('resource.delete'),
      confirm: {
        title: t('institutions_admin.bulk_delete_title'),
        text: (count) => t('institutions_admin.bulk_delete_text', { count }),
        confirmLabel: t('resource.delete'),
      },
      run: (ids) => bulk({ action: 'delete', ids }),
    },
  ];

  const rowActions = (item: Institution) => (
    <>
      <EditRowAction to={`/admin/institutions/edit/${item.id}`} name={item.name} testId="institution-edit" />
      <DeleteRowAction
        title={t('institutions_admin.delete_title')}
        message={t('institutions_admin.delete_text', { name: item.name })}
        name={item.name}
        onConfirm={() => store.remove(item.id).catch(() => undefined)}
        testId="institution-delete"
      />
    </>
  );

  const addButton = (
    <Button
      component={Link}
      to="/admin/institutions/add"
      leftSection={<IconPlus size={16} aria-hidden />}
      data-testid="institution-add"
    >
      {t('institutions_admin.add')}
    </Button>
  );

  return (
    <>
      <PageHeader description={t('institutions_admin.list_description')} actions={addButton} />
      <DataTable<Institution>
        tableId="institutions"
        label={t('institutions_admin.list_title')}
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
        exportPath={(format) => institutionsResource.exportPath(format, list.apiQuery)}
        emptyTitle={t('institutions_admin.empty')}
        emptyAction={addButton}
      />
    </>
  );
}
