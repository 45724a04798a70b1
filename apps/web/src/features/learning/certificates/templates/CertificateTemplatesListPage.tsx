import type { CertificateTemplate } from '@kampus/shared';
import { Box, Loader, Stack, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableColumn, TableFilter } from '../../../../components/DataTable.js';
import { formatDateTime } from '../../../../lib/dates.js';
import { useActiveStatusOptions } from '../../../frame/admin/records/ActiveStatusBadge.js';
import { activeStatusColumn, createdAtColumn } from '../../../frame/admin/records/columns.js';
import { ResourceListPage } from '../../../frame/admin/records/ResourceListPage.js';
import { certificateTemplatesResource, useTemplateThumbnail } from './api.js';

const NS = certificateTemplatesResource.contract.namespace;
/** The thumbnail keeps the image export's proportions (600 × 1024). */
const THUMB = { width: 48, height: 82 } as const;

/** The server-rendered PNG of a saved template, small: what a certificate of it looks like. */
export function TemplateThumbnail({ template }: { template: Pick<CertificateTemplate, 'id' | 'name' | 'updated_at'> }) {
  const { t } = useTranslation();
  const { url, isLoading, isError } = useTemplateThumbnail(template.id, template.updated_at);
  return (
    <Box
      w={THUMB.width}
      h={THUMB.height}
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 4,
        overflow: 'hidden',
        display: 'grid',
        placeItems: 'center',
      }}
      data-testid="certificate-template-thumbnail"
    >
      {url ? (
        <img
          src={url}
          alt={t(`${NS}.thumbnail_alt`, { name: template.name })}
          width={THUMB.width}
          height={THUMB.height}
        />
      ) : isLoading ? (
        <Loader size="xs" aria-label={t(`${NS}.thumbnail_alt`, { name: template.name })} />
      ) : isError ? (
        <IconPhotoOff size={18} aria-label={t(`${NS}.thumbnail_alt`, { name: template.name })} />
      ) : null}
    </Box>
  );
}

function useColumns(): TableColumn<CertificateTemplate>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      {
        accessor: 'preview',
        title: t(`${NS}.columns.preview`),
        width: 80,
        render: (template) => <TemplateThumbnail template={template} />,
      },
      {
        accessor: 'name',
        title: t(`${NS}.columns.name`),
        sortable: true,
        hideable: false,
        render: (template) => (
          <Stack gap={0} miw={0} maw={380}>
            <Text fz="sm" fw={600} lineClamp={2}>
              {template.name}
            </Text>
            <Text fz="xs" c="dimmed">
              {t(`${NS}.columns.fields_count`)}: {template.fields.length}
            </Text>
          </Stack>
        ),
      },
      activeStatusColumn(t('records.columns.status'), NS),
      {
        accessor: 'updated_at',
        title: t('records.columns.updated_at'),
        sortable: true,
        noWrap: true,
        render: (template) => formatDateTime(template.updated_at, i18n.language),
      },
      createdAtColumn(t('records.columns.created_at'), i18n.language),
    ],
    [t, i18n.language],
  );
}

/** The certificate templates (show_certificatetemplate; changes need create_certificatetemplate). */
export default function CertificateTemplatesListPage() {
  const { t } = useTranslation();
  const columns = useColumns();
  const statusOptions = useActiveStatusOptions(NS);
  const filters: TableFilter[] = [
    { kind: 'select', param: 'status', label: t('records.fields.status'), options: statusOptions },
  ];
  return (
    <ResourceListPage<CertificateTemplate>
      resource={certificateTemplatesResource}
      tableId="certificate-templates"
      columns={columns}
      filters={filters}
      itemName={(template) => template.name}
      testId="certificate-template"
      exportable={false}
    />
  );
}
