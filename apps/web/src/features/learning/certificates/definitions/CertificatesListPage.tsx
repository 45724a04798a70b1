import { CERTIFICATE_TRIGGERS, type CertificateDefinition } from '@kampus/shared';
import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { screenPath } from '../../../../app/route-names.js';
import type { TableColumn, TableFilter } from '../../../../components/DataTable.js';
import { formatDateTime } from '../../../../lib/dates.js';
import { useSessionUser } from '../../../../lib/session.js';
import { sessionMayWrite } from '../../../frame/admin/access.js';
import { ActiveStatusBadge, useActiveStatusOptions } from '../../../frame/admin/records/ActiveStatusBadge.js';
import { ResourceListPage } from '../../../frame/admin/records/ResourceListPage.js';
import { certificateDefinitionsResource, issuedPath, NS } from './api.js';

const contract = certificateDefinitionsResource.contract;

/** "12 months", "No expiry". */
export function ValidityText({ months }: { months: number | null }) {
  const { t } = useTranslation();
  return <>{months ? t(`${NS}.validity_months`, { count: months }) : t(`${NS}.validity_none`)}</>;
}

function useColumns(canEdit: boolean): TableColumn<CertificateDefinition>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      {
        accessor: 'name',
        title: t(`${NS}.columns.name`),
        sortable: true,
        hideable: false,
        render: (definition) =>
          canEdit ? (
            <Anchor
              component={Link}
              to={screenPath(contract.screens.edit, { id: definition.id })}
              fw={600}
              fz="sm"
              data-testid="certificate-name-link"
            >
              {definition.name}
            </Anchor>
          ) : (
            <Text fz="sm" fw={600}>
              {definition.name}
            </Text>
          ),
      },
      {
        accessor: 'trigger',
        title: t(`${NS}.columns.trigger`),
        sortable: true,
        render: (definition) => (
          <Stack gap={0} maw={320}>
            <Text fz="sm">{t(`certificates.triggers.${definition.trigger}`)}</Text>
            <Text fz="xs" c="dimmed" lineClamp={2}>
              {definition.ref_title ?? '—'}
              {definition.min_score !== null ? ` · ${t(`${NS}.min_score_short`, { score: definition.min_score })}` : ''}
            </Text>
          </Stack>
        ),
      },
      {
        accessor: 'template',
        title: t(`${NS}.columns.template`),
        render: (definition) =>
          definition.template_name ? (
            <Text fz="sm">{definition.template_name}</Text>
          ) : (
            <Badge color="warning" variant="light" title={t(`${NS}.template_missing`)}>
              {t(`${NS}.template_placeholder`)}
            </Badge>
          ),
      },
      {
        accessor: 'validity',
        title: t(`${NS}.columns.validity`),
        noWrap: true,
        render: (definition) => (
          <Text fz="sm">
            <ValidityText months={definition.validity_months} />
          </Text>
        ),
      },
      {
        accessor: 'issued',
        title: t(`${NS}.columns.issued`),
        noWrap: true,
        render: (definition) => (
          <Anchor
            component={Link}
            to={issuedPath(definition.id)}
            fz="sm"
            // The visible count first, so the name a speech user says matches the link.
            aria-label={`${t(`${NS}.issued_count`, { count: definition.issued })}: ${definition.name}`}
            data-testid="certificate-issued-count"
          >
            {t(`${NS}.issued_count`, { count: definition.issued })}
          </Anchor>
        ),
      },
      {
        accessor: 'status',
        title: t('records.columns.status'),
        sortable: true,
        noWrap: true,
        render: (definition) => <ActiveStatusBadge status={definition.status} namespace={contract.namespace} />,
      },
      {
        accessor: 'updated_at',
        title: t('records.columns.updated_at'),
        sortable: true,
        noWrap: true,
        // Hidden at first, so the status keeps its room on a laptop's width.
        hiddenByDefault: true,
        render: (definition) => formatDateTime(definition.updated_at, i18n.language),
      },
      {
        accessor: 'created_at',
        title: t('records.columns.created_at'),
        sortable: true,
        noWrap: true,
        hiddenByDefault: true,
        render: (definition) => formatDateTime(definition.created_at, i18n.language),
      },
    ],
    [t, i18n.language, canEdit],
  );
}

/** `/admin/certificates`: the certificate definitions (show_certificate; changes need create_certificate). */
export default function CertificatesListPage() {
  const { t } = useTranslation();
  const canEdit = sessionMayWrite(useSessionUser()?.roles, contract);
  const columns = useColumns(canEdit);
  const statusOptions = useActiveStatusOptions(contract.namespace);
  const filters: TableFilter[] = [
    { kind: 'select', param: 'status', label: t('records.fields.status'), options: statusOptions },
    {
      kind: 'select',
      param: 'trigger',
      label: t(`${NS}.columns.trigger`),
      options: CERTIFICATE_TRIGGERS.map((value) => ({ value, label: t(`certificates.triggers.${value}`) })),
    },
  ];
  return (
    <ResourceListPage<CertificateDefinition>
      resource={certificateDefinitionsResource}
      tableId="certificates"
      columns={columns}
      filters={filters}
      canEdit={canEdit}
      itemName={(definition) => definition.name}
      // A definition that issued certificates is not deleted (the server refuses): it is made passive instead.
      canDelete={(definition) => definition.issued === 0}
      testId="certificate"
      exportable={false}
    />
  );
}
