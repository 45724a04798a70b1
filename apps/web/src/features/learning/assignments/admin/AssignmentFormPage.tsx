import {
  ASSIGNMENT_NAME_MAX,
  type Assignment,
  type AssignmentItemInput,
  type AssignmentItemType,
  REMINDER_DAYS_MAX,
  REMINDERS_MAX,
} from '@kampus/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEye, IconSend, IconUsers } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { pathTo } from '../../../../app/route-names.js';
import { ConfirmButton } from '../../../../components/ConfirmButton.js';
import { DayInput } from '../../../../components/DayInput.js';
import { JobProgress } from '../../../../components/JobProgress.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { CoverField } from '../../../../components/UploadField.js';
import { useSchemaForm } from '../../../../lib/form.js';
import { useResourceStore } from '../../../../lib/resource.js';
import { useRecordCrumb } from '../../../frame/admin/record-crumb.js';
import type { PickedPerson } from '../../../organisation/user-groups/form.js';
import { RichTextField } from '../../content/RichTextField.js';
import { AssignmentStatusBadge } from './AssignmentStatusBadge.js';
import {
  assignmentsResource,
  cancelAssignment,
  fetchItemOption,
  type ItemOption,
  publishAssignment,
  useActivePeopleCount,
} from './api.js';
import {
  type AssignmentFormValues,
  assignmentFormSchema,
  assignmentValues,
  itemKey,
  newAssignmentValues,
  prefillOf,
} from './form.js';
import { ItemsPicker } from './ItemsPicker.js';
import { PeopleSection } from './PeopleSection.js';
import { type PickedGroup, TargetPicker } from './TargetPicker.js';

const NS = 'assignmentAdmin';

export const assignmentEditPath = (id: number) => pathTo('company.assignments.edit', { id });
export const assignmentPreviewPath = (id: number) => pathTo('company.assignments.preview', { id });

/** How many people publishing reaches, as far as the page knows it before the job resolves the target. */
function useReach(values: AssignmentFormValues, groups: PickedGroup[], open: boolean) {
  const kind = values.target.kind;
  const company = useActivePeopleCount(open && kind === 'company');
  if (kind === 'users') return { count: values.target.user_ids?.length ?? 0, exact: true };
  if (kind === 'groups')
    return { count: groups.reduce((sum, group) => sum + group.members, 0), exact: groups.length < 2 };
  return { count: company.data ?? null, exact: true };
}

function PublishConfirm({
  opened,
  onClose,
  onConfirm,
  values,
  groups,
  busy,
}: {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  values: AssignmentFormValues;
  groups: PickedGroup[];
  busy: boolean;
}) {
  const { t, i18n } = useTranslation();
  const reach = useReach(values, groups, opened);
  const count = reach.count === null ? '…' : reach.count.toLocaleString(i18n.language);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(`${NS}.publish.title`)}
      closeButtonProps={{ 'aria-label': t('general.close') }}
      data-testid="assignment-publish-confirm"
    >
      <Stack>
        <Text data-testid="assignment-publish-count">
          {t(reach.exact ? `${NS}.publish.text` : `${NS}.publish.text_about`, {
            count: reach.count ?? 0,
            number: count,
          })}
        </Text>
        <Text fz="sm" c="dimmed">
          {t(`${NS}.publish.hint`)}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('resource.cancel')}
          </Button>
          <Button
            onClick={onConfirm}
            loading={busy}
            leftSection={<IconSend size={16} aria-hidden />}
            data-testid="assignment-publish-yes"
          >
            {t(`${NS}.publish.confirm`)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The reminder schedule: days before the end date (a list of numbers) and once more when overdue. */
function RemindersField({
  value,
  onChange,
  error,
}: {
  value: AssignmentFormValues['reminders'];
  onChange: (reminders: NonNullable<AssignmentFormValues['reminders']>) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const reminders = value ?? { days_before: [], on_overdue: false };
  return (
    <Stack gap="xs">
      <TagsInput
        label={t(`${NS}.fields.days_before`)}
        description={t(`${NS}.fields.days_before_hint`, { max: REMINDER_DAYS_MAX })}
        value={reminders.days_before.map(String)}
        onChange={(tags) =>
          onChange({
            ...reminders,
            days_before: tags
              .map((tag) => Number(tag.trim()))
              .filter((day) => Number.isInteger(day) && day >= 0 && day <= REMINDER_DAYS_MAX),
          })
        }
        maxTags={REMINDERS_MAX}
        error={error}
        data-testid="assignment-days-before"
      />
      <Switch
        label={t(`${NS}.fields.on_overdue`)}
        checked={reminders.on_overdue}
        onChange={(event) => onChange({ ...reminders, on_overdue: event.currentTarget.checked })}
        data-testid="assignment-on-overdue"
      />
    </Stack>
  );
}

function AssignmentForm({
  assignment,
  prefill,
}: {
  assignment: Assignment | null;
  prefill: AssignmentItemInput | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const store = useResourceStore(assignmentsResource);
  const initial = useMemo(
    () => (assignment ? assignmentValues(assignment) : newAssignmentValues(prefill)),
    [assignment, prefill],
  );
  const form = useSchemaForm(assignmentFormSchema, initial);
  const published = assignment?.published_at != null;
  const cancelled = assignment?.status === 'cancelled';
  const [titles, setTitles] = useState<Map<string, string>>(
    () => new Map((assignment?.items ?? []).map((item) => [itemKey(item), item.title])),
  );
  const [people, setPeople] = useState<PickedPerson[]>(
    () =>
      assignment?.target.users.map((user) => ({
        id: user.id,
        label: user.email ? `${user.name} ${user.surname} · ${user.email}` : `${user.name} ${user.surname}`,
      })) ?? [],
  );
  const [groups, setGroups] = useState<PickedGroup[]>(
    () => assignment?.target.groups.map((group) => ({ id: group.id, label: group.name, members: 0 })) ?? [],
  );
  const fixedPeople = useMemo(
    () => new Set(published ? (assignment?.target.users.map((u) => u.id) ?? []) : []),
    [assignment, published],
  );
  const fixedGroups = useMemo(
    () => new Set(published ? (assignment?.target.groups.map((g) => g.id) ?? []) : []),
    [assignment, published],
  );
  const [uploading, setUploading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [publishing, setPublishing] = useState(false);

  // The item an address names (`add/{id}`, a content's assignment page) shows its title once it has loaded.
  useEffect(() => {
    if (!prefill) return;
    fetchItemOption(prefill.type, prefill.ref_id).then(
      (option) => setTitles((known) => new Map(known).set(itemKey(prefill), option.title)),
      () => undefined,
    );
  }, [prefill]);

  const remember = (type: AssignmentItemType, option: ItemOption) =>
    setTitles((known) => new Map(known).set(itemKey({ type, ref_id: option.id }), option.title));
  const setTarget = (patch: Partial<AssignmentFormValues['target']>) =>
    form.setField('target', { ...form.values.target, ...patch });

  /** Saves the values (a new assignment as a draft); answers the stored assignment. */
  const save = async (data: AssignmentFormValues): Promise<Assignment> => {
    if (!assignment) return store.create(data as never, { message: `${NS}.created` }) as Promise<Assignment>;
    return store.update(assignment.id, data as never, { message: `${NS}.updated` }) as Promise<Assignment>;
  };

  const saveDraft = () =>
    form.submit(async (data) => {
      const saved = await save(data);
      if (!assignment) navigate(assignmentEditPath(saved.id), { replace: true });
    });

  // Publishing asks first, with how many people it reaches; the values are checked before the question.
  const askToPublish = () =>
    form.submit(async () => {
      setConfirming(true);
    });

  const publish = () => {
    setConfirming(false);
    return form.submit(async (data) => {
      setPublishing(true);
      try {
        const saved = await save(data);
        const answer = await publishAssignment(saved.id);
        notifications.show({ color: 'success', message: answer.message });
        await client.invalidateQueries({ queryKey: assignmentsResource.keys.all });
        navigate(`${assignmentEditPath(saved.id)}?job=${answer.data.job_id}`, { replace: true });
      } finally {
        setPublishing(false);
      }
    });
  };

  const _cover = form.values.image_url;
  return (
    <form
      noValidate
      data-testid="assignment-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!uploading) void saveDraft();
      }}
    >
      <Stack>
        {form.formError && (
          <Alert color="danger" role="alert" data-testid="assignment-form-error">
            {form.formError}
          </Alert>
        )}
        {cancelled && (
          <Alert color="gray" data-testid="assignment-cancelled">
            {t(`${NS}.cancelled_note`)}
          </Alert>
        )}
        <Paper withBorder radius="lg" p="lg">
          <Stack>
            <TextInput
              label={t(`${NS}.fields.name`)}
              name="name"
              required
              maxLength={ASSIGNMENT_NAME_MAX}
              autoComplete="off"
              {...form.field('name')}
              data-testid="assignment-name"
            />
            <RichTextField
              label={t(`${NS}.fields.description`)}
              description={t(`${NS}.fields.description_hint`)}
              value={form.values.description ?? ''}
              onChange={(html) => form.setField('description', html || null)}
              error={form.errors.description}
              testId="assignment-description"
            />
            <CoverField
              label={t(`${NS}.fields.image_url`)}
              value={form.values.image_url}
              onChange={(url) => form.setField('image_url', url)}
              onBusyChange={setUploading}
              error={form.errors.image_url}
              previewAlt={t(`${NS}.cover_alt`)}
              testId="assignment-cover-upload"
            />
          </Stack>
        </Paper>
        <Paper withBorder radius="lg" p="lg">
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <DayInput
                label={t(`${NS}.fields.start_date`)}
                required
                // Both days are required: nothing to clear (and a clear button would need a name of its own).
                clearable={false}
                value={form.values.start_date ?? null}
                onChange={(day) => form.setField('start_date', day ?? '')}
                error={form.errors.start_date}
                data-testid="assignment-start"
              />
              <DayInput
                label={t(`${NS}.fields.end_date`)}
                required
                clearable={false}
                // The calendar offers no day before the start; the schema and the server check it too.
                minDate={form.values.start_date || undefined}
                value={form.values.end_date ?? null}
                onChange={(day) => form.setField('end_date', day ?? '')}
                error={form.errors.end_date}
                data-testid="assignment-end"
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberInput
                label={t(`${NS}.fields.duration_minutes`)}
                description={t(`${NS}.fields.duration_hint`)}
                min={1}
                allowDecimal={false}
                allowNegative={false}
                value={form.values.duration_minutes ?? ''}
                onChange={(value) => form.setField('duration_minutes', typeof value === 'number' ? value : null)}
                error={form.errors.duration_minutes}
                data-testid="assignment-duration"
              />
              <Switch
                mt={{ sm: 'xl' }}
                label={t(`${NS}.fields.mandatory`)}
                description={t(`${NS}.fields.mandatory_hint`)}
                checked={form.values.mandatory ?? false}
                onChange={(event) => form.setField('mandatory', event.currentTarget.checked)}
                data-testid="assignment-mandatory"
              />
            </SimpleGrid>
            <RemindersField
              value={form.values.reminders}
              onChange={(reminders) => form.setField('reminders', reminders)}
              error={form.errors['reminders.days_before'] ?? form.errors.reminders}
            />
          </Stack>
        </Paper>
        <Paper withBorder radius="lg" p="lg">
          <ItemsPicker
            items={form.values.items}
            titles={titles}
            onChange={(items) => form.setField('items', items)}
            onPick={remember}
            locked={published}
            error={form.errors.items}
          />
        </Paper>
        <Paper withBorder radius="lg" p="lg">
          <TargetPicker
            kind={form.values.target.kind}
            onKind={(kind) => setTarget({ kind })}
            people={people}
            onPeople={(next) => {
              setPeople(next);
              setTarget({ user_ids: next.map((person) => person.id) });
            }}
            groups={groups}
            onGroups={(next) => {
              setGroups(next);
              setTarget({ group_ids: next.map((group) => group.id) });
            }}
            published={published}
            fixedPeople={fixedPeople}
            fixedGroups={fixedGroups}
            errors={form.errors}
          />
        </Paper>
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            {assignment && published && !cancelled && <CancelAssignmentButton assignment={assignment} />}
          </Group>
          <Group gap="xs">
            <Button component={Link} to={pathTo('company.assignments')} variant="default">
              {t('resource.cancel')}
            </Button>
            {!cancelled && (
              <Button
                type="submit"
                variant={published ? 'filled' : 'default'}
                loading={form.submitting && !publishing}
                disabled={uploading}
                data-testid="assignment-save"
              >
                {t(published ? `${NS}.save` : `${NS}.save_draft`)}
              </Button>
            )}
            {!published && (
              <Button
                leftSection={<IconSend size={16} aria-hidden />}
                disabled={uploading}
                loading={publishing}
                onClick={() => void askToPublish()}
                data-testid="assignment-publish"
              >
                {t(`${NS}.publish.button`)}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
      <PublishConfirm
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => void publish()}
        values={form.values}
        groups={groups}
        busy={publishing}
      />
    </form>
  );
}

function CancelAssignmentButton({ assignment }: { assignment: Assignment }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  return (
    <ConfirmButton
      title={t(`${NS}.cancel.title`)}
      message={t(`${NS}.cancel.text`, { name: assignment.name })}
      confirmLabel={t(`${NS}.cancel.confirm`)}
      onConfirm={async () => {
        try {
          const answer = await cancelAssignment(assignment.id);
          notifications.show({ color: 'success', message: answer.message ?? t(`${NS}.cancel.done`) });
          await client.invalidateQueries({ queryKey: assignmentsResource.keys.all });
        } catch (error) {
          notifications.show({ color: 'danger', message: error instanceof Error ? error.message : '' });
        }
      }}
      data-testid="assignment-cancel"
    >
      {t(`${NS}.cancel.button`)}
    </ConfirmButton>
  );
}

/** The publish job's progress, shown after publishing until it is done (its id rides in the address). */
function PublishProgress({ jobId }: { jobId: number }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="assignment-publish-progress">
      <Stack gap="xs">
        <Text fw={600}>{t(`${NS}.publish.progress`)}</Text>
        <JobProgress jobId={jobId}>{() => <Text fz="sm">{t(`${NS}.publish.done`)}</Text>}</JobProgress>
      </Stack>
    </Paper>
  );
}

function EditHeader({ assignment }: { assignment: Assignment }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="wrap">
      <Group gap="sm">
        <Title order={2} fz="h3" data-testid="assignment-heading">
          {assignment.name}
        </Title>
        <AssignmentStatusBadge status={assignment.status} />
        {assignment.mandatory && <Badge color="red.9">{t(`${NS}.mandatory`)}</Badge>}
      </Group>
      <Anchor component={Link} to={assignmentPreviewPath(assignment.id)} fz="sm" data-testid="assignment-preview-link">
        <Group gap={4} wrap="nowrap">
          <IconEye size={16} aria-hidden />
          {t(`${NS}.preview_link`)}
        </Group>
      </Anchor>
    </Group>
  );
}

/** The add screen's form, with the item the address names (`add/{id}`, `/admin/content/{id}/assignment`). */
export function NewAssignment({ prefill }: { prefill: AssignmentItemInput | null }) {
  const { t } = useTranslation();
  return (
    <Stack maw={900}>
      <PageHeader description={t(`${NS}.add_description`)} />
      <AssignmentForm key={prefill ? itemKey(prefill) : 'new'} assignment={null} prefill={prefill} />
    </Stack>
  );
}

function EditAssignment({ id }: { id: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const store = useResourceStore(assignmentsResource, { id });
  const assignment = store.item as Assignment | undefined;
  useRecordCrumb(assignment?.name);
  const job = Number(params.get('job'));
  const tab = params.get('tab') === 'people' ? 'people' : 'details';
  if (store.itemQuery.isError)
    return (
      <Alert color="danger" title={t('resource.load_failed')} data-testid="assignment-load-error">
        <Button variant="subtle" onClick={() => void store.itemQuery.refetch()}>
          {t('resource.retry')}
        </Button>
      </Alert>
    );
  if (!assignment)
    return (
      <Center p="xl">
        <Loader aria-label={t('resource.loading')} />
      </Center>
    );
  const published = assignment.published_at !== null;
  return (
    <Stack>
      <EditHeader assignment={assignment} />
      {Number.isInteger(job) && job > 0 && <PublishProgress jobId={job} />}
      <Tabs
        value={tab}
        onChange={(value) =>
          setParams((current) => {
            const next = new URLSearchParams(current);
            if (value === 'people') next.set('tab', 'people');
            else next.delete('tab');
            return next;
          })
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="details" data-testid="assignment-tab-details">
            {t(`${NS}.tabs.details`)}
          </Tabs.Tab>
          <Tabs.Tab
            value="people"
            disabled={!published}
            leftSection={<IconUsers size={16} aria-hidden />}
            data-testid="assignment-tab-people"
          >
            {t(`${NS}.tabs.people`, { count: assignment.people })}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details">
          <AssignmentForm key={`${assignment.id}:${assignment.updated_at}`} assignment={assignment} prefill={null} />
        </Tabs.Panel>
        <Tabs.Panel value="people">{published && <PeopleSection assignment={assignment} />}</Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/**
 * `/admin/assignment/add/{id?}` and `/admin/assignment/{id}/edit` (read/create_assignment). A bare id on the add
 * screen is an education's (the catalogue's "assign" links); `?type=program|content` names another kind.
 */
export default function AssignmentFormPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [params] = useSearchParams();
  const editing = useLocation().pathname.endsWith('/edit');
  const prefill = useMemo(() => prefillOf(id, params.get('type')), [id, params]);
  if (editing && id) {
    return (
      <Stack maw={1100}>
        <PageHeader description={t(`${NS}.edit_description`)} />
        <EditAssignment id={id} />
      </Stack>
    );
  }
  return <NewAssignment prefill={prefill} />;
}
