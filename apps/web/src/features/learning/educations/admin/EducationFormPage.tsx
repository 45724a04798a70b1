import {
  EDUCATION_HASHTAGS_MAX,
  EDUCATION_MINUTES_MAX,
  EDUCATION_SUB_TITLE_MAX,
  EDUCATION_TITLE_MAX,
  EDUCATION_VISIBILITIES,
  type Education,
  type EducationCreate,
  LOCALES,
  type Locale,
} from '@kampus/shared';
import {
  Loader,
  MultiSelect,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Title,
} from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { pathTo } from '../../../../app/route-names.js';
import { DayInput } from '../../../../components/DayInput.js';
import { ResourceForm, type ResourceFormControl } from '../../../../components/ResourceForm.js';
import { CoverField } from '../../../../components/UploadField.js';
import { ActiveStatusSelect } from '../../../frame/admin/records/RecordFields.js';
import { RecordFormPage, useRecordSave } from '../../../frame/admin/records/RecordFormPage.js';
import { useHashtagOptions } from '../../content/api.js';
import { RichTextField } from '../../content/RichTextField.js';
import { useExamOptions } from '../../exams/admin/api.js';
import { EvaluationSurveyField } from '../../surveys/EvaluationSurveyField.js';
import { educationsResource } from './api.js';
import { useCategoryOptions } from './category-options.js';
import {
  educationFormSchema,
  educationValues,
  newEducationValues,
  type PartDisplay,
  partDisplays,
  partKey,
  partsSeconds,
} from './form.js';
import { PartsBuilder, type PickedPart } from './PartsBuilder.js';

type EducationForm = ResourceFormControl<typeof educationFormSchema>;

const NS = 'education';
const LIST = pathTo('company.content.catalog');
const NO_CATEGORY = 'none';

/** A whole number or nothing: an emptied number field is no value, not zero. */
const wholeOrNull = (value: string | number) => (typeof value === 'number' ? Math.round(value) : null);
const textOrNull = (value: string) => (value.trim() === '' ? null : value);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack>
        <Title order={3} fz="md">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function HashtagsField({ form, education }: { form: EducationForm; education: Education | null }) {
  const { t } = useTranslation();
  const query = useHashtagOptions();
  const options = useMemo(() => {
    const byId = new Map((query.data ?? []).map((tag) => [tag.id, tag.name]));
    // A passive tag the education still carries stays listed, so it is not dropped by saving.
    for (const tag of education?.hashtags ?? []) if (!byId.has(tag.id)) byId.set(tag.id, tag.name);
    return [...byId].map(([id, name]) => ({ value: String(id), label: `#${name}` }));
  }, [query.data, education]);
  return (
    <MultiSelect
      label={t('education.fields.hashtags')}
      placeholder={t('education.hashtags_placeholder')}
      data={options}
      value={(form.values.hashtag_ids ?? []).map(String)}
      onChange={(ids) => form.setField('hashtag_ids', ids.map(Number))}
      maxValues={EDUCATION_HASHTAGS_MAX}
      searchable
      clearable
      nothingFoundMessage={query.isLoading ? t('resource.loading') : t('education.hashtags_none')}
      rightSection={query.isLoading ? <Loader size="xs" role="status" aria-label={t('resource.loading')} /> : undefined}
      error={form.errors.hashtag_ids ?? (query.isError ? t('resource.load_failed') : undefined)}
      data-testid="education-hashtags"
    />
  );
}

function CategorySelect({ form }: { form: EducationForm }) {
  const { t } = useTranslation();
  const { query, options } = useCategoryOptions();
  const value = form.values.category_id;
  return (
    <Select
      label={t('education.fields.category')}
      data={[{ value: NO_CATEGORY, label: t('education.no_category') }, ...options]}
      value={value ? String(value) : NO_CATEGORY}
      onChange={(next) => form.setField('category_id', !next || next === NO_CATEGORY ? null : Number(next))}
      allowDeselect={false}
      searchable
      rightSection={query.isLoading ? <Loader size="xs" role="status" aria-label={t('resource.loading')} /> : undefined}
      error={form.errors.category_id ?? (query.isError ? t('resource.load_failed') : undefined)}
      data-testid="education-category"
    />
  );
}

function DetailsSection({ form, onBusyChange }: { form: EducationForm; onBusyChange: (busy: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Section title={t('education.sections_form.details')}>
      <TextInput
        label={t('education.fields.title')}
        name="title"
        required
        maxLength={EDUCATION_TITLE_MAX}
        autoComplete="off"
        {...form.field('title')}
        data-testid="education-title"
      />
      <TextInput
        label={t('education.fields.sub_title')}
        name="sub_title"
        maxLength={EDUCATION_SUB_TITLE_MAX}
        autoComplete="off"
        value={form.values.sub_title ?? ''}
        onChange={(event) => form.setField('sub_title', textOrNull(event.currentTarget.value))}
        error={form.errors.sub_title}
        data-testid="education-sub-title"
      />
      <CoverField
        label={t('education.fields.image_url')}
        value={form.values.image_url}
        onChange={(url) => form.setField('image_url', url)}
        onBusyChange={onBusyChange}
        error={form.errors.image_url}
        previewAlt={t('education.image_alt')}
        testId="education-image-upload"
      />
      <TextInput
        label={t('education.fields.description_title')}
        description={t('education.description_title_hint')}
        name="description_title"
        maxLength={EDUCATION_TITLE_MAX}
        autoComplete="off"
        value={form.values.description_title ?? ''}
        onChange={(event) => form.setField('description_title', textOrNull(event.currentTarget.value))}
        error={form.errors.description_title}
        data-testid="education-description-title"
      />
      <RichTextField
        label={t('education.fields.description')}
        description={t('education.description_hint')}
        value={form.values.description ?? ''}
        onChange={(html) => form.setField('description', html || null)}
        error={form.errors.description}
        testId="education-description"
      />
    </Section>
  );
}

function SettingsSection({
  form,
  education,
  suggestedMinutes,
}: {
  form: EducationForm;
  education: Education | null;
  suggestedMinutes: number | null;
}) {
  const { t } = useTranslation();
  const languages = LOCALES.map((code) => ({ value: code, label: t(`languages.${code}`) }));
  const start = form.values.start_date ?? null;
  return (
    <Section title={t('education.sections_form.settings')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <CategorySelect form={form} />
        <Select
          label={t('education.fields.language')}
          data={languages}
          value={form.values.language}
          onChange={(value) => value && form.setField('language', value as Locale)}
          allowDeselect={false}
          error={form.errors.language}
          data-testid="education-language"
        />
      </SimpleGrid>
      <HashtagsField form={form} education={education} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <DayInput
          label={t('education.fields.start_date')}
          value={start}
          onChange={(day) => form.setField('start_date', day)}
          error={form.errors.start_date}
          data-testid="education-start-date"
        />
        <DayInput
          label={t('education.fields.end_date')}
          value={form.values.end_date ?? null}
          onChange={(day) => form.setField('end_date', day)}
          // The calendar offers no day before the start; the schema and the server check it too.
          minDate={start ?? undefined}
          error={form.errors.end_date}
          data-testid="education-end-date"
        />
        <NumberInput
          label={t('education.fields.estimated_minutes')}
          description={
            suggestedMinutes ? t('education.estimated_suggestion', { minutes: suggestedMinutes }) : undefined
          }
          min={1}
          max={EDUCATION_MINUTES_MAX}
          allowDecimal={false}
          allowNegative={false}
          value={form.values.estimated_minutes ?? ''}
          onChange={(value) => form.setField('estimated_minutes', wholeOrNull(value))}
          error={form.errors.estimated_minutes}
          data-testid="education-minutes"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ActiveStatusSelect
          namespace={NS}
          value={form.values.status ?? 1}
          onChange={(status) => form.setField('status', status)}
          error={form.errors.status}
          testId="education-status"
        />
        <Radio.Group
          label={t('education.fields.visibility')}
          value={form.values.visibility ?? 'assigned'}
          onChange={(value) => form.setField('visibility', value as (typeof EDUCATION_VISIBILITIES)[number])}
          error={form.errors.visibility}
          data-testid="education-visibility"
        >
          <Stack gap={6} mt={6}>
            {EDUCATION_VISIBILITIES.map((visibility) => (
              <Radio
                key={visibility}
                value={visibility}
                label={t(`education.visibility.${visibility}`)}
                description={t(`education.visibility_hint.${visibility}`)}
                data-testid={`education-visibility-${visibility}`}
              />
            ))}
          </Stack>
        </Radio.Group>
      </SimpleGrid>
      <Switch
        label={t('education.fields.sequential')}
        description={t('education.sequential_hint')}
        checked={form.values.sequential ?? false}
        onChange={(event) => form.setField('sequential', event.currentTarget.checked)}
        data-testid="education-sequential"
      />
      <EvaluationSurveyField
        surveyId={form.values.evaluation_survey_id ?? null}
        required={form.values.evaluation_required_for_certificate ?? false}
        onSurveyChange={(id) => form.setField('evaluation_survey_id', id)}
        onRequiredChange={(value) => form.setField('evaluation_required_for_certificate', value)}
        error={form.errors.evaluation_survey_id}
      />
    </Section>
  );
}

const NO_TEST = 'none';

/** The pre-test (before the first part, never blocking) and the post-test (passing it completes the education). */
function TestsSection({ form }: { form: EducationForm }) {
  const { t } = useTranslation();
  const exams = useExamOptions();
  const options = [
    { value: NO_TEST, label: t('education.no_test') },
    ...(exams.data ?? []).map((exam) => ({ value: String(exam.id), label: exam.title })),
  ];
  const select = (field: 'pre_test_exam_id' | 'post_test_exam_id', hint: string) => (
    <Select
      label={t(`education.fields.${field === 'pre_test_exam_id' ? 'pre_test' : 'post_test'}`)}
      description={t(hint)}
      data={options}
      value={form.values[field] ? String(form.values[field]) : NO_TEST}
      onChange={(next) => form.setField(field, !next || next === NO_TEST ? null : Number(next))}
      allowDeselect={false}
      searchable
      error={form.errors[field] ?? (exams.isError ? t('resource.load_failed') : undefined)}
      data-testid={`education-${field === 'pre_test_exam_id' ? 'pre-test' : 'post-test'}`}
    />
  );
  return (
    <Section title={t('education.sections_form.tests')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {select('pre_test_exam_id', 'education.pre_test_hint')}
        {select('post_test_exam_id', 'education.post_test_hint')}
      </SimpleGrid>
    </Section>
  );
}

function EducationForm({ education }: { education: Education | null }) {
  const { i18n } = useTranslation();
  const save = useRecordSave(educationsResource, education);
  const initial = useMemo(
    () => (education ? educationValues(education) : newEducationValues(i18n.language)),
    [education, i18n.language],
  );
  // What is known of each part to show it: the stored parts, then every content picked in this form.
  const [displays, setDisplays] = useState<Map<string, PartDisplay>>(() => partDisplays(education));
  const learn = (picked: PickedPart) =>
    setDisplays((current) =>
      new Map(current).set(
        picked.type === 'content'
          ? partKey({ type: 'content', ref_id: picked.content.id })
          : partKey({ type: 'classroom', ref_id: picked.classroom.id }),
        picked.type === 'content'
          ? {
              title: picked.content.title,
              content_type: picked.content.type,
              duration_seconds: picked.content.duration_seconds,
              available: picked.content.status === 1,
            }
          : {
              title: picked.classroom.title,
              content_type: null,
              duration_seconds: null,
              available: picked.classroom.status === 1,
            },
      ),
    );
  // An image upload under way: saving now would send the old address, so the save buttons wait.
  const [uploading, setUploading] = useState(false);
  return (
    <ResourceForm
      schema={educationFormSchema}
      initial={initial}
      cancelTo={LIST}
      testId="education-form"
      onSave={(data: EducationCreate, mode) => save(data, mode)}
      saveDisabled={uploading}
    >
      {(form) => {
        const seconds = partsSeconds(form.values.parts ?? [], displays);
        return (
          <Stack>
            <DetailsSection form={form} onBusyChange={setUploading} />
            <PartsBuilder
              parts={(form.values.parts ?? []).map((part) => ({ ...part, required: part.required ?? true }))}
              onChange={(parts) => form.setField('parts', parts)}
              displays={displays}
              onPicked={learn}
              errors={form.errors}
            />
            <SettingsSection
              form={form}
              education={education}
              suggestedMinutes={seconds ? Math.max(1, Math.round(seconds / 60)) : null}
            />
            <TestsSection form={form} />
          </Stack>
        );
      }}
    </ResourceForm>
  );
}

/** `/admin/education/catalog/add` and `/edit/{id}` (create_training). */
export default function EducationFormPage() {
  const { id = null } = useParams();
  return (
    <RecordFormPage resource={educationsResource} id={id} testId="education-form">
      {(education) => <EducationForm key={education?.id ?? 'new'} education={education} />}
    </RecordFormPage>
  );
}
