import type { Institution } from '@kampus/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableColumn, TableFilter } from '../../../components/DataTable.js';
import { useActiveStatusOptions } from '../../frame/admin/records/ActiveStatusBadge.js';
import { activeStatusColumn, createdAtColumn } from '../../frame/admin/records/columns.js';
import { ResourceListPage } from '../../frame/admin/records/ResourceListPage.js';
import { institutionsResource } from './api.js';

const NS = 'institutions';
const dash = (value: string | null) => value ?? '—';

function useColumns(): TableColumn<Institution>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      {
        accessor: 'name',
        title: t('institutions.fields.name'),
        sortable: true,
        hideable: false,
        render: (item) => item.name,
      },
      {
        accessor: 'code',
        title: t('institutions.fields.code'),
        sortable: true,
        render: (item) => dash(item.code),
      },
      {
        accessor: 'city',
        title: t('institutions.fields.city'),
        sortable: true,
        render: (item) => dash(item.city),
      },
      {
        accessor: 'contact_email',
        title: t('institutions.fields.contact_email'),
        render: (item) => dash(item.contact_email),
      },
      activeStatusColumn(t('institutions.fields.status'), NS),
      createdAtColumn(t('institutions.fields.created_at'), i18n.language),
    ],
    [t, i18n.language],
  );
}

/** The institution list (read_companysetting, which also guards every change). */
export default function InstitutionsListPage() {
  const { t } = useTranslation();
  const columns = useColumns();
  const statusOptions = useActiveStatusOptions(NS);
  const filters: TableFilter[] = [
    { kind: 'select', param: 'status', label: t('institutions.fields.status'), options: statusOptions },
  ];
  return (
    <ResourceListPage<Institution>
      resource={institutionsResource}
      tableId="institutions"
      columns={columns}
      filters={filters}
      itemName={(item) => item.name}
      testId="institution"
    />
  );
}
