import {
  CERTIFICATE_ALIGNS,
  CERTIFICATE_FIELD_TYPES,
  CERTIFICATE_FIELDS_MAX,
  CERTIFICATE_FONT_SIZE,
  CERTIFICATE_FONTS,
  CERTIFICATE_PAGE,
  CERTIFICATE_WEIGHTS,
  type CertificateField,
  type CertificateFieldType,
  type CertificateTemplate,
  certificateDesignSchema,
  certificateTemplateCreateSchema,
  isCertificateImageField,
  isLocale,
  LOCALES,
  type Locale,
} from '@kampus/shared';
import {
  ActionIcon,
  Button,
  ColorInput,
  Grid,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFileTypePdf, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { pathTo } from '../../../../app/route-names.js';
import { ResourceForm, type ResourceFormControl } from '../../../../components/ResourceForm.js';
import { UploadField } from '../../../../components/UploadField.js';
import { ActiveStatusSelect } from '../../../frame/admin/records/RecordFields.js';
import { RecordFormPage, useRecordSave } from '../../../frame/admin/records/RecordFormPage.js';
import { certificateTemplatesResource, previewDesign } from './api.js';
import { clampToPage, PageCanvas } from './PageCanvas.js';

const NS = certificateTemplatesResource.contract.namespace;
const LIST = pathTo('company.certificate_template.index');
type Form = ResourceFormControl<typeof certificateTemplateCreateSchema>;

/** Where a new field of a type lands and how large it is: text across the page, pictures their usual size. */
const NEW_FIELD_SIZE: Partial<Record<CertificateFieldType, { width: number; height: number; size: number }>> = {
  qr_code: { width: 80, height: 80, size: 10 },
  signature_image: { width: 160, height: 50, size: 10 },
  logo: { width: 100, height: 70, size: 10 },
  full_name: { width: 455, height: 44, size: 30 },
};

export function newField(type: CertificateFieldType, count: number): CertificateField {
  const box = NEW_FIELD_SIZE[type] ?? { width: 400, height: 28, size: 16 };
  const { x, y } = clampToPage(box, (CERTIFICATE_PAGE.width - box.width) / 2, 120 + (count % 16) * 40);
  return {
    key: `${type.replace('_', '-')}-${Date.now().toString(36)}${count}`,
    type,
    x,
    y,
    ...box,
    font: type === 'full_name' ? 'noto-serif' : 'noto-sans',
    weight: type === 'full_name' ? 'bold' : 'regular',
    color: '#1f2937',
    align: 'center',
    text: {},
    issuer_name: '',
    image_url: null,
  };
}

/** The errors of one field of the form, by property (`fields.3.x` → `x`). */
function fieldErrors(errors: Record<string, string | undefined>, index: number): Record<string, string> {
  const prefix = `fields.${index}.`;
  return Object.fromEntries(
    Object.entries(errors).flatMap(([key, message]) =>
      key.startsWith(prefix) && message ? [[key.slice(prefix.length), message]] : [],
    ),
  );
}

function FieldProperties({
  field,
  index,
  form,
  update,
}: {
  field: CertificateField;
  index: number;
  form: Form;
  update(patch: Partial<CertificateField>): void;
}) {
  const { t } = useTranslation();
  const errors = fieldErrors(form.errors, index);
  const isImage = isCertificateImageField(field.type);
  const number = (name: 'x' | 'y' | 'width' | 'height' | 'size', min: number, max: number) => (
    <NumberInput
      label={t(`${NS}.props.${name}`)}
      value={field[name]}
      min={min}
      max={max}
      decimalScale={1}
      error={errors[name]}
      onChange={(value) => update({ [name]: typeof value === 'number' ? value : Number(value) || 0 })}
      data-testid={`field-prop-${name}`}
    />
  );
  return (
    <Stack gap="sm" data-testid="certificate-field-properties">
      <Text fw={600}>{t(`${NS}.field_types.${field.type}`)}</Text>
      {field.type === 'logo' ? (
        <Text size="xs" c="dimmed">
          {t(`${NS}.editor.logo_note`)}
        </Text>
      ) : null}
      {field.type === 'qr_code' ? (
        <Text size="xs" c="dimmed">
          {t(`${NS}.editor.qr_note`)}
        </Text>
      ) : null}
      <SimpleGrid cols={2} spacing="xs">
        {number('x', 0, CERTIFICATE_PAGE.width)}
        {number('y', 0, CERTIFICATE_PAGE.height)}
        {number('width', 4, CERTIFICATE_PAGE.width)}
        {number('height', 4, CERTIFICATE_PAGE.height)}
      </SimpleGrid>
      {isImage ? null : (
        <>
          <SimpleGrid cols={2} spacing="xs">
            <Select
              label={t(`${NS}.props.font`)}
              data={CERTIFICATE_FONTS.map((font) => ({ value: font, label: t(`${NS}.fonts.${font}`) }))}
              value={field.font}
              allowDeselect={false}
              error={errors.font}
              onChange={(font) => font && update({ font: font as CertificateField['font'] })}
            />
            {number('size', CERTIFICATE_FONT_SIZE.min, CERTIFICATE_FONT_SIZE.max)}
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="sm" fw={500} id={`weight-${field.key}`}>
              {t(`${NS}.props.weight`)}
            </Text>
            <SegmentedControl
              aria-labelledby={`weight-${field.key}`}
              data={CERTIFICATE_WEIGHTS.map((weight) => ({ value: weight, label: t(`${NS}.weights.${weight}`) }))}
              value={field.weight}
              onChange={(weight) => update({ weight: weight as CertificateField['weight'] })}
            />
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500} id={`align-${field.key}`}>
              {t(`${NS}.props.align`)}
            </Text>
            <SegmentedControl
              aria-labelledby={`align-${field.key}`}
              data={CERTIFICATE_ALIGNS.map((align) => ({ value: align, label: t(`${NS}.aligns.${align}`) }))}
              value={field.align}
              onChange={(align) => update({ align: align as CertificateField['align'] })}
            />
          </Stack>
        </>
      )}
      {field.type === 'signature_image' || field.type === 'logo' ? null : (
        <ColorInput
          label={t(`${NS}.props.color`)}
          value={field.color}
          format="hex"
          withEyeDropper={false}
          error={errors.color}
          onChange={(color) => update({ color })}
        />
      )}
      {field.type === 'free_text'
        ? LOCALES.map((language) => (
            <TextInput
              key={language}
              label={t(`${NS}.props.text`, { language: t(`languages.${language}`) })}
              value={(field.text as Partial<Record<Locale, string>>)[language] ?? ''}
              error={language === LOCALES[0] ? errors.text : errors[`text.${language}`]}
              onChange={(event) => update({ text: { ...field.text, [language]: event.currentTarget.value } })}
              data-testid={`field-text-${language}`}
            />
          ))
        : null}
      {field.type === 'issuer_name' ? (
        <TextInput
          label={t(`${NS}.props.issuer_name`)}
          value={field.issuer_name}
          error={errors.issuer_name}
          onChange={(event) => update({ issuer_name: event.currentTarget.value })}
        />
      ) : null}
      {field.type === 'signature_image' ? (
        <UploadField
          kind="certificate_image"
          label={t(`${NS}.props.image_url`)}
          error={errors.image_url}
          onUploaded={(file) => update({ image_url: file.url })}
          testId="signature-upload"
        />
      ) : null}
    </Stack>
  );
}

function TemplateEditor({ form }: { form: Form }) {
  const { t, i18n } = useTranslation();
  const wide = useMediaQuery('(min-width: 62em)');
  const fields = (form.values.fields ?? []) as CertificateField[];
  const [selected, setSelected] = useState<string | null>(fields[0]?.key ?? null);
  const [adding, setAdding] = useState<CertificateFieldType | null>('full_name');
  const [language, setLanguage] = useState<Locale>(isLocale(i18n.language) ? i18n.language : 'tr');
  const [previewing, setPreviewing] = useState(false);
  const selectedIndex = fields.findIndex((field) => field.key === selected);
  const selectedField = fields[selectedIndex];
  const invalid = useMemo(
    () =>
      new Set(
        Object.keys(form.errors).flatMap((key) => {
          const index = /^fields\.(\d+)\./.exec(key)?.[1];
          const field = index === undefined ? undefined : fields[Number(index)];
          return field ? [field.key] : [];
        }),
      ),
    [form.errors, fields],
  );

  const setFields = (next: CertificateField[]) => form.setField('fields', next);
  const updateField = (key: string, patch: Partial<CertificateField>) =>
    setFields(fields.map((field) => (field.key === key ? { ...field, ...patch } : field)));
  const addField = () => {
    if (!adding || fields.length >= CERTIFICATE_FIELDS_MAX) return;
    const field = newField(adding, fields.length);
    setFields([...fields, field]);
    setSelected(field.key);
  };
  const removeField = (key: string) => {
    setFields(fields.filter((field) => field.key !== key));
    if (selected === key) setSelected(null);
  };

  const openPdf = async () => {
    // Opened now, while the click still counts as the person's: a window opened after the answer would be blocked.
    const tab = window.open('', '_blank');
    setPreviewing(true);
    try {
      const design = certificateDesignSchema.parse({
        background_color: form.values.background_color,
        background_url: form.values.background_url,
        fields,
      });
      const blob = await previewDesign(design, 'pdf', language);
      const url = URL.createObjectURL(blob);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      tab?.close();
      notifications.show({ color: 'red', message: t(`${NS}.editor.preview_failed`) });
    } finally {
      setPreviewing(false);
    }
  };

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        {/* On wide screens the page stays in view while the properties beside it scroll. */}
        <Stack gap="sm" style={wide ? { position: 'sticky', top: 'var(--mantine-spacing-md)' } : undefined}>
          <Group justify="space-between" align="flex-end">
            <Select
              label={t(`${NS}.editor.preview_language`)}
              data={LOCALES.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
              value={language}
              allowDeselect={false}
              onChange={(code) => code && isLocale(code) && setLanguage(code)}
              w={180}
              data-testid="certificate-preview-language"
            />
            <Button
              variant="light"
              leftSection={<IconFileTypePdf size={18} />}
              loading={previewing}
              onClick={() => void openPdf()}
              data-testid="certificate-preview-pdf"
            >
              {t(`${NS}.editor.preview_pdf`)}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {t(`${NS}.editor.sample_note`)} {t(`${NS}.editor.page_size`)}
          </Text>
          <PageCanvas
            fields={fields}
            backgroundColor={form.values.background_color ?? '#ffffff'}
            backgroundUrl={form.values.background_url ?? null}
            language={language}
            selected={selected}
            invalid={invalid}
            onSelect={setSelected}
            onMove={(key, x, y) => updateField(key, { x, y })}
          />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack>
          <Paper withBorder radius="lg" p="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t(`${NS}.editor.design`)}
              </Title>
              <TextInput
                label={t(`${NS}.fields.name`)}
                required
                autoComplete="off"
                {...form.field('name')}
                data-testid="certificate-template-name"
              />
              <ActiveStatusSelect
                namespace={NS}
                value={form.values.status ?? 1}
                onChange={(status) => form.setField('status', status)}
                error={form.errors.status}
                testId="certificate-template-status"
              />
              <ColorInput
                label={t(`${NS}.fields.background_color`)}
                value={form.values.background_color ?? '#ffffff'}
                format="hex"
                withEyeDropper={false}
                error={form.errors.background_color}
                onChange={(color) => form.setField('background_color', color)}
              />
              <UploadField
                kind="certificate_image"
                label={t(`${NS}.fields.background_url`)}
                error={form.errors.background_url}
                onUploaded={(file) => form.setField('background_url', file.url)}
                testId="background-upload"
              />
              {form.values.background_url ? (
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  onClick={() => form.setField('background_url', null)}
                  w="fit-content"
                >
                  {t(`${NS}.editor.remove_background`)}
                </Button>
              ) : null}
            </Stack>
          </Paper>
          <Paper withBorder radius="lg" p="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t(`${NS}.editor.fields`)}
              </Title>
              <Group align="flex-end" gap="xs" wrap="nowrap">
                <Select
                  label={t(`${NS}.editor.add_field`)}
                  data={CERTIFICATE_FIELD_TYPES.map((type) => ({ value: type, label: t(`${NS}.field_types.${type}`) }))}
                  value={adding}
                  onChange={(type) => setAdding(type as CertificateFieldType | null)}
                  flex={1}
                  data-testid="certificate-field-type"
                />
                <Button
                  leftSection={<IconPlus size={16} />}
                  onClick={addField}
                  disabled={!adding || fields.length >= CERTIFICATE_FIELDS_MAX}
                  data-testid="certificate-add-field"
                >
                  {t(`${NS}.editor.add_field`)}
                </Button>
              </Group>
              {form.errors.fields ? (
                <Text size="sm" c="red">
                  {form.errors.fields}
                </Text>
              ) : null}
              {fields.length === 0 ? (
                <Text size="sm" c="dimmed" data-testid="certificate-fields-empty">
                  {t(`${NS}.editor.no_fields`)}
                </Text>
              ) : (
                <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {fields.map((field) => (
                    <Group
                      key={field.key}
                      component="li"
                      gap="xs"
                      wrap="nowrap"
                      justify="space-between"
                      style={{
                        borderRadius: 6,
                        padding: '2px 6px',
                        background: field.key === selected ? 'var(--mantine-color-blue-light)' : undefined,
                      }}
                    >
                      <UnstyledButton
                        onClick={() => setSelected(field.key)}
                        aria-pressed={field.key === selected}
                        flex={1}
                        data-testid={`certificate-field-item-${field.key}`}
                      >
                        <Text size="sm" c={invalid.has(field.key) ? 'red' : undefined}>
                          {t(`${NS}.field_types.${field.type}`)}
                          <Text span size="xs" c="dimmed">
                            {' '}
                            · {field.x}, {field.y}
                          </Text>
                        </Text>
                      </UnstyledButton>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`${t(`${NS}.editor.remove_field`)}: ${t(`${NS}.field_types.${field.type}`)}`}
                        onClick={() => removeField(field.key)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  ))}
                </Stack>
              )}
            </Stack>
          </Paper>
          <Paper withBorder radius="lg" p="md">
            <Title order={2} size="h4" mb="sm">
              {t(`${NS}.editor.properties`)}
            </Title>
            {selectedField ? (
              <FieldProperties
                key={selectedField.key}
                field={selectedField}
                index={selectedIndex}
                form={form}
                update={(patch) => updateField(selectedField.key, patch)}
              />
            ) : (
              <Text size="sm" c="dimmed">
                {t(`${NS}.editor.select_hint`)}
              </Text>
            )}
          </Paper>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

function TemplateForm({ template }: { template: CertificateTemplate | null }) {
  const save = useRecordSave(certificateTemplatesResource, template);
  const initial = useMemo(
    () => ({
      name: template?.name ?? '',
      status: template?.status ?? 1,
      background_color: template?.background_color ?? '#ffffff',
      background_url: template?.background_url ?? null,
      fields: template?.fields ?? [],
    }),
    [template],
  );
  return (
    <ResourceForm
      schema={certificateTemplateCreateSchema}
      initial={initial}
      cancelTo={LIST}
      testId="certificate-template-form"
      onSave={save}
    >
      {(form) => <TemplateEditor form={form} />}
    </ResourceForm>
  );
}

/** The certificate template editor, add and edit (create_certificatetemplate). */
export default function CertificateTemplateFormPage() {
  const { id = null } = useParams();
  return (
    <RecordFormPage resource={certificateTemplatesResource} id={id} testId="certificate-template-form" maxWidth={1280}>
      {(template) => <TemplateForm key={template?.id ?? 'new'} template={template} />}
    </RecordFormPage>
  );
}
