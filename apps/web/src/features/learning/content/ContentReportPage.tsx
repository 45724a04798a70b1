import { type ContentReport, type ContentReportRow, PROGRESS_STATUSES } from '@kampus/shared';
import { Alert, Button, Center, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DataTable, type TableColumn, type TableFilter } from '../../../components/DataTable.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { StatCard } from '../../../components/StatCard.js';
import { formatDateTime } from '../../../lib/dates.js';
import { useListState } from '../../../lib/list-state.js';
import { CONTENT_REPORT_LIST_CONFIG, reportExportPath, useContentReport } from './api.js';
import { ContentHeading } from './ContentHeading.js';
import { formatDuration } from './ContentType.js';
import { formatPercent } from './percent.js';
import { learnerColumn, progressBarColumn, progressStatusColumn } from './report-columns.js';

type Row = ContentReportRow & { id: number };

/** Time spent as hours and minutes ("2 sa 5 dk"), the way a report reads it; seconds only under a minute. */
export function formatTimeSpent(seconds: number, t: TFunction): string {
  const whole = Math.max(0, Math.round(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  if (hours > 0) return t('content.time.hours_minutes', { hours, minutes });
  if (minutes > 0) return t('content.time.minutes', { minutes });
  return t('content.time.seconds', { seconds: whole });
}

function SummaryCards({ summary }: { summary: ContentReport['summary'] }) {
  const { t, i18n } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} data-testid="content-report-summary">
      <StatCard label={t('content.report.enrolled')} value={String(summary.enrolled)} testId="summary-enrolled" />
      <StatCard label={t('content.report.started')} value={String(summary.started)} testId="summary-started" />
      <StatCard label={t('content.report.completed')} value={String(summary.completed)} testId="summary-completed" />
      <StatCard
        label={t('content.report.average_progress')}
        value={formatPercent(summary.average_progress, i18n.language)}
        testId="summary-average"
      />
      <StatCard
        label={t('content.report.time_spent')}
        value={formatTimeSpent(summary.total_time_spent_seconds, t)}
        testId="summary-time"
      />
    </SimpleGrid>
  );
}

/** Per marker of an interactive video: how many answered it and, of a scored one, how many answered right. */
function MarkersTable({ markers }: { markers: ContentReport['summary']['markers'] }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="md" data-testid="content-report-markers">
      <Title order={3} fz="md" mb="sm">
        {t('content.report.markers_title')}
      </Title>
      <Table.ScrollContainer minWidth={480}>
        <Table striped aria-label={t('content.report.markers_title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('content.report.marker_second')}</Table.Th>
              <Table.Th>{t('content.report.marker_question')}</Table.Th>
              <Table.Th ta="right">{t('content.report.marker_answers')}</Table.Th>
              <Table.Th ta="right">{t('content.report.marker_correct')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {markers.map((marker) => (
              <Table.Tr key={marker.id}>
                <Table.Td>{formatDuration(marker.second)}</Table.Td>
                <Table.Td>{marker.question}</Table.Td>
                <Table.Td ta="right">{marker.answers}</Table.Td>
                <Table.Td ta="right">
                  {!marker.scored
                    ? t('content.report.marker_unscored')
                    : marker.answers > 0
                      ? `${marker.correct} (${formatPercent((marker.correct / marker.answers) * 100, i18n.language)})`
                      : marker.correct}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function useColumns(): TableColumn<Row>[] {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const date = (value: string | null) => (value ? formatDateTime(value, i18n.language) : '—');
    return [
      learnerColumn(t('content.report.learner')),
      progressStatusColumn(t('content.report.status')),
      progressBarColumn({
        accessor: 'progress',
        title: t('content.report.progress'),
        value: (row) => row.progress,
        label: (name) => t('content.report.progress_of', { name }),
        language: i18n.language,
        testId: 'report-progress',
      }),
      {
        accessor: 'time_spent_seconds',
        title: t('content.report.time_spent'),
        sortable: true,
        noWrap: true,
        render: (row) => formatTimeSpent(row.time_spent_seconds, t),
      },
      {
        accessor: 'score',
        title: t('content.report.score'),
        noWrap: true,
        render: (row) =>
          row.score === null
            ? '—'
            : `${Math.round(row.score)}${row.success ? ` · ${t(`content.report.success_${row.success}`)}` : ''}`,
      },
      {
        accessor: 'markers_answered',
        title: t('content.report.markers'),
        noWrap: true,
        render: (row) =>
          t('content.report.markers_value', { answered: row.markers_answered, correct: row.markers_correct }),
      },
      {
        accessor: 'version',
        title: t('content.report.version'),
        noWrap: true,
        hiddenByDefault: true,
        render: (row) => `v${row.version}`,
      },
      {
        accessor: 'started_at',
        title: t('content.report.started_at'),
        sortable: true,
        noWrap: true,
        render: (row) => date(row.started_at),
      },
      {
        accessor: 'completed_at',
        title: t('content.report.completed_at'),
        sortable: true,
        noWrap: true,
        render: (row) => date(row.completed_at),
      },
    ];
  }, [t, i18n.language]);
}

/**
 * The content's usage (`/admin/content/detail/{id}`, read_contentdetailreport): the summary, the answers per marker
 * and the learners with their progress, searchable, filterable, sortable and exportable like every admin list.
 */
export default function ContentReportPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const list = useListState(CONTENT_REPORT_LIST_CONFIG);
  const report = useContentReport(id, list.apiQuery);
  const columns = useColumns();
  const filters: TableFilter[] = [
    {
      kind: 'select',
      param: 'status',
      label: t('content.report.status'),
      options: PROGRESS_STATUSES.map((status) => ({ value: status, label: t(`content.progress_status.${status}`) })),
    },
  ];
  const rows = useMemo<Row[]>(
    () => (report.data?.data ?? []).map((row) => ({ ...row, id: row.user.id })),
    [report.data],
  );
  const summary = report.data?.summary;
  return (
    <Stack>
      <PageHeader description={t('content.detail_description')} />
      <ContentHeading id={id} />
      {report.isLoading && (
        <Center p="xl">
          <Loader aria-label={t('resource.loading')} />
        </Center>
      )}
      {report.isError && !report.data && (
        <Alert color="danger" title={t('resource.load_failed')} data-testid="content-report-error">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{(report.error as Error).message}</Text>
            <Button variant="light" size="xs" onClick={() => void report.refetch()}>
              {t('resource.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {summary && <SummaryCards summary={summary} />}
      {summary && summary.markers.length > 0 && <MarkersTable markers={summary.markers} />}
      {report.data && (
        <DataTable<Row>
          tableId="content-report"
          label={t('content.report.learners_title')}
          list={list}
          columns={columns}
          records={rows}
          total={report.data.meta.total}
          fetching={report.isFetching}
          error={report.isError ? (report.error as Error).message : null}
          onRetry={() => void report.refetch()}
          filters={filters}
          exportPath={(format) => reportExportPath(id, format, list.apiQuery)}
          emptyTitle={t('content.report.empty')}
        />
      )}
    </Stack>
  );
}
