import { type AdminJob, JOB_STATES, type JobState } from '@kampus/shared';
import { Badge, Code, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/ConfirmButton.js';
import { DataTable, type TableColumn, type TableFilter } from '../../../components/DataTable.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { formatDateTime } from '../../../lib/dates.js';
import { useListState } from '../../../lib/list-state.js';
import { createdAtColumn } from '../../frame/admin/records/columns.js';
import { useResourceTable } from '../../frame/admin/records/ResourceListPage.js';
import { jobListConfig, jobsResource, retryJob } from './api.js';

const STATE_COLORS: Record<JobState, string> = { queued: 'gray', running: 'blue', done: 'success', failed: 'danger' };

function useColumns(): TableColumn<AdminJob>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      { accessor: 'id', title: '#', noWrap: true, render: (job) => job.id },
      {
        accessor: 'name',
        title: t('jobs.columns.name'),
        hideable: false,
        render: (job) => <Code>{job.name}</Code>,
      },
      {
        accessor: 'state',
        title: t('jobs.columns.state'),
        noWrap: true,
        render: (job) => (
          <Badge variant="light" color={STATE_COLORS[job.state]} miw="max-content" data-testid="job-state">
            {t(`jobs.states.${job.state}`)}
          </Badge>
        ),
      },
      {
        accessor: 'attempts',
        title: t('jobs.columns.attempts'),
        textAlign: 'right',
        render: (job) => `${job.attempts}/${job.max_attempts}`,
      },
      {
        accessor: 'last_error',
        title: t('jobs.columns.last_error'),
        render: (job) =>
          job.last_error ? (
            <Tooltip label={job.last_error} multiline maw={480} withArrow>
              <Text size="sm" lineClamp={2} maw={360}>
                {job.last_error}
              </Text>
            </Tooltip>
          ) : (
            '—'
          ),
      },
      {
        accessor: 'company',
        title: t('jobs.columns.company'),
        render: (job) => job.company?.name ?? t('jobs.platform'),
      },
      createdAtColumn(t('jobs.columns.created_at'), i18n.language, { sortable: false, hiddenByDefault: false }),
      {
        accessor: 'run_at',
        title: t('jobs.columns.run_at'),
        noWrap: true,
        hiddenByDefault: true,
        render: (job) => formatDateTime(job.run_at, i18n.language),
      },
      {
        accessor: 'finished_at',
        title: t('jobs.columns.finished_at'),
        noWrap: true,
        render: (job) => (job.finished_at ? formatDateTime(job.finished_at, i18n.language) : '—'),
      },
    ],
    [t, i18n.language],
  );
}

/** /admin/jobs (super admins): every background job, newest first; a dead letter can be run again. */
export default function JobsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const list = useListState(jobListConfig);
  const { table } = useResourceTable(jobsResource, list, { exportable: false });
  const columns = useColumns();
  const filters: TableFilter[] = [
    {
      kind: 'select',
      param: 'state',
      label: t('jobs.columns.state'),
      options: JOB_STATES.map((state) => ({ value: state, label: t(`jobs.states.${state}`) })),
    },
  ];

  const retry = async (job: AdminJob) => {
    try {
      const { message } = await retryJob(job.id);
      notifications.show({ color: 'success', message });
    } catch (error) {
      notifications.show({
        color: 'danger',
        message: error instanceof Error ? error.message : t('general.error_occurred'),
      });
    }
    await client.invalidateQueries({ queryKey: jobsResource.keys.all });
  };

  const rowActions = (job: AdminJob) =>
    job.state === 'failed' ? (
      <ConfirmButton
        icon={<IconRefresh size={18} aria-hidden />}
        destructive={false}
        title={t('jobs.retry_title')}
        message={t('jobs.retry_text', { name: job.name, id: job.id })}
        confirmLabel={t('jobs.retry')}
        onConfirm={() => retry(job)}
        data-testid="job-retry"
      >
        {t('jobs.retry_job', { name: job.name, id: job.id })}
      </ConfirmButton>
    ) : null;

  return (
    <>
      <PageHeader description={t('jobs.description')} />
      <DataTable<AdminJob>
        tableId="jobs"
        label={t('jobs.title')}
        {...table}
        columns={columns}
        filters={filters}
        rowActions={rowActions}
        emptyTitle={t('jobs.empty')}
      />
    </>
  );
}
