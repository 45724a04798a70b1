import { assignmentsContract, type TrainingRequest, type TrainingRequestStatus } from '@kampus/shared';
import { ActionIcon, Anchor, Badge, Button, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DataTable, type TableColumn, type TableFilter } from '../../../components/DataTable.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { formatDateTime } from '../../../lib/dates.js';
import { useListState } from '../../../lib/list-state.js';
import { useSessionUser } from '../../../lib/session.js';
import { sessionCan } from '../../frame/admin/access.js';
import { createdAtColumn } from '../../frame/admin/records/columns.js';
import { useResourceTable } from '../../frame/admin/records/ResourceListPage.js';
import { trainingRequestListConfig, trainingRequestsPath, trainingRequestsResource } from './api.js';
import { type Decision, DecisionModal } from './DecisionModals.js';

const STATUS_COLORS: Record<TrainingRequestStatus, string> = {
  pending: 'blue',
  approved: 'success',
  rejected: 'danger',
};
const personOf = (request: TrainingRequest) => `${request.user.name} ${request.user.surname}`;

export function StatusBadge({ status }: { status: TrainingRequestStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} data-testid="request-status" data-status={status}>
      {t(`trainingRequest.status_${status}`)}
    </Badge>
  );
}

function useColumns(oneEducation: boolean): TableColumn<TrainingRequest>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      {
        accessor: 'name',
        title: t('trainingRequest.col_person'),
        sortable: true,
        hideable: false,
        render: (request) => (
          <Stack gap={0}>
            <Text fz="sm" fw={600}>
              {personOf(request)}
            </Text>
            {request.user.email && (
              <Text fz="xs" c="dimmed">
                {request.user.email}
              </Text>
            )}
          </Stack>
        ),
      },
      ...(oneEducation
        ? []
        : [
            {
              accessor: 'education',
              title: t('trainingRequest.col_education'),
              sortable: true,
              render: (request: TrainingRequest) => (
                <Anchor component={Link} to={trainingRequestsPath(request.education.id)} fz="sm">
                  {request.education.title}
                </Anchor>
              ),
            } satisfies TableColumn<TrainingRequest>,
          ]),
      {
        accessor: 'note',
        title: t('trainingRequest.col_note'),
        render: (request) => (
          <Text fz="sm" lineClamp={2} maw={320}>
            {request.note ?? t('trainingRequest.no_note')}
          </Text>
        ),
      },
      createdAtColumn(t('trainingRequest.col_requested'), i18n.language, { hiddenByDefault: false }),
      {
        accessor: 'status',
        title: t('trainingRequest.col_status'),
        noWrap: true,
        render: (request) => <StatusBadge status={request.status} />,
      },
      {
        accessor: 'decided_at',
        title: t('trainingRequest.col_decision'),
        sortable: true,
        render: (request) =>
          request.decided_at ? (
            <Stack gap={0}>
              <Text fz="xs">{formatDateTime(request.decided_at, i18n.language)}</Text>
              {request.decided_by && (
                <Text fz="xs" c="dimmed">
                  {t('trainingRequest.decided_by', {
                    name: `${request.decided_by.name} ${request.decided_by.surname}`,
                  })}
                </Text>
              )}
              {request.reason && (
                <Text fz="xs" lineClamp={2} maw={280} data-testid="request-reason">
                  {request.reason}
                </Text>
              )}
              {request.assignment_id !== null && (
                <Anchor
                  component={Link}
                  to={assignmentsContract.screens.edit.path.replace(':id', String(request.assignment_id))}
                  fz="xs"
                >
                  {t('trainingRequest.view_assignment')}
                </Anchor>
              )}
            </Stack>
          ) : (
            '—'
          ),
      },
    ],
    [t, i18n.language, oneEducation],
  );
}

function useFilters(): TableFilter[] {
  const { t } = useTranslation();
  return [
    {
      kind: 'select',
      param: 'status',
      label: t('trainingRequest.col_status'),
      options: (['pending', 'approved', 'rejected'] as const).map((s) => ({
        value: s,
        label: t(`trainingRequest.status_${s}`),
      })),
    },
    { kind: 'date-range', from: 'from', to: 'to', label: t('trainingRequest.col_requested') },
  ];
}

/**
 * /admin/requests/training/{id?}: learners' requests for educations on request — of one education (the id) or all —
 * filtered by status and date, searched by person, sorted and paged; create_assignment holders approve (an assignment
 * of the education for the person) or reject with a reason, each asked first.
 */
export default function TrainingRequestsPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const educationId = id && /^\d+$/.test(id) ? Number(id) : null;
  const client = useQueryClient();
  const canDecide = sessionCan(useSessionUser()?.roles, 'create_assignment');
  const list = useListState(trainingRequestListConfig);
  const apiQuery = useMemo(
    () => (educationId ? { ...list.apiQuery, education_id: educationId } : list.apiQuery),
    [list.apiQuery, educationId],
  );
  const { table, store } = useResourceTable(trainingRequestsResource, list, { apiQuery, exportable: false });
  const columns = useColumns(educationId !== null);
  const filters = useFilters();
  const [decision, setDecision] = useState<Decision | null>(null);
  const educationTitle = educationId ? store.items[0]?.education.title : undefined;

  // A decision changes this list, the pending badges of the catalogue and the assignments.
  const refresh = () => client.invalidateQueries({ queryKey: ['admin'] });

  const rowActions = (request: TrainingRequest) =>
    canDecide && request.status === 'pending' ? (
      <>
        <Tooltip label={t('trainingRequest.approve')} withArrow>
          <ActionIcon
            variant="subtle"
            color="success"
            aria-label={`${t('trainingRequest.approve')}: ${personOf(request)}`}
            onClick={() => setDecision({ kind: 'approve', request })}
            data-testid="request-approve"
          >
            <IconCheck size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('trainingRequest.reject')} withArrow>
          <ActionIcon
            variant="subtle"
            color="danger"
            aria-label={`${t('trainingRequest.reject')}: ${personOf(request)}`}
            onClick={() => setDecision({ kind: 'reject', request })}
            data-testid="request-reject"
          >
            <IconX size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </>
    ) : null;

  return (
    <>
      <PageHeader
        description={
          educationTitle
            ? t('trainingRequest.admin_title_for', { name: educationTitle })
            : t('trainingRequest.admin_description')
        }
        actions={
          educationId ? (
            <Button component={Link} to={trainingRequestsPath()} variant="default" data-testid="all-requests">
              {t('trainingRequest.all_requests')}
            </Button>
          ) : undefined
        }
      />
      <DataTable<TrainingRequest>
        tableId="training-requests"
        label={t('trainingRequest.admin_title')}
        {...table}
        columns={columns}
        filters={filters}
        rowActions={rowActions}
        emptyTitle={
          Object.keys(list.state.filters).length > 0 || list.state.search
            ? t('trainingRequest.empty_filtered')
            : t('trainingRequest.empty')
        }
      />
      <DecisionModal decision={decision} onClose={() => setDecision(null)} onDecided={() => void refresh()} />
    </>
  );
}
