import type { AdminCompany } from '@kampus/shared';
import { Badge, Button, Stack, Text } from '@mantine/core';
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
import { companiesResource, companyListConfig, useCompanyOptions } from './api.js';

const NS = 'companies_admin';

function useColumns(): TableColumn<AdminCompany>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      {
        accessor: 'name',
        title: t('companies_admin.fields.name'),
        sortable: true,
        hideable: false,
        render: (item) => (
          <Stack gap={0}>
            <Text fz="sm" fw={500}>
              {item.name}
            </Text>
            {item.is_group_alias && (
              <Badge size="xs" variant="light" w="fit-content">
                {t('companies_admin.group_badge')}
              </Badge>
            )}
          </Stack>
        ),
      },
      {
        accessor: 'slug',
        title: t('companies_admin.fields.hosts'),
        sortable: true,
        render: (item) => (
          <Stack gap={0}>
            <Text fz="sm" ff="monospace">
              {item.slug}
            </Text>
            {item.custom_domain && (
              <Text fz="xs" c="dimmed" ff="monospace">
                {item.custom_domain}
              </Text>
            )}
          </Stack>
        ),
      },
      {
        accessor: 'parent',
        title: t('companies_admin.fields.parent'),
        render: (item) => item.parent?.name ?? '—',
      },
      {
        accessor: 'users_count',
        title: t('companies_admin.fields.users_count'),
        textAlign: 'right',
        render: (item) => item.users_count,
      },
      {
        accessor: 'status',
        title: t('companies_admin.fields.status'),
        sortable: true,
        noWrap: true,
        render: (item) => <ActiveStatusBadge status={item.status} namespace={NS} />,
      },
      {
        accessor: 'created_at',
        title: t('companies_admin.fields.created_at'),
        sortable: true,
        noWrap: true,
        hiddenByDefault: true,
        render: (item) => formatDateTime(item.created_at, i18n.language),
      },
    ],
    [t, i18n.language],
  );
}

/** /admin/companies (super admins): the company registry. */
export default function CompaniesListPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const parents = useCompanyOptions();
  const parentOptions = parents.data ?? [];
  const config = useMemo(() => companyListConfig(parentOptions.map((o) => o.value)), [parentOptions]);
  const list = useListState(config);
  const store = useResourceStore(companiesResource, { listQuery: list.apiQuery });
  const columns = useColumns();
  const statusOptions = useActiveStatusOptions(NS);
  const filters: TableFilter[] = [
    { kind: 'select', param: 'status', label: t('companies_admin.fields.status'), options: statusOptions },
    { kind: 'select', param: 'parent_id', label: t('companies_admin.fields.parent'), options: parentOptions },
  ];

  const bulk = async (body: Parameters<typeof companiesResource.bulk>[0]) => {
    const { message } = await companiesResource.bulk(body);
    notifications.show({ color: 'success', message });
    await client.invalidateQueries({ queryKey: companiesResource.keys.all });
  };
  const bulkActions: BulkActionDef[] = [
    { key: 'activate', label: t('companies_admin.activate'), run: (ids) => bulk({ action: 'status', ids, status: 1 }) },
    {
      key: 'passive',
      label: t('companies_admin.make_passive'),
      confirm: {
        title: t('companies_admin.passive_title'),
        text: (count) => t('companies_admin.passive_text', { count }),
        confirmLabel: t('companies_admin.make_passive'),
      },
      run: (ids) => bulk({ action: 'status', ids, status: 0 }),
    },
    {
      key: 'delete',
      label: t('resource.delete'),
      confirm: {
        title: t('companies_admin.bulk_delete_title'),
        text: (count) => t('companies_admin.bulk_delete_text', { count }),
        confirmLabel: t('resource.delete'),
      },
      run: (ids) => bulk({ action: 'delete', ids }),
    },
  ];

  const rowActions = (item: AdminCompany) => (
    <>
      <EditRowAction to={`/admin/companies/edit/${item.id}`} name={item.name} testId="company-edit" />
      {item.users_count === 0 && item.children_count === 0 && (
        <DeleteRowAction
          title={t('companies_admin.delete_title')}
          message={t('companies_admin.delete_text', { name: item.name })}
          name={item.name}
          // The server may still refuse (someone started working in it meanwhile): say why.
          onConfirm={() =>
            store
              .remove(item.id)
              .catch((error: Error) => notifications.show({ color: 'danger', message: error.message }))
          }
          testId="company-delete"
        />
      )}
    </>
  );

  const addButton = (
    <Button
      component={Link}
      to="/admin/companies/add"
      leftSection={<IconPlus size={16} aria-hidden />}
      data-testid="company-add"
    >
      {t('companies_admin.add')}
    </Button>
  );

  return (
    <>
      <PageHeader description={t('companies_admin.list_description')} actions={addButton} />
      <DataTable<AdminCompany>
        tableId="companies"
        label={t('companies_admin.list_title')}
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
        emptyTitle={t('companies_admin.empty')}
        emptyAction={addButton}
      />
    </>
  );
}
