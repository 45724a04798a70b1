import {
  CERTIFICATE_TRIGGERS,
  CERTIFICATE_VALIDITY_MONTHS_MAX,
  type CertificateDefinition,
  type CertificateDefinitionCreate,
  type CertificateTrigger,
  certificateDefinitionCreateSchema,
  certificateTriggerSchema,
} from '@kampus/shared';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { pathTo } from '../../../../app/route-names.js';
import { ResourceForm } from '../../../../components/ResourceForm.js';
import { ActiveStatusSelect } from '../../../frame/admin/records/RecordFields.js';
import { RecordFormPage, useRecordSave } from '../../../frame/admin/records/RecordFormPage.js';
import { certificateDefinitionsResource, issuedPath, NS, useRefOptions, useTemplateOptions } from './api.js';

const LIST = pathTo('company.certificate.index');
const VALIDITY_MODES = ['none', 'months'] as const;

/**
 * The definition form: the inputs as they hold their values (nothing chosen yet is null; the validity's "none or N
 * months" as a mode and a number), checked and shaped by `certificateDefinitionCreateSchema` itself, so the form and
 * the API name the same fields and the server's errors land on them.
 */
export const definitionFormSchema = z
  .object({
    name: z.string(),
    trigger: certificateTriggerSchema,
    ref_id: z.number().nullable(),
    min_score: z.number().nullable(),
    template_id: z.number().nullable(),
    validity: z.enum(VALIDITY_MODES),
    validity_months: z.number().nullable(),
    evaluation_required: z.boolean(),
    recertify: z.boolean(),
    status: z.number(),
  })
  .transform((values, ctx): CertificateDefinitionCreate => {
    const result = certificateDefinitionCreateSchema.safeParse({
      name: values.name,
      trigger: values.trigger,
      ref_id: values.ref_id ?? undefined,
      min_score: values.trigger === 'exam' ? values.min_score : null,
      template_id: values.template_id ?? undefined,
      // "A number of months" left empty is an error of its own, not "no expiry".
      validity_months: values.validity === 'none' ? null : (values.validity_months ?? 0),
      evaluation_required: values.evaluation_required,
      recertify: values.trigger === 'education' && values.validity === 'months' ? values.recertify : false,
      status: values.status,
    });
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ ...issue } as Parameters<typeof ctx.addIssue>[0]);
    return z.NEVER;
  });

/** The education, program, exam or assignment a definition names, searched on the server; the chosen one stays named. */
function RefPicker({
  trigger,
  value,
  title,
  onChange,
  error,
}: {
  trigger: CertificateTrigger;
  value: number | null;
  title: string | null;
  onChange: (id: number | null, title: string | null) => void;
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
      onChange={(id) => onChange(id ? Number(id) : null, data.find((o) => o.value === id)?.label ?? null)}
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
      data-testid="certificate-ref"
    />
  );
}

/** The active templates to print with; a passive one the definition already uses stays in the list. */
function TemplateSelect({
  value,
  current,
  onChange,
  error,
}: {
  value: number | null;
  current: { id: number; name: string } | null;
  onChange: (id: number | null) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const templates = useTemplateOptions();
  const data = useMemo(() => {
    const found = (templates.data ?? []).map((template) => ({ value: String(template.id), label: template.name }));
    return current && !found.some((o) => o.value === String(current.id))
      ? [{ value: String(current.id), label: current.name }, ...found]
      : found;
  }, [templates.data, current]);
  if (templates.isError) {
    return (
      <Alert color="danger" title={t('resource.load_failed')}>
        <Button variant="subtle" onClick={() => void templates.refetch()}>
          {t('resource.retry')}
        </Button>
      </Alert>
    );
  }
  return (
    <Stack gap={6}>
      <Select
        label={t(`${NS}.fields.template`)}
        placeholder={t(`${NS}.template_placeholder`)}
        data={data}
        value={value ? String(value) : null}
        onChange={(id) => onChange(id ? Number(id) : null)}
        searchable
        required
        disabled={templates.isLoading}
        rightSection={
          templates.isLoading ? <Loader size="xs" role="status" aria-label={t('resource.loading')} /> : undefined
        }
        error={error}
        data-testid="certificate-template"
      />
      {templates.isSuccess && data.length === 0 && (
        <Alert color="warning" data-testid="certificate-no-templates">
          <Group gap="xs">
            <Text fz="sm">{t(`${NS}.no_templates`)}</Text>
            <Anchor component={Link} to={pathTo('company.certificate_template.add')} fz="sm">
              {t(`${NS}.create_template`)}
            </Anchor>
          </Group>
        </Alert>
      )}
    </Stack>
  );
}

function DefinitionForm({ definition }: { definition: CertificateDefinition | null }) {
  const { t } = useTranslation();
  const save = useRecordSave(certificateDefinitionsResource, definition);
  const [refTitle, setRefTitle] = useState<string | null>(definition?.ref_title ?? null);
  const initial = useMemo(
    () => ({
      name: definition?.name ?? '',
      trigger: definition?.trigger ?? ('education' as CertificateTrigger),
      ref_id: definition?.ref_id ?? null,
      min_score: definition?.min_score ?? null,
      template_id: definition?.template_id ?? null,
      validity: (definition?.validity_months ? 'months' : 'none') as (typeof VALIDITY_MODES)[number],
      validity_months: definition?.validity_months ?? null,
      evaluation_required: definition?.evaluation_required ?? false,
      recertify: definition?.recertify ?? false,
      status: definition?.status ?? 1,
    }),
    [definition],
  );
  const currentTemplate =
    definition?.template_id && definition.template_name
      ? { id: definition.template_id, name: definition.template_name }
      : null;

  return (
    <ResourceForm
      schema={definitionFormSchema}
      initial={initial}
      cancelTo={LIST}
      testId="certificate-form"
      onSave={(data: CertificateDefinitionCreate, mode) => save(data, mode)}
    >
      {(form) => {
        const values = form.values;
        const trigger = (values.trigger ?? 'education') as CertificateTrigger;
        return (
          <Paper withBorder radius="lg" p="lg">
            <Stack>
              <TextInput
                label={t(`${NS}.fields.name`)}
                name="name"
                required
                autoComplete="off"
                data-testid="certificate-name"
                {...form.field('name')}
              />
              <Title order={2} fz="lg">
                {t(`${NS}.sections.when`)}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select
                  label={t(`${NS}.fields.trigger`)}
                  data={CERTIFICATE_TRIGGERS.map((value) => ({ value, label: t(`certificates.triggers.${value}`) }))}
                  value={trigger}
                  onChange={(value) => {
                    if (!value || value === trigger) return;
                    form.setField('trigger', value as CertificateTrigger);
                    form.setField('ref_id', null);
                    setRefTitle(null);
                  }}
                  allowDeselect={false}
                  error={form.errors.trigger}
                  data-testid="certificate-trigger"
                />
                <RefPicker
                  key={trigger}
                  trigger={trigger}
                  value={values.ref_id ?? null}
                  title={refTitle}
                  onChange={(id, title) => {
                    form.setField('ref_id', id);
                    setRefTitle(title);
                  }}
                  error={form.errors.ref_id}
                />
                {trigger === 'exam' && (
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
                    data-testid="certificate-min-score"
                  />
                )}
              </SimpleGrid>
              <Checkbox
                label={t(`${NS}.fields.evaluation_required`)}
                description={t(`${NS}.evaluation_hint`)}
                checked={values.evaluation_required ?? false}
                onChange={(event) => form.setField('evaluation_required', event.currentTarget.checked)}
                error={form.errors.evaluation_required}
                data-testid="certificate-evaluation"
              />
              <Title order={2} fz="lg">
                {t(`${NS}.sections.print`)}
              </Title>
              <TemplateSelect
                value={values.template_id ?? null}
                current={currentTemplate}
                onChange={(id) => form.setField('template_id', id)}
                error={form.errors.template_id}
              />
              <Title order={2} fz="lg">
                {t(`${NS}.sections.validity`)}
              </Title>
              <Stack gap="xs">
                <Text component="span" fz="sm" fw={500} id="certificate-validity-label">
                  {t(`${NS}.fields.validity`)}
                </Text>
                <SegmentedControl
                  aria-labelledby="certificate-validity-label"
                  data={VALIDITY_MODES.map((mode) => ({ value: mode, label: t(`${NS}.validity_options.${mode}`) }))}
                  value={values.validity ?? 'none'}
                  onChange={(mode) => form.setField('validity', mode as (typeof VALIDITY_MODES)[number])}
                  data-testid="certificate-validity"
                  w="fit-content"
                />
                {values.validity === 'months' && (
                  <NumberInput
                    label={t(`${NS}.fields.validity_months`)}
                    description={t(`${NS}.validity_hint`)}
                    value={values.validity_months ?? ''}
                    onChange={(value) => form.setField('validity_months', typeof value === 'number' ? value : null)}
                    min={1}
                    max={CERTIFICATE_VALIDITY_MONTHS_MAX}
                    allowDecimal={false}
                    allowNegative={false}
                    required
                    maw={240}
                    error={form.errors.validity_months}
                    data-testid="certificate-validity-months"
                  />
                )}
                {values.validity !== 'months' && form.errors.validity_months && (
                  <Text c="danger" fz="sm" role="alert">
                    {form.errors.validity_months}
                  </Text>
                )}
              </Stack>
              {trigger === 'education' && (
                <Checkbox
                  label={t(`${NS}.fields.recertify`)}
                  description={t(`${NS}.recertify_hint`)}
                  checked={values.recertify ?? false}
                  onChange={(event) => form.setField('recertify', event.currentTarget.checked)}
                  disabled={values.validity !== 'months'}
                  error={form.errors.recertify}
                  data-testid="certificate-recertify"
                />
              )}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <ActiveStatusSelect
                  namespace="certificates"
                  value={values.status ?? 1}
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

/** `/admin/certificate/add` and `/admin/certificate/{id}/edit` (create_certificate). */
export default function CertificateFormPage() {
  const { t } = useTranslation();
  const { id = null } = useParams();
  return (
    <RecordFormPage
      resource={certificateDefinitionsResource}
      id={id}
      testId="certificate-form"
      description={t(`${NS}.${id ? 'edit' : 'add'}_description`)}
    >
      {(definition) => (
        <Stack key={definition?.id ?? 'new'}>
          {definition && (
            <Group justify="space-between" data-testid="certificate-issued-summary">
              <Text fz="sm" c="dimmed">
                {t(`${NS}.issued_count`, { count: definition.issued })}
              </Text>
              <Button
                component={Link}
                to={issuedPath(definition.id)}
                variant="light"
                leftSection={<IconCertificate size={16} aria-hidden />}
                data-testid="certificate-issued-link"
              >
                {t(`${NS}.issued_link`)}
              </Button>
            </Group>
          )}
          <DefinitionForm definition={definition} />
        </Stack>
      )}
    </RecordFormPage>
  );
}
