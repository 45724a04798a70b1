import { type EducationReport, type EducationReportRow, PROGRESS_STATUSES } from '@kampus/shared';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPencil, IconSchool } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { pathTo } from '../../../../app/route-names.js';
import { DataTable, type TableColumn, type TableFilter } from '../../../../components/DataTable.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { StatCard } from '../../../../components/StatCard.js';
import { formatDateTime } from '../../../../lib/dates.js';
import { useListState } from '../../../../lib/list-state.js';
import { useSessionUser } from '../../../../lib/session.js';
import { sessionCan } from '../../../frame/admin/access.js';
import { formatPercent } from '../../content/percent.js';
import { learnerColumn, progressBarColumn, progressStatusColumn } from '../../content/report-columns.js';
import {
  EDUCATION_REPORT_LIST_CONFIG,
  reportExportPath,
  useEducationReport,
  useEducationReportOptions,
} from './api.js';
import { formatDay } from './dates.js';
import { VisibilityBadge } from './EducationsListPage.js';
import { EnrolButton } from './EnrolModal.js';

type Row = EducationReportRow & { id: number };

/** The address's `id`, when it is a usable one. */
function useEducationId(): [number | null, (id: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  // A new education starts its table afresh: its filters, sort and page belong to the other one.
  return [id, (next: number) => setParams({ id: String(next) })];
}

/** Chooses the education whose learners are shown; searches the catalogue as one types. */
function EducationChooser({
  id,
  title,
  onChoose,
}: {
  id: number | null;
  title?: string;
  onChoose: (id: number) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const options = useEducationReportOptions(debounced);
  const data = useMemo(() => {
    const found = (options.data ?? []).map((education) => ({ value: String(education.id), label: education.title }));
    if (id !== null && title !== undefined && !found.some((option) => option.value === String(id))) {
      found.unshift({ value: String(id), label: title });
    }
    return found;
  }, [options.data, id, title]);
  return (
    <Select
      label={t('educationReport.choose_label')}
      placeholder={t('educationReport.choose_placeholder')}
      data={data}
      value={id ? String(id) : null}
      onChange={(next) => next && onChoose(Number(next))}
      searchable
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? t('resource.loading') : t('educationReport.choose_none')}
      rightSection={
        options.isFetching ? <Loader size="xs" role="status" aria-label={t('resource.loading')} /> : undefined
      }
      error={options.isError ? t('resource.load_failed') : undefined}
      maw={480}
      data-testid="education-chooser"
    />
  );
}

function SummaryCards({ summary }: { summary: EducationReport['summary'] }) {
  const { t, i18n } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} data-testid="education-report-summary">
      <StatCard label={t('educationReport.enrolled')} value={String(summary.enrolled)} testId="summary-enrolled" />
      <StatCard label={t('educationReport.started')} value={String(summary.started)} testId="summary-started" />
      <StatCard label={t('educationReport.completed')} value={String(summary.completed)} testId="summary-completed" />
      <StatCard
        label={t('educationReport.average_rate')}
        value={formatPercent(summary.average_rate, i18n.language)}
        testId="summary-average"
      />
    </SimpleGrid>
  );
}

/** The education above its report: title, visibility, parts, and the way to edit it. */
function EducationHeading({ education, canEdit }: { education: EducationReport['education']; canEdit: boolean }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-start" data-testid="education-heading">
      <Group gap="sm" wrap="nowrap">
        <Center w={40} h={40} bg="var(--mantine-primary-color-light)" style={{ borderRadius: 8 }} aria-hidden>
          <IconSchool size={22} />
        </Center>
        <Stack gap={2}>
          <Title order={2} fz="lg">
            {education.title}
          </Title>
          <Group gap={6}>
            <VisibilityBadge visibility={education.visibility} />
            <Badge variant="default">{t('educationReport.parts_count', { count: education.parts_count })}</Badge>
          </Group>
        </Stack>
      </Group>
      {canEdit && (
        <Button
          component={Link}
          to={pathTo('company.content.catalog.edit', { id: education.id })}
          variant="default"
          leftSection={<IconPencil size={16} aria-hidden />}
          data-testid="education-edit-link"
        >
          {t('educationReport.edit_education')}
        </Button>
      )}
    </Group>
  );
}

function useColumns(): TableColumn<Row>[] {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const date = (value: string | null) => (value ? formatDateTime(value, i18n.language) : '—');
    return [
      learnerColumn(t('educationReport.learner')),
      {
        accessor: 'source',
        title: t('educationReport.source'),
        noWrap: true,
        render: (row) => t(`educationReport.sources.${row.source}`),
      },
      progressStatusColumn(t('educationReport.status')),
      progressBarColumn({
        accessor: 'finished_rate',
        title: t('educationReport.finished_rate'),
        value: (row) => row.finished_rate,
        label: (name) => t('educationReport.rate_of', { name }),
        language: i18n.language,
        testId: 'report-rate',
      }),
      {
        accessor: 'completed_parts',
        title: t('educationReport.parts_done'),
        noWrap: true,
        render: (row) => `${row.completed_parts} / ${row.parts_count}`,
      },
      {
        accessor: 'enrolled_at',
        title: t('educationReport.enrolled_at'),
        sortable: true,
        noWrap: true,
        render: (row) => date(row.enrolled_at),
      },
      {
        accessor: 'last_activity_at',
        title: t('educationReport.last_activity_at'),
        sortable: true,
        noWrap: true,
        render: (row) => date(row.last_activity_at),
      },
      {
        accessor: 'completed_at',
        title: t('educationReport.completed_at'),
        sortable: true,
        noWrap: true,
        render: (row) => date(row.completed_at),
      },
      {
        accessor: 'due_at',
        title: t('educationReport.due_at'),
        noWrap: true,
        // A due day is a calendar day (YYYY-MM-DD), not a moment: no clock time, no time zone shift.
        render: (row) => formatDay(row.due_at) ?? date(row.due_at),
      },
    ];
  }, [t, i18n.language]);
}

/** One education's learners: summary, the table (address state), export and enrolling people. */
function EducationReportView({ id, onChoose }: { id: number; onChoose: (id: number) => void }) {
  const { t } = useTranslation();
  const roles = useSessionUser()?.roles;
  const canWrite = sessionCan(roles, 'create_training');
  const list = useListState(EDUCATION_REPORT_LIST_CONFIG);
  const report = useEducationReport(id, list.apiQuery);
  const columns = useColumns();
  const filters: TableFilter[] = [
    {
      kind: 'select',
      param: 'status',
      label: t('educationReport.status'),
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
      <EducationChooser id={id} title={report.data?.education.title} onChoose={onChoose} />
      {report.data && <EducationHeading education={report.data.education} canEdit={canWrite} />}
      {report.isLoading && (
        <Center p="xl">
          <Loader role="status" aria-label={t('resource.loading')} />
        </Center>
      )}
      {report.isError && !report.data && (
        <Alert color="danger" title={t('resource.load_failed')} data-testid="education-report-error">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{(report.error as Error).message}</Text>
            <Button variant="light" size="xs" onClick={() => void report.refetch()}>
              {t('resource.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {summary && <SummaryCards summary={summary} />}
      {report.data && (
        <>
          {canWrite && (
            <Group justify="flex-end">
              <EnrolButton educationId={id} />
            </Group>
          )}
          <DataTable<Row>
            tableId="education-report"
            label={t('educationReport.learners_title')}
            list={list}
            columns={columns}
            records={rows}
            total={report.data.meta.total}
            fetching={report.isFetching}
            error={report.isError ? (report.error as Error).message : null}
            onRetry={() => void report.refetch()}
            filters={filters}
            exportPath={(format) => reportExportPath(id, format, list.apiQuery)}
            emptyTitle={t('educationReport.empty')}
          />
        </>
      )}
    </Stack>
  );
}

/**
 * `/admin/education/detail?id={id}` (read_training): one education's enrolments and each learner's progress. Without
 * an id it asks which education to show.
 */
export default function EducationDetailPage() {
  const { t } = useTranslation();
  const [id, choose] = useEducationId();
  return (
    <Stack>
      <PageHeader description={t('educationReport.description')} />
      {id === null ? (
        <>
          <EducationChooser id={null} onChoose={choose} />
          <Paper withBorder radius="lg" p="lg">
            <EmptyState
              icon={<IconSchool size={26} aria-hidden />}
              title={t('educationReport.choose_title')}
              text={t('educationReport.choose_text')}
              testId="education-report-choose"
            />
          </Paper>
        </>
      ) : (
        <EducationReportView key={id} id={id} onChoose={choose} />
      )}
    </Stack>
  );
}
