import type { SolutionPartner } from '@kampus/shared';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
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
import { SOLUTION_PARTNER_LIST_CONFIG, solutionPartnersResource } from './api.js';
import { PartnerLogo } from './PartnerLogo.js';

const NS = 'partners_admin';
const dash = (value: string | null) => value ?? '—';

function useColumns(): TableColumn<SolutionPartner>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      {
        accessor: 'name',
        title: t('partners_admin.fields.name'),
        sortable: true,
        hideable: false,
        render: (partner) => (
          <Group gap="sm" wrap="nowrap">
            <PartnerLogo name={partner.name} logo={partner.logo} />
            <Stack gap={0}>
              <Text fz="sm" fw={500}>
                {partner.name}
              </Text>
              {partner.website && (
                <Anchor
                  href={partner.website}
                  target="_blank"
                  rel="noopener noreferrer"
                  fz="xs"
                  aria-label={t('partners_admin.visit', { name: partner.name })}
                >
                  {partner.website.replace(/^https?:\/\//, '')}
                </Anchor>
              )}
            </Stack>
          </Group>
        ),
      },
      {
        accessor: 'contact_name',
        title: t('partners_admin.fields.contact_name'),
        render: (partner) => (
          <Stack gap={0}>
            <Text fz="sm">{dash(partner.contact_name)}</Text>
            {partner.contact_email && (
              <Anchor href={`mailto:${partner.contact_email}`} fz="xs">
                {partner.contact_email}
              </Anchor>
            )}
          </Stack>
        ),
      },
      { accessor: 'phone', title: t('partners_admin.fields.phone'), render: (partner) => dash(partner.phone) },
      { accessor: 'order', title: t('partners_admin.fields.order'), sortable: true },
      {
        accessor: 'status',
        title: t('partners_admin.fields.status'),
        sortable: true,
        noWrap: true,
        render: (partner) => <ActiveStatusBadge status={partner.status} namespace={NS} />,
      },
      {
        accessor: 'created_at',
        title: t('partners_admin.fields.created_at'),
        sortable: true,
        noWrap: true,
        hiddenByDefault: true,
        render: (partner) => formatDateTime(partner.created_at, i18n.language),
      },
    ],
    [t, i18n.language],
  );
}

/** /admin/solution-partners (read_integration for every action, as the API). */
export default function SolutionPartnersListPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const list = useListState(SOLUTION_PARTNER_LIST_CONFIG);
  const store = useResourceStore(solutionPartnersResource, { listQuery: list.apiQuery });
  const columns = useColumns();
  const statusOptions = useActiveStatusOptions(NS);
  const filters: TableFilter[] = [
    { kind: 'select', param: 'status', label: t('partners_admin.fields.status'), options: statusOptions },
  ];

  const bulk = async (body: Parameters<typeof solutionPartnersResource.bulk>[0]) => {
    const { message } = await solutionPartnersResource.bulk(body);
    notifications.show({ color: 'success', message });
    await client.invalidateQueries({ queryKey: solutionPartnersResource.keys.all });
  };
  const bulkActions: BulkActionDef[] = [
    { key: 'activate', label: t('partners_admin.activate'), run: (ids) => bulk({ action: 'status', ids, status: 1 }) },
    {
      key: 'passive',
      label: t('partners_admin.make_passive'),
      run: (ids) => bulk({ action: 'status', ids, status: 0 }),
    },
    {
      key: 'delete',
      label: t('resource.delete'),
      confirm: {
        title: t('partners_admin.bulk_delete_title'),
        text: (count) => t('partners_admin.bulk_delete_text', { count }),
        confirmLabel: t('resource.delete'),
      },
      run: (ids) => bulk({ action: 'delete', ids }),
    },
  ];

  const rowActions = (partner: SolutionPartner) => (
    <>
      <EditRowAction to={`/admin/solution-partners/${partner.id}/edit`} name={partner.name} testId="partner-edit" />
      <DeleteRowAction
        title={t('partners_admin.delete_title')}
        message={t('partners_admin.delete_text', { name: partner.name })}
        name={partner.name}
        onConfirm={() => store.remove(partner.id).catch(() => undefined)}
        testId="partner-delete"
      />
    </>
  );

  const addButton = (
    <Button
      component={Link}
      to="/admin/solution-partners/add"
      leftSection={<IconPlus size={16} aria-hidden />}
      data-testid="partner-add"
    >
      {t('partners_admin.add')}
    </Button>
  );

  return (
    <>
      <PageHeader description={t('partners_admin.list_description')} actions={addButton} />
      <DataTable<SolutionPartner>
        tableId="solution-partners"
        label={t('partners_admin.list_title')}
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
        exportPath={(format) => solutionPartnersResource.exportPath(format, list.apiQuery)}
        emptyTitle={t('partners_admin.empty')}
        emptyAction={addButton}
      />
    </>
  );
}
