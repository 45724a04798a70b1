import type { Assignee, Assignment } from '@kampus/shared';
import { ActionIcon, Button, Group, Modal, Paper, Progress, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBellRinging, IconFileSpreadsheet, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../../components/ConfirmButton.js';
import { DataTable, type TableColumn, type TableFilter } from '../../../../components/DataTable.js';
import { ExportProgress } from '../../../../components/ExportProgress.js';
import { formatDateTime } from '../../../../lib/dates.js';
import { ApiError } from '../../../../lib/http.js';
import { useListState } from '../../../../lib/list-state.js';
import type { PickedPerson } from '../../../organisation/user-groups/form.js';
import { MemberPicker } from '../../../organisation/user-groups/MemberPicker.js';
import { AssigneeStatusBadge } from '../learner/visuals.js';
import {
  addAssignees,
  assignmentsResource,
  cancelAssignee,
  exportAssignees,
  PEOPLE_LIST_CONFIG,
  peopleKey,
  remindAssignee,
  useAssignees,
} from './api.js';

const NS = 'assignmentAdmin';

function usePeopleColumns(): TableColumn<Assignee & { id: number }>[] {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const when = (value: string | null) => (value ? formatDateTime(value, i18n.language) : '—');
    return [
      {
        accessor: 'name',
        title: t(`${NS}.people.person`),
        sortable: true,
        hideable: false,
        render: (row) => (
          <Stack gap={0}>
            <Text fz="sm" fw={600}>{`${row.user.name} ${row.user.surname}`}</Text>
            {row.user.email && (
              <Text fz="xs" c="dimmed">
                {row.user.email}
              </Text>
            )}
          </Stack>
        ),
      },
      {
        accessor: 'status',
        title: t(`${NS}.people.status`),
        sortable: true,
        noWrap: true,
        render: (row) => <AssigneeStatusBadge status={row.status} />,
      },
      {
        accessor: 'progress',
        title: t(`${NS}.people.progress`),
        sortable: true,
        render: (row) => (
          <Group gap="xs" wrap="nowrap" miw={120}>
            <Progress value={row.progress} size="sm" style={{ flex: 1 }} aria-label={t(`${NS}.people.progress`)} />
            <Text fz="xs" w={36} ta="right">
              {t(`${NS}.percent`, { value: Math.round(row.progress) })}
            </Text>
          </Group>
        ),
      },
      {
        accessor: 'last_activity_at',
        title: t(`${NS}.people.last_activity`),
        sortable: true,
        noWrap: true,
        render: (row) => when(row.last_activity_at),
      },
      {
        accessor: 'completed_at',
        title: t(`${NS}.people.completed_at`),
        sortable: true,
        noWrap: true,
        render: (row) => when(row.completed_at),
      },
      {
        accessor: 'assigned_at',
        title: t(`${NS}.people.assigned_at`),
        sortable: true,
        noWrap: true,
        hiddenByDefault: true,
        render: (row) => when(row.assigned_at),
      },
    ];
  }, [t, i18n.language]);
}

/** The share of the people who completed it, as a bar with its number. */
function Summary({ summary }: { summary: NonNullable<ReturnType<typeof useAssignees>['data']>['summary'] }) {
  const { t, i18n } = useTranslation();
  const numbers = (['people', 'not_started', 'in_progress', 'completed', 'overdue'] as const).map((key) => ({
    key,
    value: summary[key].toLocaleString(i18n.language),
  }));
  return (
    <Paper withBorder radius="lg" p="md" data-testid="assignment-people-summary">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{t(`${NS}.people.completion_rate`)}</Text>
          <Text fw={700} data-testid="assignment-completion-rate">
            {t(`${NS}.percent`, { value: Math.round(summary.completion_rate) })}
          </Text>
        </Group>
        <Progress value={summary.completion_rate} color="green" aria-label={t(`${NS}.people.completion_rate`)} />
        <SimpleGrid cols={{ base: 2, sm: 5 }}>
          {numbers.map(({ key, value }) => (
            <Stack key={key} gap={0}>
              <Text fz="xs" c="dimmed">
                {t(`${NS}.people.counts.${key}`)}
              </Text>
              <Text fw={600} data-testid={`assignment-count-${key}`}>
                {value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/**
 * Gives the assignment to more people by hand, with the same picker the target uses: they get it as publishing gives
 * it (rows, items, notification, mail). The server's field error (already in it, not an active user) stays under the
 * picker; nothing is sent until someone is chosen.
 */
function AddPeopleButton({ assignmentId, onAdded }: { assignmentId: number; onAdded: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [people, setPeople] = useState<PickedPerson[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const close = () => {
    setOpened(false);
    setPeople([]);
    setError(undefined);
  };
  const submit = async () => {
    if (people.length === 0) {
      setError(t(`${NS}.people.add_none`));
      return;
    }
    setSaving(true);
    try {
      const answer = await addAssignees(
        assignmentId,
        people.map((person) => person.id),
      );
      notifications.show({ color: 'success', message: answer.message });
      close();
      await onAdded();
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fieldErrors : {};
      const field = Object.entries(fields).find(([key]) => key.startsWith('user_ids'))?.[1]?.[0];
      if (field) setError(field);
      else
        notifications.show({
          color: 'danger',
          message: failure instanceof Error ? failure.message : t('general.error_occurred'),
        });
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Button
        leftSection={<IconUserPlus size={16} aria-hidden />}
        onClick={() => setOpened(true)}
        data-testid="assignment-people-add"
      >
        {t(`${NS}.people.add`)}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t(`${NS}.people.add_title`)}
        closeButtonProps={{ 'aria-label': t('general.close') }}
        data-testid="assignment-people-add-modal"
      >
        <Stack>
          <Text fz="sm" c="dimmed">
            {t(`${NS}.people.add_text`)}
          </Text>
          <MemberPicker
            label={t(`${NS}.people.add_people`)}
            value={people}
            onChange={(next) => {
              setPeople(next);
              setError(undefined);
            }}
            error={error}
            testId="assignment-people-add-picker"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('resource.cancel')}
            </Button>
            <Button loading={saving} onClick={() => void submit()} data-testid="assignment-people-add-confirm">
              {t(`${NS}.people.add_confirm`)}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * One assignment's people: status, progress, last activity and completion, filtered by status and searched; a
 * reminder again for one person, people added by hand, a person cancelled (asked first; their progress stays) and the
 * list as xlsx.
 */
export function PeopleSection({ assignment }: { assignment: Assignment }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const list = useListState(PEOPLE_LIST_CONFIG);
  const query = useAssignees(assignment.id, list.apiQuery);
  const columns = usePeopleColumns();
  const [exportJob, setExportJob] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const rows = useMemo(() => (query.data?.data ?? []).map((row) => ({ ...row, id: row.user.id })), [query.data]);
  const filters: TableFilter[] = [
    {
      kind: 'select',
      param: 'status',
      label: t(`${NS}.people.status`),
      options: ['not_started', 'in_progress', 'completed', 'overdue', 'cancelled'].map((value) => ({
        value,
        label: t(`assignmentLearner.status.${value}`),
      })),
    },
  ];
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: peopleKey(assignment.id) }),
      client.invalidateQueries({ queryKey: assignmentsResource.keys.item(assignment.id) }),
    ]);
  const report = (error: unknown) =>
    notifications.show({
      color: 'danger',
      message: error instanceof Error ? error.message : t('general.error_occurred'),
    });
  const remind = (row: Assignee) =>
    remindAssignee(assignment.id, row.user.id).then(
      (answer) => notifications.show({ color: 'success', message: answer.message ?? t(`${NS}.people.reminded`) }),
      report,
    );
  const cancel = (row: Assignee) =>
    cancelAssignee(assignment.id, row.user.id).then(async (answer) => {
      notifications.show({ color: 'success', message: answer.message ?? t(`${NS}.people.cancelled`) });
      await refresh();
    }, report);
  const startExport = async () => {
    setExporting(true);
    try {
      setExportJob(await exportAssignees(assignment.id, list.apiQuery));
    } catch (error) {
      report(error);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Stack data-testid="assignment-people">
      {query.data && <Summary summary={query.data.summary} />}
      <Group justify="flex-end">
        {assignment.status !== 'cancelled' && <AddPeopleButton assignmentId={assignment.id} onAdded={refresh} />}
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          loading={exporting}
          onClick={() => void startExport()}
          data-testid="assignment-people-export"
        >
          {t(`${NS}.people.export`)}
        </Button>
      </Group>
      {exportJob !== null && (
        <ExportProgress jobId={exportJob} fallbackName={`assignment-${assignment.id}-people.xlsx`} />
      )}
      <DataTable<Assignee & { id: number }>
        tableId="assignment-people"
        label={t(`${NS}.people.title`)}
        list={list}
        columns={columns}
        filters={filters}
        records={rows}
        total={query.data?.meta.total ?? 0}
        fetching={query.isFetching}
        error={query.isError ? (query.error as Error).message : null}
        onRetry={() => void query.refetch()}
        rowActions={(row) => {
          const name = `${row.user.name} ${row.user.surname}`;
          if (row.status === 'cancelled' || row.status === 'completed') return null;
          return (
            <Group gap={4} wrap="nowrap">
              <Tooltip label={t(`${NS}.people.remind`)}>
                <ActionIcon
                  variant="subtle"
                  onClick={() => void remind(row)}
                  aria-label={`${t(`${NS}.people.remind`)}: ${name}`}
                  data-testid="assignee-remind"
                >
                  <IconBellRinging size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <ConfirmButton
                icon={<IconUserMinus size={18} aria-hidden />}
                title={t(`${NS}.people.cancel_title`)}
                message={t(`${NS}.people.cancel_text`, { name })}
                confirmLabel={t(`${NS}.people.cancel`)}
                onConfirm={() => cancel(row)}
                data-testid="assignee-cancel"
              >
                {`${t(`${NS}.people.cancel`)}: ${name}`}
              </ConfirmButton>
            </Group>
          );
        }}
        emptyTitle={t(`${NS}.people.empty`)}
      />
    </Stack>
  );
}
