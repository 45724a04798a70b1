import type { AdminCompany } from '@kampus/shared';
import { Badge, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { pathTo } from '../../../app/route-names.js';
import type { TableColumn, TableFilter } from '../../../components/DataTable.js';
import { useActiveStatusOptions } from '../../frame/admin/records/ActiveStatusBadge.js';
import { activeStatusColumn, createdAtColumn } from '../../frame/admin/records/columns.js';
import { listTextKeys, ResourceListPage } from '../../frame/admin/records/ResourceListPage.js';
import { formatBytes } from '../settings/StorageUsage.js';
import { companiesResource, companyListConfig, useCompanyOptions } from './api.js';

const NS = 'companies';

function useColumns(): TableColumn<AdminCompany>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      {
        accessor: 'name',
        title: t('companies.fields.name'),
        sortable: true,
        hideable: false,
        render: (item) => (
          <Stack gap={0}>
            <Text fz="sm" fw={500}>
              {item.name}
            </Text>
            {item.is_group_alias && (
              <Badge size="xs" variant="light" w="fit-content">
                {t('companies.group_badge')}
              </Badge>
            )}
          </Stack>
        ),
      },
      {
        accessor: 'slug',
        title: t('companies.fields.hosts'),
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
        title: t('companies.fields.parent'),
        render: (item) => item.parent?.name ?? '—',
      },
      {
        accessor: 'users_count',
        title: t('companies.fields.users_count'),
        textAlign: 'right',
        render: (item) => item.users_count,
      },
      {
        accessor: 'storage',
        title: t('companies.fields.storage'),
        noWrap: true,
        render: (item) => (
          <Text size="sm" data-testid={`company-storage-${item.id}`}>
            {t('companies.storage_usage', {
              used: formatBytes(item.storage.used_bytes, i18n.language),
              quota: formatBytes(item.storage.quota_bytes, i18n.language),
              files: new Intl.NumberFormat(i18n.language).format(item.storage.files),
            })}
          </Text>
        ),
      },
      activeStatusColumn(t('companies.fields.status'), NS),
      createdAtColumn(t('companies.fields.created_at'), i18n.language),
    ],
    [t, i18n.language],
  );
}

const TEXTS = listTextKeys(NS, {
  bulkPassiveTitle: 'companies.passive_title',
  bulkPassiveText: 'companies.passive_text',
});

/** /admin/companies (super admins): the company registry. */
export default function CompaniesListPage() {
  const { t } = useTranslation();
  const parents = useCompanyOptions();
  const parentOptions = parents.data ?? [];
  const config = useMemo(() => companyListConfig(parentOptions.map((o) => o.value)), [parentOptions]);
  const columns = useColumns();
  const statusOptions = useActiveStatusOptions(NS);
  const filters: TableFilter[] = [
    { kind: 'select', param: 'status', label: t('companies.fields.status'), options: statusOptions },
    { kind: 'select', param: 'parent_id', label: t('companies.fields.parent'), options: parentOptions },
  ];
  return (
    <ResourceListPage<AdminCompany>
      resource={companiesResource}
      config={config}
      tableId="companies"
      texts={TEXTS}
      columns={columns}
      filters={filters}
      addPath={pathTo('company.companies.add')}
      editPath={(item) => pathTo('company.companies.edit', { id: item.id })}
      itemName={(item) => item.name}
      // A company people work in, or with sub-companies, cannot go; the server re-checks and its refusal is shown.
      canDelete={(item) => item.users_count === 0 && item.children_count === 0}
      testId="company"
    />
  );
}
