import type { SolutionPartner } from '@kampus/shared';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableColumn, TableFilter } from '../../../components/DataTable.js';
import { useActiveStatusOptions } from '../../frame/admin/records/ActiveStatusBadge.js';
import { activeStatusColumn, createdAtColumn } from '../../frame/admin/records/columns.js';
import { ResourceListPage } from '../../frame/admin/records/ResourceListPage.js';
import { solutionPartnersResource } from './api.js';
import { PartnerLogo } from './PartnerLogo.js';

const NS = 'solution_partners';
const dash = (value: string | null) => value ?? '—';

function useColumns(): TableColumn<SolutionPartner>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      {
        accessor: 'name',
        title: t('solution_partners.fields.name'),
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
                  aria-label={t('solution_partners.visit', { name: partner.name })}
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
        title: t('solution_partners.fields.contact_name'),
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
      { accessor: 'phone', title: t('solution_partners.fields.phone'), render: (partner) => dash(partner.phone) },
      { accessor: 'order', title: t('solution_partners.fields.order'), sortable: true },
      activeStatusColumn(t('solution_partners.fields.status'), NS),
      createdAtColumn(t('solution_partners.fields.created_at'), i18n.language),
    ],
    [t, i18n.language],
  );
}

/** /admin/solution-partners (read_integration for every action, as the API). */
export default function SolutionPartnersListPage() {
  const { t } = useTranslation();
  const columns = useColumns();
  const statusOptions = useActiveStatusOptions(NS);
  const filters: TableFilter[] = [
    { kind: 'select', param: 'status', label: t('solution_partners.fields.status'), options: statusOptions },
  ];
  return (
    <ResourceListPage<SolutionPartner>
      resource={solutionPartnersResource}
      tableId="solution-partners"
      columns={columns}
      filters={filters}
      itemName={(partner) => partner.name}
      testId="partner"
    />
  );
}
