import {
  COMPETENCY_TRIGGERS,
  type CompetencyRule,
  type CompetencyRuleCreate,
  type CompetencyTrigger,
  competencyRuleCreateSchema,
  competencyTriggerSchema,
} from '@kampus/shared';
import {
  Alert,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { pathTo } from '../../../app/route-names.js';
import { confirmAction } from '../../../components/ConfirmButton.js';
import { ResourceForm, type SaveMode } from '../../../components/ResourceForm.js';
import { ApiError } from '../../../lib/http.js';
import { useResourceStore } from '../../../lib/resource.js';
import { ActiveStatusSelect } from '../../frame/admin/records/RecordFields.js';
import { RecordFormPage } from '../../frame/admin/records/RecordFormPage.js';
import { useLocalizedText } from '../../organisation/faq/admin/api.js';
import { applyRule, competencyRulesResource, useCompetencyOptions, useRefOptions, useRulePreview } from './api.js';

const NS = 'competencyRules';
const LIST = pathTo('company.competency-rules');

/**
 * The rule form: the fields as the inputs hold them (nothing chosen yet is null), checked and shaped by
 * `competencyRuleCreateSchema` itself, so the form and the API name the same fields.
 */
const ruleFormSchema = z
  .object({
    name: z.string(),
    trigger: competencyTriggerSchema,
    ref_id: z.number().nullable(),
    min_score: z.number().nullable(),
    competency_id: z.number().nullable(),
    level: z.number().nullable(),
    status: z.number(),
  })
  .transform((values, ctx): CompetencyRuleCreate => {
    const result = competencyRuleCreateSchema.safeParse({
      ...values,
      ref_id: values.ref_id ?? undefined,
      competency_id: values.competency_id ?? undefined,
      level: values.level ?? undefined,
      min_score: values.trigger === 'exam_passed' ? values.min_score : null,
    });
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ ...issue } as Parameters<typeof ctx.addIssue>[0]);
    return z.NEVER;
  });

/** The education, program or exam a rule names, searched by title; the chosen one stays named. */
function RefPicker({
  trigger,
  value,
  title,
  onChange,
  error,
}: {
  trigger: CompetencyTrigger;
  value: number | undefined;
  title: string | null;
  onChange: (id: number | undefined, title: string | null) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const options = useRefOptions(trigger, search);
  const data = useMemo(() => {
    const found = (options.data ?? []).map((item) => ({ value: String(item.id), label: item.title }));
    return value && title && !found.some((o) => o.value === String(value))
      ? [{ value: String(value), label: title }, ...found]
      : found;
  }, [options.data, value, title]);
  return (
    <Select
      label={t(`${NS}.ref_labels.${trigger}`)}
      placeholder={t(`${NS}.ref_placeholder`)}
      data={data}
      value={value ? String(value) : null}
      onChange={(id) => onChange(id ? Number(id) : undefined, data.find((o) => o.value === id)?.label ?? null)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? t('resource.loading') : t(`${NS}.ref_none`)}
      rightSection={
        options.isFetching ? <Loader size="xs" role="status" aria-label={t('resource.loading')} /> : undefined
      }
      required
      error={error}
      data-testid="rule-ref"
    />
  );
}

/**
 * The back-apply of a saved rule: how many people satisfy it now and hold no level of it or a lower one (the
 * preview count), and, after the admin confirms, the level given to them.
 */
function BackApply({ rule }: { rule: CompetencyRule }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const preview = useRulePreview(rule.id);
  const count = preview.data?.count ?? 0;
  const apply = () =>
    confirmAction({
      title: t(`${NS}.apply_confirm_title`),
      message: t(`${NS}.apply_confirm_text`, { count, level: rule.level }),
      confirmLabel: t(`${NS}.apply_button`, { count }),
      destructive: false,
      onConfirm: async () => {
        try {
          const result = await applyRule(rule.id);
          notifications.show({ color: 'success', message: result.message });
        } catch (error) {
          notifications.show({ color: 'danger', message: error instanceof ApiError ? error.message : String(error) });
        }
        await client.invalidateQueries({ queryKey: competencyRulesResource.keys.all });
      },
    });
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="rule-back-apply">
      <Stack gap="xs">
        <Title order={2} fz="lg">
          {t(`${NS}.apply_title`)}
        </Title>
        <Text fz="sm" c="dimmed">
          {t(`${NS}.apply_hint`)}
        </Text>
        {preview.isLoading ? (
          <Loader size="sm" role="status" aria-label={t('resource.loading')} />
        ) : preview.isError ? (
          <Alert color="danger" title={t('resource.load_failed')}>
            <Button variant="subtle" onClick={() => void preview.refetch()}>
              {t('resource.retry')}
            </Button>
          </Alert>
        ) : rule.status !== 1 ? (
          <Alert color="warning">{t(`${NS}.apply_passive`)}</Alert>
        ) : (
          <Group justify="space-between">
            <Text fw={600} data-testid="rule-preview-count" data-count={count}>
              {t(`${NS}.preview_count`, { count })}
            </Text>
            <Button
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              disabled={count === 0}
              onClick={apply}
              data-testid="rule-apply"
            >
              {t(`${NS}.apply_button`, { count })}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function RuleForm({ rule }: { rule: CompetencyRule | null }) {
  const { t } = useTranslation();
  const localized = useLocalizedText();
  const navigate = useNavigate();
  const store = useResourceStore(competencyRulesResource);
  const competencies = useCompetencyOptions();
  const [refTitle, setRefTitle] = useState<string | null>(rule?.ref_title ?? null);
  const initial = useMemo(
    () => ({
      name: rule?.name ?? '',
      trigger: rule?.trigger ?? ('education_completed' as CompetencyTrigger),
      ref_id: rule?.ref_id ?? null,
      min_score: rule?.min_score ?? null,
      competency_id: rule?.competency.id ?? null,
      level: rule?.level ?? null,
      status: rule?.status ?? 1,
    }),
    [rule],
  );

  /** A new rule goes to its own page, where its back-apply waits for the admin; an edited one as usual. */
  async function save(data: CompetencyRuleCreate, mode: SaveMode) {
    if (!rule) {
      await store.create(data, { redirect: { name: 'company.competency-rules.edit', message: `${NS}.created` } });
      return;
    }
    await store.update(rule.id, data, {
      message: `${NS}.updated`,
      ...(mode === 'back' ? { redirect: { name: 'company.competency-rules', message: `${NS}.updated` } } : {}),
    });
    if (mode === 'back') navigate(LIST);
  }

  return (
    <ResourceForm schema={ruleFormSchema} initial={initial} cancelTo={LIST} testId="rule-form" onSave={save}>
      {(form) => {
        const values = form.values;
        const competency = competencies.data?.find((c) => c.id === values.competency_id);
        const trigger = (values.trigger ?? 'education_completed') as CompetencyTrigger;
        return (
          <Paper withBorder radius="lg" p="lg">
            <Stack>
              <TextInput
                label={t(`${NS}.fields.name`)}
                name="name"
                required
                autoComplete="off"
                {...form.field('name')}
              />
              <Title order={2} fz="lg">
                {t(`${NS}.when_title`)}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select
                  label={t(`${NS}.fields.trigger`)}
                  data={COMPETENCY_TRIGGERS.map((value) => ({ value, label: t(`${NS}.triggers.${value}`) }))}
                  value={trigger}
                  onChange={(value) => {
                    if (!value) return;
                    form.setField('trigger', value as CompetencyTrigger);
                    form.setField('ref_id', null);
                    setRefTitle(null);
                  }}
                  allowDeselect={false}
                  error={form.errors.trigger}
                  data-testid="rule-trigger"
                />
                <RefPicker
                  key={trigger}
                  trigger={trigger}
                  value={values.ref_id ?? undefined}
                  title={refTitle}
                  onChange={(id, title) => {
                    form.setField('ref_id', id ?? null);
                    setRefTitle(title);
                  }}
                  error={form.errors.ref_id}
                />
                {trigger === 'exam_passed' && (
                  <NumberInput
                    label={t(`${NS}.fields.min_score`)}
                    description={t(`${NS}.min_score_hint`)}
                    value={values.min_score ?? ''}
                    onChange={(value) => form.setField('min_score', typeof value === 'number' ? value : null)}
                    min={0}
                    max={100}
                    suffix=" %"
                    allowDecimal={false}
                    allowNegative={false}
                    error={form.errors.min_score}
                    data-testid="rule-min-score"
                  />
                )}
              </SimpleGrid>
              <Title order={2} fz="lg">
                {t(`${NS}.then_title`)}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select
                  label={t(`${NS}.columns.competency`)}
                  data={(competencies.data ?? []).map((c) => ({ value: String(c.id), label: localized(c.names) }))}
                  value={values.competency_id ? String(values.competency_id) : null}
                  onChange={(value) => {
                    form.setField('competency_id', value ? Number(value) : null);
                    form.setField('level', null);
                  }}
                  searchable
                  required
                  error={form.errors.competency_id}
                  data-testid="rule-competency"
                />
                <Select
                  label={t(`${NS}.columns.level`)}
                  description={t(`${NS}.level_hint`)}
                  data={(competency?.levels ?? []).map((name, index) => ({
                    value: String(index + 1),
                    label: `${index + 1} · ${name}`,
                  }))}
                  value={values.level ? String(values.level) : null}
                  onChange={(value) => form.setField('level', value ? Number(value) : null)}
                  disabled={!competency}
                  required
                  error={form.errors.level}
                  data-testid="rule-level"
                />
                <ActiveStatusSelect
                  namespace={NS}
                  value={values.status}
                  onChange={(status) => form.setField('status', status)}
                  error={form.errors.status}
                />
              </SimpleGrid>
            </Stack>
          </Paper>
        );
      }}
    </ResourceForm>
  );
}

/** `/admin/add-automatic-competency` and `/admin/edit-automatic-competency/:id/edit` (create_automaticcompetency). */
export default function CompetencyRuleFormPage() {
  const { id = null } = useParams();
  return (
    <RecordFormPage resource={competencyRulesResource} id={id} testId="rule-form">
      {(rule) => (
        <Stack key={rule?.id ?? 'new'}>
          {rule && <BackApply rule={rule} />}
          <RuleForm rule={rule} />
        </Stack>
      )}
    </RecordFormPage>
  );
}
