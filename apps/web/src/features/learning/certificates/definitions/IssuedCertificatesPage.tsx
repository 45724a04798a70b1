import {
  type AdminIssuedCertificate,
  CERTIFICATE_REVOKE_REASON_MAX,
  certificateRevokeSchema,
  ISSUED_CERTIFICATE_STATES,
  type IssuedCertificateState,
} from '@kampus/shared';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  CloseButton,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBan, IconFileTypePdf, IconFileZip, IconPhoto, IconPrinter, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { screenPath } from '../../../../app/route-names.js';
import { confirmAction } from '../../../../components/ConfirmButton.js';
import { DataTable, type TableColumn, type TableFilter } from '../../../../components/DataTable.js';
import { ExportProgress } from '../../../../components/ExportProgress.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { RejectRequestModal } from '../../../../components/RejectRequestModal.js';
import { formatDay } from '../../../../lib/dates.js';
import { useListState } from '../../../../lib/list-state.js';
import { useSessionUser } from '../../../../lib/session.js';
import { sessionMayWrite } from '../../../frame/admin/access.js';
import { useResourceTable } from '../../../frame/admin/records/ResourceListPage.js';
import {
  certificateDefinitionsResource,
  issuedCertificatesResource,
  issuedListConfig,
  NS,
  reissueCertificate,
  reissueDefinition,
  revokeCertificate,
  startZip,
  useDefinition,
} from './api.js';

const STATE_COLORS: Record<IssuedCertificateState, string> = {
  valid: 'success',
  expiring: 'warning',
  expired: 'gray',
  revoked: 'danger',
};

export function IssuedStateBadge({ state }: { state: IssuedCertificateState }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={STATE_COLORS[state]} data-testid="issued-state" data-state={state}>
      {t(`${NS}.states.${state}`)}
    </Badge>
  );
}

const failed = (error: unknown) =>
  notifications.show({ color: 'danger', message: error instanceof Error ? error.message : String(error) });

function useColumns(): TableColumn<AdminIssuedCertificate>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      {
        accessor: 'full_name',
        title: t(`${NS}.columns.full_name`),
        sortable: true,
        hideable: false,
        render: (certificate) => (
          <Stack gap={0}>
            <Text fz="sm" fw={600}>
              {certificate.user.full_name}
            </Text>
            {certificate.user.email && (
              <Text fz="xs" c="dimmed">
                {certificate.user.email}
              </Text>
            )}
          </Stack>
        ),
      },
      {
        accessor: 'number',
        title: t(`${NS}.columns.number`),
        sortable: true,
        noWrap: true,
        render: (certificate) => (
          <Text fz="sm" ff="monospace" data-testid="issued-number">
            {certificate.number}
          </Text>
        ),
      },
      {
        accessor: 'issued_at',
        title: t(`${NS}.columns.issued_at`),
        sortable: true,
        noWrap: true,
        render: (certificate) => formatDay(certificate.issued_at, i18n.language),
      },
      {
        accessor: 'expires_at',
        title: t(`${NS}.columns.expires_at`),
        sortable: true,
        noWrap: true,
        render: (certificate) =>
          certificate.expires_at ? formatDay(certificate.expires_at, i18n.language) : t(`${NS}.validity_none`),
      },
      {
        accessor: 'state',
        title: t(`${NS}.columns.state`),
        render: (certificate) => (
          <Stack gap={2} maw={260}>
            <Box>
              <IssuedStateBadge state={certificate.state} />
            </Box>
            {certificate.revoked_reason && (
              <Text fz="xs" c="dimmed" lineClamp={2} data-testid="issued-revoked-reason">
                {certificate.revoked_reason}
              </Text>
            )}
          </Stack>
        ),
      },
      {
        accessor: 'files',
        title: t(`${NS}.columns.files`),
        noWrap: true,
        render: (certificate) =>
          certificate.pdf_url || certificate.png_url ? (
            <Group gap={4} wrap="nowrap">
              {certificate.pdf_url && (
                <Tooltip label={t(`${NS}.download_pdf`)} withArrow>
                  <ActionIcon
                    component="a"
                    href={certificate.pdf_url}
                    download={`${certificate.number}.pdf`}
                    variant="subtle"
                    aria-label={`${t(`${NS}.download_pdf`)}: ${certificate.number}`}
                    data-testid="issued-pdf"
                  >
                    <IconFileTypePdf size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              )}
              {certificate.png_url && (
                <Tooltip label={t(`${NS}.download_png`)} withArrow>
                  <ActionIcon
                    component="a"
                    href={certificate.png_url}
                    download={`${certificate.number}.png`}
                    variant="subtle"
                    aria-label={`${t(`${NS}.download_png`)}: ${certificate.number}`}
                    data-testid="issued-png"
                  >
                    <IconPhoto size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          ) : certificate.status === 'revoked' ? (
            '—'
          ) : (
            <Text fz="xs" c="dimmed">
              {t(`${NS}.not_rendered`)}
            </Text>
          ),
      },
    ],
    [t, i18n.language],
  );
}

/** The zip of the listed certificates' PDFs being built on the server: its progress, then the file saved. */
function ZipPanel({ jobId, onClose }: { jobId: number; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm" aria-live="polite" data-testid="issued-zip-progress">
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <Stack gap={4} flex={1}>
          <Text fz="sm" fw={600}>
            {t(`${NS}.zip_title`)}
          </Text>
          <ExportProgress jobId={jobId} fallbackName="certificates.zip" onError={failed} />
        </Stack>
        <CloseButton aria-label={t('general.close')} onClick={onClose} data-testid="issued-zip-close" />
      </Group>
    </Paper>
  );
}

/**
 * `/admin/certificate/{id}/issued` (show_certificate): the certificates a definition issued, searched by person or
 * number, filtered by state, sorted and paged; create_certificate holders revoke one with a reason, re-issue one or
 * all valid ones (same numbers), and everyone with the list downloads files, the export and a zip of the PDFs.
 */
export default function IssuedCertificatesPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const definitionId = id && /^\d+$/.test(id) ? Number(id) : 0;
  const client = useQueryClient();
  const canWrite = sessionMayWrite(useSessionUser()?.roles, certificateDefinitionsResource.contract);
  const definition = useDefinition(definitionId);
  const list = useListState(issuedListConfig);
  const apiQuery = useMemo(() => ({ ...list.apiQuery, definition_id: definitionId }), [list.apiQuery, definitionId]);
  const { table } = useResourceTable(issuedCertificatesResource, list, { apiQuery });
  const columns = useColumns();
  const [revoking, setRevoking] = useState<AdminIssuedCertificate | null>(null);
  const [zipJob, setZipJob] = useState<number | null>(null);
  const [zipping, setZipping] = useState(false);

  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: issuedCertificatesResource.keys.all }),
      client.invalidateQueries({ queryKey: certificateDefinitionsResource.keys.all }),
    ]);

  const filters: TableFilter[] = [
    {
      kind: 'select',
      param: 'status',
      label: t(`${NS}.columns.state`),
      options: ISSUED_CERTIFICATE_STATES.map((state) => ({ value: state, label: t(`${NS}.states.${state}`) })),
    },
  ];

  const reissueOne = (certificate: AdminIssuedCertificate) =>
    confirmAction({
      title: t(`${NS}.reissue_title`),
      message: t(`${NS}.reissue_text`, { number: certificate.number }),
      confirmLabel: t(`${NS}.reissue_confirm`),
      destructive: false,
      onConfirm: async () => {
        try {
          await reissueCertificate(certificate.id);
          notifications.show({ color: 'success', message: t(`${NS}.reissued`) });
          await refresh();
        } catch (error) {
          failed(error);
        }
      },
    });

  const reissueAll = () =>
    confirmAction({
      title: t(`${NS}.reissue_all_title`),
      message: t(`${NS}.reissue_all_text`, { name: definition.data?.name ?? '' }),
      confirmLabel: t(`${NS}.reissue_confirm`),
      destructive: false,
      onConfirm: async () => {
        try {
          const count = await reissueDefinition(definitionId);
          notifications.show({ color: 'success', message: t(`${NS}.reissue_all_done`, { count }) });
          await refresh();
        } catch (error) {
          failed(error);
        }
      },
    });

  const zip = async () => {
    setZipping(true);
    try {
      setZipJob(await startZip(apiQuery));
    } catch (error) {
      failed(error);
    } finally {
      setZipping(false);
    }
  };

  const rowActions = (certificate: AdminIssuedCertificate) =>
    canWrite && certificate.status !== 'revoked' ? (
      <>
        <Tooltip label={t(`${NS}.reissue`)} withArrow>
          <ActionIcon
            variant="subtle"
            aria-label={`${t(`${NS}.reissue`)}: ${certificate.number}`}
            onClick={() => reissueOne(certificate)}
            data-testid="issued-reissue"
          >
            <IconRefresh size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t(`${NS}.revoke`)} withArrow>
          <ActionIcon
            variant="subtle"
            color="danger"
            aria-label={`${t(`${NS}.revoke`)}: ${certificate.number}`}
            onClick={() => setRevoking(certificate)}
            data-testid="issued-revoke"
          >
            <IconBan size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </>
    ) : null;

  if (definition.isLoading) {
    return (
      <Center p="xl">
        <Loader aria-label={t('resource.loading')} />
      </Center>
    );
  }
  if (definition.isError || !definition.data) {
    return (
      <Alert color="danger" title={t('resource.load_failed')} data-testid="issued-load-error">
        <Button variant="subtle" onClick={() => void definition.refetch()}>
          {t('resource.retry')}
        </Button>
      </Alert>
    );
  }
  const current = definition.data;
  const filtered = list.state.search !== '' || Object.keys(list.state.filters).length > 0;

  return (
    <>
      <PageHeader
        description={t(`${NS}.issued_description`, { name: current.name })}
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconFileZip size={16} aria-hidden />}
              loading={zipping}
              disabled={table.total === 0}
              onClick={() => void zip()}
              data-testid="issued-zip"
            >
              {t(`${NS}.zip`)}
            </Button>
            {canWrite && (
              <>
                <Button
                  variant="default"
                  leftSection={<IconPrinter size={16} aria-hidden />}
                  disabled={current.issued === 0}
                  onClick={reissueAll}
                  data-testid="issued-reissue-all"
                >
                  {t(`${NS}.reissue_all`)}
                </Button>
                <Anchor
                  component={Link}
                  to={screenPath(certificateDefinitionsResource.contract.screens.edit, { id: current.id })}
                  fz="sm"
                >
                  {t(`${NS}.back_to_definition`)}
                </Anchor>
              </>
            )}
          </Group>
        }
      />
      <Stack gap="sm">
        {zipJob !== null && <ZipPanel key={zipJob} jobId={zipJob} onClose={() => setZipJob(null)} />}
        <DataTable<AdminIssuedCertificate>
          tableId="issued-certificates"
          label={t(`${NS}.issued_title`)}
          {...table}
          exportPath={(format) => issuedCertificatesResource.exportPath(format, apiQuery)}
          columns={columns}
          filters={filters}
          rowActions={rowActions}
          emptyTitle={filtered ? t('resource.empty_filtered') : t(`${NS}.issued_empty`)}
        />
      </Stack>
      <RejectRequestModal
        requestId={revoking?.id ?? null}
        copy={{
          title: t(`${NS}.revoke_title`),
          text: revoking ? t(`${NS}.revoke_text`, { number: revoking.number, name: revoking.user.full_name }) : '',
          reason: t(`${NS}.revoke_reason`),
          placeholder: '',
          cancel: t('resource.cancel'),
          reject: t(`${NS}.revoke_confirm`),
        }}
        schema={certificateRevokeSchema}
        max={CERTIFICATE_REVOKE_REASON_MAX}
        reject={async (certificateId, body) => {
          await revokeCertificate(certificateId, body.reason);
          return { message: t(`${NS}.revoked`) };
        }}
        onClose={() => setRevoking(null)}
        onRejected={() => void refresh()}
      />
    </>
  );
}
