import {
  DATA_REQUEST_KINDS,
  DATA_REQUEST_STATUSES,
  type DataRequest,
  dataRequestCreateSchema,
  dataRequestUpdateSchema,
} from '@kampus/shared';
import { Group, Paper, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { DayInput } from '../../../components/DayInput.js';
import { ResourceForm } from '../../../components/ResourceForm.js';
import { useResourceStore } from '../../../lib/resource.js';
import { RecordFormPage } from '../../frame/admin/records/RecordFormPage.js';
import { dataRequestsResource, useDataSubjects } from './api.js';
import { DueBadge } from './DueBadge.js';
import { useSubjectName } from './subject-name.js';

const LIST = pathTo('company.data');
const BACK = { name: 'company.data' };
const today = () => new Date().toISOString().slice(0, 10);

/** The person picker: the company's people found by name or email as one types. */
function SubjectPicker({
  value,
  onChange,
  error,
}: {
  value: number | undefined;
  onChange: (id: number) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const people = useDataSubjects(debounced);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const options = (people.data ?? []).map((person) => ({
    value: String(person.id),
    label: `${person.name} ${person.surname}${person.email ? ` · ${person.email}` : ''}`,
  }));
  // The chosen person stays an option while a new search is typed.
  const data = chosen && !options.some((option) => option.value === chosen.value) ? [chosen, ...options] : options;
  return (
    <Select
      label={t('data.fields.subject')}
      placeholder={t('data.fields.subject_search')}
      searchable
      required
      filter={({ options: all }) => all}
      data={data}
      value={value ? String(value) : null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(next, option) => {
        if (next === null) return;
        setChosen(option);
        onChange(Number(next));
      }}
      nothingFoundMessage={people.isFetching ? t('resource.loading') : t('data.no_people')}
      error={error}
      data-testid="request-subject-select"
    />
  );
}

function NewRequestForm() {
  const { t } = useTranslation();
  const store = useResourceStore(dataRequestsResource);
  const initial = useMemo(() => ({ kind: 'access' as const, received_at: today(), note: '' }), []);
  return (
    <ResourceForm
      schema={dataRequestCreateSchema}
      initial={initial as never}
      cancelTo={LIST}
      testId="request-form"
      onSave={(data, mode) =>
        store.create(data, {
          redirect: {
            ...(mode === 'back' ? BACK : { name: 'company.data.request.edit' }),
            message: 'data.created',
          },
        })
      }
    >
      {(form) => (
        <Paper withBorder radius="lg" p="lg">
          <Stack>
            <SubjectPicker
              value={form.values.subject_user_id as number | undefined}
              onChange={(id) => form.setField('subject_user_id', id as never)}
              error={form.errors.subject_user_id}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('data.fields.kind')}
                data={DATA_REQUEST_KINDS.map((kind) => ({ value: kind, label: t(`data.kinds.${kind}`) }))}
                value={String(form.values.kind ?? 'access')}
                onChange={(value) => value && form.setField('kind', value as never)}
                allowDeselect={false}
                required
                error={form.errors.kind}
                data-testid="request-kind"
              />
              <DayInput
                label={t('data.fields.received_at')}
                maxDate={today()}
                required
                clearable={false}
                value={form.values.received_at as string}
                onChange={(day) => form.setField('received_at', (day ?? '') as never)}
                error={form.errors.received_at}
                data-testid="request-received"
              />
            </SimpleGrid>
            <Textarea
              label={t('data.fields.note')}
              description={t('data.fields.note_hint')}
              autosize
              minRows={3}
              {...form.field('note' as never)}
              data-testid="request-note"
            />
          </Stack>
        </Paper>
      )}
    </ResourceForm>
  );
}

function EditRequestForm({ request }: { request: DataRequest }) {
  const { t } = useTranslation();
  const store = useResourceStore(dataRequestsResource);
  const subjectName = useSubjectName();
  const initial = useMemo(
    () => ({ status: request.status, received_at: request.received_at, note: request.note ?? '' }),
    [request],
  );
  const erased = request.kind === 'erasure' && request.status === 'completed';
  const statuses = DATA_REQUEST_STATUSES.filter(
    (status) => erased || request.kind !== 'erasure' || status !== 'completed',
  );
  return (
    <ResourceForm
      schema={dataRequestUpdateSchema}
      initial={initial as never}
      cancelTo={LIST}
      testId="request-form"
      onSave={(data, mode) =>
        store.update(request.id, data, {
          message: 'data.updated',
          ...(mode === 'back' ? { redirect: { ...BACK, message: 'data.updated' } } : {}),
        })
      }
    >
      {(form) => (
        <Paper withBorder radius="lg" p="lg">
          <Stack>
            <Group gap="xl">
              <Stack gap={0}>
                <Text fz="xs" c="dimmed">
                  {t('data.fields.subject')}
                </Text>
                <Text fw={600} data-testid="request-form-subject">
                  {subjectName(request)}
                </Text>
              </Stack>
              <Stack gap={0}>
                <Text fz="xs" c="dimmed">
                  {t('data.fields.kind')}
                </Text>
                <Text fw={600}>{t(`data.kinds.${request.kind}`)}</Text>
              </Stack>
              <Stack gap={0}>
                <Text fz="xs" c="dimmed">
                  {t('data.fields.due_at')}
                </Text>
                <Group gap={6}>
                  <Text fw={600}>{request.due_at}</Text>
                  <DueBadge request={request} />
                </Group>
              </Stack>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('data.fields.status')}
                data={statuses.map((status) => ({ value: status, label: t(`data.statuses.${status}`) }))}
                value={String(form.values.status ?? request.status)}
                onChange={(value) => value && form.setField('status', value as never)}
                allowDeselect={false}
                disabled={erased}
                error={form.errors.status}
                data-testid="request-status"
              />
              <DayInput
                label={t('data.fields.received_at')}
                maxDate={today()}
                disabled={erased}
                clearable={false}
                value={form.values.received_at as string}
                onChange={(day) => form.setField('received_at', (day ?? '') as never)}
                error={form.errors.received_at}
                data-testid="request-received"
              />
            </SimpleGrid>
            <Textarea
              label={t('data.fields.note')}
              description={t('data.fields.note_hint')}
              autosize
              minRows={3}
              {...form.field('note' as never)}
              data-testid="request-note"
            />
          </Stack>
        </Paper>
      )}
    </ResourceForm>
  );
}

/** /admin/data/requests/add and /admin/data/requests/:id/edit (read_companysetting). */
export default function DataRequestFormPage() {
  const { t } = useTranslation();
  const { id = null } = useParams();
  return (
    <RecordFormPage
      resource={dataRequestsResource}
      id={id}
      description={t(id ? 'data.edit_description' : 'data.add_description')}
      testId="request-form"
    >
      {(request) => (request ? <EditRequestForm key={request.id} request={request} /> : <NewRequestForm />)}
    </RecordFormPage>
  );
}
