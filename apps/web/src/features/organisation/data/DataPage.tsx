import type { DataRequest } from '@kampus/shared';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDatabaseExport, IconDownload, IconUserX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pathTo } from '../../../app/route-names.js';
import { DataTable, type TableColumn, type TableFilter } from '../../../components/DataTable.js';
import { ExportProgress } from '../../../components/ExportProgress.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { formatDateTime } from '../../../lib/dates.js';
import { useListState } from '../../../lib/list-state.js';
import {
  AddButton,
  listTextKeys,
  useRecordRowActions,
  useResourceTable,
} from '../../frame/admin/records/ResourceListPage.js';
import {
  DATA_REQUEST_LIST_CONFIG,
  dataRequestsResource,
  downloadSubjectData,
  eraseSubject,
  startCompanyExport,
} from './api.js';
import { DueBadge } from './DueBadge.js';
import { confirmErasure } from './EraseConfirm.js';
import { useSubjectName } from './subject-name.js';

const failed = (title: string) => (error: unknown) =>
  notifications.show({ color: 'danger', title, message: error instanceof Error ? error.message : '' });

/**
 * The company workbook: one click starts it on the server; its progress shows here and the file is saved by itself
 * once written (and can be saved again).
 */
function ExportCard() {
  const { t } = useTranslation();
  const [starting, setStarting] = useState(false);
  const [jobId, setJobId] = useState<number | null>(null);
  const run = async () => {
    setStarting(true);
    try {
      setJobId(await startCompanyExport());
    } catch (error) {
      failed(t('data.export_failed'))(error);
    } finally {
      setStarting(false);
    }
  };
  const saved = useCallback(
    (name: string) => notifications.show({ color: 'success', message: t('data.export_done', { name }) }),
    [t],
  );
  const saveFailed = useMemo(() => failed(t('data.export_failed')), [t]);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="data-export-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={4} maw={560}>
            <Title order={2} fz="h4" id="data-export-title">
              {t('data.export_title')}
            </Title>
            <Text fz="sm" c="dimmed">
              {t('data.export_text')}
            </Text>
          </Stack>
          <Button
            leftSection={<IconDatabaseExport size={18} aria-hidden />}
            loading={starting}
            onClick={() => void run()}
            data-testid="data-export"
          >
            {t('data.export_button')}
          </Button>
        </Group>
        {jobId !== null && (
          <div aria-live="polite" data-testid="data-export-progress">
            <ExportProgress
              key={jobId}
              jobId={jobId}
              fallbackName="company-data.xlsx"
              onSaved={saved}
              onError={saveFailed}
            />
          </div>
        )}
      </Stack>
    </Paper>
  );
}

function useColumns(): TableColumn<DataRequest>[] {
  const { t, i18n } = useTranslation();
  const subjectName = useSubjectName();
  return useMemo(
    () => [
      {
        accessor: 'subject',
        title: t('data.fields.subject'),
        hideable: false,
        render: (request) => (
          <Text fz="sm" fs={request.subject ? undefined : 'italic'} data-testid="request-subject">
            {subjectName(request)}
          </Text>
        ),
      },
      {
        accessor: 'kind',
        title: t('data.fields.kind'),
        sortable: true,
        noWrap: true,
        render: (request) => (
          <Badge variant="outline" color={request.kind === 'erasure' ? 'danger' : 'brand'}>
            {t(`data.kind_short.${request.kind}`)}
          </Badge>
        ),
      },
      {
        accessor: 'received_at',
        title: t('data.fields.received_at'),
        sortable: true,
        noWrap: true,
      },
      {
        accessor: 'due_at',
        title: t('data.fields.due'),
        sortable: true,
        noWrap: true,
        render: (request) => (
          <Group gap={6} wrap="nowrap">
            <Text fz="sm">{request.due_at}</Text>
            <DueBadge request={request} />
          </Group>
        ),
      },
      {
        accessor: 'status',
        title: t('data.fields.status'),
        sortable: true,
        noWrap: true,
        render: (request) => t(`data.statuses.${request.status}`),
      },
      {
        accessor: 'handled_by',
        title: t('data.fields.handled'),
        render: (request) =>
          request.handled_by && request.handled_at
            ? t('data.handled_by_at', {
                name: `${request.handled_by.name} ${request.handled_by.surname}`,
                at: formatDateTime(request.handled_at, i18n.language),
              })
            : request.handled_at
              ? formatDateTime(request.handled_at, i18n.language)
              : '',
      },
    ],
    [t, i18n.language, subjectName],
  );
}

/** The personal-data requests: overdue first in red, the deadline in days, and the actions each request allows. */
function RequestsSection() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const list = useListState(DATA_REQUEST_LIST_CONFIG);
  const { store, table } = useResourceTable(dataRequestsResource, list);
  const columns = useColumns();
  const subjectName = useSubjectName();
  // Answered requests are the company's proof: only open ones can be deleted (the server refuses the others too).
  const editAndDelete = useRecordRowActions<DataRequest>(store, listTextKeys('data'), {
    testId: 'request',
    editPath: (request) => pathTo('company.data.request.edit', { id: request.id }),
    itemName: subjectName,
    canDelete: (request) => request.status === 'open',
  });
  const filters: TableFilter[] = [
    {
      kind: 'select',
      param: 'status',
      label: t('data.fields.status'),
      options: (['open', 'completed', 'rejected'] as const).map((value) => ({
        value,
        label: t(`data.statuses.${value}`),
      })),
    },
    {
      kind: 'select',
      param: 'kind',
      label: t('data.fields.kind'),
      options: (['access', 'erasure'] as const).map((value) => ({ value, label: t(`data.kind_short.${value}`) })),
    },
    {
      kind: 'select',
      param: 'due',
      label: t('data.fields.due'),
      options: (['overdue', 'due_soon'] as const).map((value) => ({
        value,
        label: t(`data.due_filter.${value}`),
      })),
    },
  ];

  const erase = (request: DataRequest) =>
    confirmErasure({
      name: subjectName(request),
      label: request.subject_label,
      onConfirm: () =>
        eraseSubject(request.id)
          .then(async () => {
            notifications.show({ color: 'success', message: t('data.erased') });
            await client.invalidateQueries({ queryKey: dataRequestsResource.keys.all });
          })
          .catch(failed(t('data.erase'))),
    });

  const rowActions = (request: DataRequest) => {
    const name = subjectName(request);
    return (
      <>
        {request.kind === 'access' && request.subject && (
          <Tooltip label={t('data.download')} withArrow>
            <ActionIcon
              variant="subtle"
              aria-label={t('data.download_for', { name })}
              onClick={() => void downloadSubjectData(request.id).catch(failed(t('data.export_failed')))}
              data-testid="request-download"
            >
              <IconDownload size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
        {request.kind === 'erasure' && request.status === 'open' && request.subject && (
          <Tooltip label={t('data.erase')} withArrow>
            <ActionIcon
              variant="subtle"
              color="danger"
              aria-label={t('data.erase_for', { name })}
              onClick={() => erase(request)}
              data-testid="request-erase"
            >
              <IconUserX size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
        {editAndDelete(request)}
      </>
    );
  };

  const addButton = <AddButton to={pathTo('company.data.request.add')} label={t('data.add')} testId="request-add" />;

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="data-requests-title">
      <Stack>
        <Title order={2} fz="h4" id="data-requests-title">
          {t('data.requests_title')}
        </Title>
        <PageHeader description={t('data.requests_text')} actions={addButton} />
        <DataTable<DataRequest>
          tableId="data-requests"
          label={t('data.requests_title')}
          {...table}
          columns={columns}
          filters={filters}
          rowActions={rowActions}
          emptyTitle={t('data.empty')}
          emptyAction={addButton}
        />
      </Stack>
    </Paper>
  );
}

/** /admin/data (read_companysetting): the company's data export and its personal-data requests. */
export default function DataPage() {
  const { t } = useTranslation();
  return (
    <Stack maw={1200} data-testid="data-page">
      <PageHeader description={t('data.description')} />
      <ExportCard />
      <RequestsSection />
    </Stack>
  );
}
