import { type Enrolment, enrolmentCreateSchema } from '@kampus/shared';
import { Alert, Button, Group, Loader, MultiSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconUserMinus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ConfirmButton } from '../../../components/ConfirmButton.js';
import { DataTable, type TableColumn } from '../../../components/DataTable.js';
import { DayInput } from '../../../components/DayInput.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { formatDateTime, formatLongDate } from '../../../lib/dates.js';
import { useSchemaForm } from '../../../lib/form.js';
import { useListState } from '../../../lib/list-state.js';
import type { PickedPerson } from '../../organisation/user-groups/form.js';
import { MemberPicker } from '../../organisation/user-groups/MemberPicker.js';
import {
  ENROLMENT_LIST_CONFIG,
  type EnrolmentResult,
  enrol,
  enrolmentsKey,
  removeEnrolment,
  useEnrolments,
  useGroupOptions,
} from './api.js';
import { ContentHeading } from './ContentHeading.js';

interface PickedGroup {
  id: number;
  label: string;
}

function GroupPicker({
  value,
  onChange,
  error,
}: {
  value: PickedGroup[];
  onChange: (groups: PickedGroup[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const query = useGroupOptions(debounced);
  const options = useMemo(() => {
    const chosen = value.map((group) => ({ value: String(group.id), label: group.label }));
    const found = (query.data ?? [])
      .filter((group) => !value.some((picked) => picked.id === group.id))
      .map((group) => ({ value: String(group.id), label: group.name }));
    return [...chosen, ...found];
  }, [query.data, value]);
  const choose = (ids: string[]) => {
    const byId = new Map(options.map((option) => [option.value, option.label]));
    onChange(ids.map((id) => ({ id: Number(id), label: byId.get(id) ?? id })));
  };
  return (
    <MultiSelect
      label={t('content.assignment.groups')}
      placeholder={t('content.assignment.groups_placeholder')}
      data={options}
      value={value.map((group) => String(group.id))}
      onChange={choose}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={query.isFetching ? t('resource.loading') : t('content.assignment.groups_none')}
      rightSection={query.isFetching ? <Loader size="xs" aria-label={t('resource.loading')} /> : undefined}
      error={error}
      clearable
      hidePickedOptions
      data-testid="assignment-groups"
    />
  );
}

/** Who to enrol: people and/or groups (their members now), and an optional due date. */
function EnrolmentForm({ id }: { id: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [people, setPeople] = useState<PickedPerson[]>([]);
  const [groups, setGroups] = useState<PickedGroup[]>([]);
  const [result, setResult] = useState<EnrolmentResult | null>(null);
  const form = useSchemaForm(enrolmentCreateSchema, { user_ids: [], group_ids: [], due_at: null });
  const pickPeople = (next: PickedPerson[]) => {
    setPeople(next);
    form.setField(
      'user_ids',
      next.map((person) => person.id),
    );
  };
  const pickGroups = (next: PickedGroup[]) => {
    setGroups(next);
    form.setField(
      'group_ids',
      next.map((group) => group.id),
    );
  };
  const submit = () =>
    form.submit(async (body) => {
      const answer = await enrol(id, body);
      setResult(answer);
      pickPeople([]);
      pickGroups([]);
      await client.invalidateQueries({ queryKey: enrolmentsKey(id) });
    });
  return (
    <Paper withBorder radius="lg" p="lg">
      <form
        noValidate
        data-testid="assignment-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Title order={3} fz="md">
            {t('content.assignment.form_title')}
          </Title>
          {form.formError && (
            <Alert color="danger" role="alert" data-testid="assignment-form-error">
              {form.formError}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <MemberPicker
              value={people}
              onChange={pickPeople}
              label={t('content.assignment.users')}
              error={form.errors.user_ids}
              testId="assignment-users"
            />
            <GroupPicker value={groups} onChange={pickGroups} error={form.errors.group_ids} />
          </SimpleGrid>
          <DayInput
            label={t('content.assignment.due_at')}
            description={t('content.assignment.due_at_hint')}
            value={form.values.due_at ?? null}
            onChange={(day) => form.setField('due_at', day)}
            minDate={new Date()}
            error={form.errors.due_at}
            maw={280}
            data-testid="assignment-due-at"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting} data-testid="assignment-submit">
              {t('content.assignment.submit')}
            </Button>
          </Group>
          {result && (
            <Alert
              color="success"
              icon={<IconCircleCheck size={18} aria-hidden />}
              role="status"
              withCloseButton
              closeButtonLabel={t('general.close')}
              onClose={() => setResult(null)}
              data-testid="assignment-result"
              data-added={result.data.added}
              data-already={result.data.already}
            >
              {result.message}
            </Alert>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

function useEnrolmentColumns(): TableColumn<Enrolment>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      {
        accessor: 'user',
        title: t('content.assignment.person'),
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
        accessor: 'group',
        title: t('content.assignment.through'),
        render: (row) => row.group?.name ?? t('content.assignment.directly'),
      },
      {
        accessor: 'due_at',
        title: t('content.assignment.due_at'),
        noWrap: true,
        render: (row) => (row.due_at ? formatLongDate(row.due_at, i18n.language) : '—'),
      },
      {
        accessor: 'created_at',
        title: t('content.assignment.enrolled_at'),
        noWrap: true,
        render: (row) => formatDateTime(row.created_at, i18n.language),
      },
    ],
    [t, i18n.language],
  );
}

/** The people enrolled in the content, paged, each removable after a confirmation. */
function EnrolledList({ id }: { id: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const list = useListState(ENROLMENT_LIST_CONFIG);
  const enrolments = useEnrolments(id, list.apiQuery);
  const columns = useEnrolmentColumns();
  const remove = async (row: Enrolment) => {
    try {
      const { message } = await removeEnrolment(id, row.id);
      notifications.show({ color: 'success', message });
      await client.invalidateQueries({ queryKey: enrolmentsKey(id) });
    } catch (error) {
      notifications.show({ color: 'danger', message: error instanceof Error ? error.message : '' });
    }
  };
  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        {t('content.assignment.enrolled_title')}
      </Title>
      <DataTable<Enrolment>
        tableId="content-enrolments"
        label={t('content.assignment.enrolled_title')}
        list={list}
        columns={columns}
        records={enrolments.data?.data ?? []}
        total={enrolments.data?.meta.total ?? 0}
        fetching={enrolments.isFetching}
        error={enrolments.isError ? (enrolments.error as Error).message : null}
        onRetry={() => void enrolments.refetch()}
        rowActions={(row) => {
          const name = `${row.user.name} ${row.user.surname}`;
          return (
            <ConfirmButton
              icon={<IconUserMinus size={18} aria-hidden />}
              title={t('content.assignment.remove_title')}
              message={t('content.assignment.remove_text', { name })}
              confirmLabel={t('content.assignment.remove')}
              onConfirm={() => remove(row)}
              data-testid="enrolment-remove"
            >
              {`${t('content.assignment.remove')}: ${name}`}
            </ConfirmButton>
          );
        }}
        emptyTitle={t('content.assignment.enrolled_empty')}
      />
    </Stack>
  );
}

/** Direct enrolment in a content (`/admin/content/{id}/assignment`, create_content) and who is enrolled. */
export default function ContentAssignmentPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  return (
    <Stack>
      <PageHeader description={t('content.assignment_description')} />
      <ContentHeading id={id} />
      <EnrolmentForm id={id} />
      <EnrolledList id={id} />
    </Stack>
  );
}
