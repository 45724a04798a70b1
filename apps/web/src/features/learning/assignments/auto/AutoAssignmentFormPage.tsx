import type { AutoAssignment, AutoAssignmentCreate } from '@kampus/shared';
import {
  Alert,
  Anchor,
  Checkbox,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { pathTo } from '../../../../app/route-names.js';
import { JobProgress } from '../../../../components/JobProgress.js';
import { ResourceForm, type ResourceFormControl, type SaveMode } from '../../../../components/ResourceForm.js';
import { i18next } from '../../../../lib/i18n.js';
import { useResourceStore } from '../../../../lib/resource.js';
import { useActiveStatusOptions } from '../../../frame/admin/records/ActiveStatusBadge.js';
import { RecordFormPage } from '../../../frame/admin/records/RecordFormPage.js';
import { ItemsPicker } from '../admin/ItemsPicker.js';
import { applyRule, autoAssignmentsResource, previewRule } from './api.js';
import { ConditionFields, RulePreview } from './ConditionFields.js';
import { autoAssignmentFormSchema, autoAssignmentFormValues, type FormItem, itemKey } from './form.js';

const NS = 'autoAssignment';
type Form = ResourceFormControl<typeof autoAssignmentFormSchema>;
const LIST = pathTo('company.auto-assignments');

/** The items the rule assigns, in the assignment form's picker; the form keeps each item's title beside it. */
function RuleItems({
  items,
  onChange,
  locked,
  error,
}: {
  items: FormItem[];
  onChange: (items: FormItem[]) => void;
  locked: boolean;
  error?: string;
}) {
  const { t } = useTranslation();
  const titles = useMemo(() => new Map(items.map((item) => [itemKey(item), item.title])), [items]);
  // The picker names the chosen option just before it hands over the new list.
  const picked = useRef(new Map<string, string>());
  return (
    <ItemsPicker
      items={items}
      titles={titles}
      onPick={(type, option) => picked.current.set(itemKey({ type, ref_id: option.id }), option.title)}
      onChange={(next) =>
        onChange(
          next.map((item) => ({
            type: item.type,
            ref_id: item.ref_id,
            title: titles.get(itemKey(item)) ?? picked.current.get(itemKey(item)) ?? '',
          })),
        )
      }
      locked={locked}
      error={error}
      title={t(`${NS}.items_title`)}
      lockedText={t(`${NS}.items.locked`)}
      testId="auto"
    />
  );
}

/** The admin's "no" to the question before saving: the form stays as it is, unsaved, with no error shown. */
class SaveDeclined extends Error {
  constructor() {
    super('');
  }
}

/** Asks "this will assign N people" and answers whether the admin confirmed. */
function confirmAssigning(count: number): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: i18next.t(`${NS}.confirm_title`),
      centered: true,
      children: (
        <Text data-testid="auto-confirm-text" data-count={count}>
          {count > 0 ? i18next.t(`${NS}.confirm_text`, { count }) : i18next.t(`${NS}.confirm_none`)}
        </Text>
      ),
      labels: { confirm: i18next.t(`${NS}.confirm_button`), cancel: i18next.t('resource.cancel') },
      confirmProps: { 'data-testid': 'confirm-accept' } as never,
      cancelProps: { 'data-testid': 'confirm-cancel' } as never,
      closeButtonProps: { 'aria-label': i18next.t('resource.cancel') },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

function RuleFields({ form, rule }: { form: Form; rule: AutoAssignment | null }) {
  const { t } = useTranslation();
  const statusOptions = useActiveStatusOptions(NS);
  const values = form.values;
  return (
    <>
      <Paper withBorder radius="lg" p="lg">
        <Stack>
          <Title order={2} fz="lg">
            {t(`${NS}.settings_title`)}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t(`${NS}.fields.name`)} name="name" required autoComplete="off" {...form.field('name')} />
            <Select
              label={t(`${NS}.fields.status`)}
              data={statusOptions}
              value={String(values.status)}
              onChange={(value) => value !== null && form.setField('status', Number(value))}
              allowDeselect={false}
              error={form.errors.status}
              data-testid="auto-status-select"
            />
            <NumberInput
              label={t(`${NS}.fields.due_days`)}
              description={t(`${NS}.due_days_hint`)}
              value={values.due_days}
              onChange={(value) => form.setField('due_days', typeof value === 'number' ? value : '')}
              min={1}
              max={3650}
              allowDecimal={false}
              allowNegative={false}
              required
              error={form.errors.due_days}
              data-testid="auto-due-days"
            />
            <Checkbox
              mt={{ sm: 'xl' }}
              label={t(`${NS}.fields.mandatory`)}
              description={t(`${NS}.mandatory_hint`)}
              checked={values.mandatory}
              onChange={(event) => form.setField('mandatory', event.currentTarget.checked)}
              data-testid="auto-mandatory"
            />
          </SimpleGrid>
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p="lg">
        <Stack>
          <ConditionFields
            conditions={values.conditions}
            onChange={(conditions) => form.setField('conditions', conditions)}
            errors={form.errors}
          />
          <RulePreview conditions={values.conditions} ruleId={rule?.id} />
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p="lg">
        <RuleItems
          items={values.items}
          onChange={(items) => form.setField('items', items)}
          locked={(rule?.matched ?? 0) > 0}
          error={form.errors.items ?? form.errors['items.0.ref_id']}
        />
      </Paper>
    </>
  );
}

function AutoAssignmentForm({ rule }: { rule: AutoAssignment | null }) {
  const store = useResourceStore(autoAssignmentsResource);
  const navigate = useNavigate();
  const client = useQueryClient();
  const initial = useMemo(() => autoAssignmentFormValues(rule), [rule]);

  /** Saves, then (when active) assigns the people who match now — after the admin has seen how many. */
  async function save(data: AutoAssignmentCreate, mode: SaveMode) {
    const willAssign = data.status === 1;
    const count = willAssign ? (await previewRule(data.conditions, rule?.id)).count : 0;
    // A new active rule always asks (its first run); an edited one only when it would assign someone now.
    if (willAssign && (!rule || count > 0) && !(await confirmAssigning(count))) throw new SaveDeclined();
    const { items: _items, ...rest } = data;
    const saved = rule
      ? await store.update(rule.id, (rule.matched > 0 ? rest : data) as never)
      : await store.create(data as never);
    // Save and stay: on the rule's own edit page (a new rule's, once it has an id).
    const done = () =>
      mode === 'stay' ? !rule && navigate(pathTo('company.auto-assignments.edit', { id: saved.id })) : navigate(LIST);
    if (!willAssign || count === 0) {
      done();
      return;
    }
    const applied = await applyRule(saved.id);
    void client.invalidateQueries({ queryKey: autoAssignmentsResource.keys.all });
    if (applied.data.job_id === null) {
      notifications.show({ color: 'success', message: applied.message });
      done();
    } else {
      navigate(`${pathTo('company.auto-assignments.edit', { id: saved.id })}?job=${applied.data.job_id}`);
    }
  }

  return (
    <ResourceForm schema={autoAssignmentFormSchema} initial={initial} cancelTo={LIST} testId="auto-form" onSave={save}>
      {(form) => <RuleFields form={form} rule={rule} />}
    </ResourceForm>
  );
}

/** The backfill's progress when it runs as a job (`?job=`), then a way to the people it assigned. */
function BackfillProgress({ jobId, rule }: { jobId: number; rule: AutoAssignment | null }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="auto-backfill">
      <Stack gap="xs">
        <Title order={2} fz="lg">
          {t(`${NS}.apply_title`)}
        </Title>
        <JobProgress jobId={jobId}>
          {() => (
            <Alert color="success" data-testid="auto-backfill-done">
              {t(`${NS}.apply_done`)}{' '}
              {rule && (
                <Anchor component={Link} to={pathTo('company.assignments.edit', { id: rule.assignment_id })}>
                  {t(`${NS}.view_people`)}
                </Anchor>
              )}
            </Alert>
          )}
        </JobProgress>
      </Stack>
    </Paper>
  );
}

/** /admin/auto-assignments/add and /admin/auto-assignments/:id/edit (create_assignment). */
export default function AutoAssignmentFormPage() {
  const { id = null } = useParams();
  const [search] = useSearchParams();
  const job = Number(search.get('job'));
  return (
    <RecordFormPage resource={autoAssignmentsResource} id={id} testId="auto-form">
      {(rule) => (
        <Stack key={rule?.id ?? 'new'}>
          {Number.isInteger(job) && job > 0 && <BackfillProgress jobId={job} rule={rule} />}
          <AutoAssignmentForm rule={rule} />
        </Stack>
      )}
    </RecordFormPage>
  );
}
