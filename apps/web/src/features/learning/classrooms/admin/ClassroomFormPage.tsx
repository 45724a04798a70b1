import {
  CLASSROOM_PLACE_MAX,
  CLASSROOM_TITLE_MAX,
  type Classroom,
  type ClassroomCreate,
  classroomCreateSchema,
  LOCALES,
  type Locale,
} from '@kampus/shared';
import { Loader, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { pathTo } from '../../../../app/route-names.js';
import { ResourceForm, type ResourceFormControl } from '../../../../components/ResourceForm.js';
import { CoverField } from '../../../../components/UploadField.js';
import { ActiveStatusSelect } from '../../../frame/admin/records/RecordFields.js';
import { RecordFormPage, useRecordSave } from '../../../frame/admin/records/RecordFormPage.js';
import { RichTextField } from '../../content/RichTextField.js';
import { useCategoryOptions } from '../../educations/admin/category-options.js';
import { classroomsResource } from '../api.js';
import { SessionsPanel } from './SessionsPanel.js';

const NS = classroomsResource.contract.namespace;
const LIST = pathTo('company.education.classroom');
const NO_CATEGORY = 'none';

type ClassroomForm = ResourceFormControl<typeof classroomCreateSchema>;

const textOrNull = (value: string) => (value.trim() === '' ? null : value);

function newValues(language: string) {
  return {
    title: '',
    description: null,
    image_url: null,
    category_id: null,
    language: ((LOCALES as readonly string[]).includes(language) ? language : 'tr') as Locale,
    status: 1,
    default_place: null,
    default_online_url: null,
  } satisfies Partial<ClassroomCreate>;
}

function valuesOf(classroom: Classroom) {
  return {
    title: classroom.title,
    description: classroom.description,
    image_url: classroom.image_url,
    category_id: classroom.category?.id ?? null,
    language: classroom.language,
    status: classroom.status,
    default_place: classroom.default_place,
    default_online_url: classroom.default_online_url,
  };
}

function CategorySelect({ form }: { form: ClassroomForm }) {
  const { t } = useTranslation();
  const { query, options } = useCategoryOptions();
  const value = form.values.category_id;
  return (
    <Select
      label={t(`${NS}.fields.category`)}
      data={[{ value: NO_CATEGORY, label: t('education.no_category') }, ...options]}
      value={value ? String(value) : NO_CATEGORY}
      onChange={(next) => form.setField('category_id', !next || next === NO_CATEGORY ? null : Number(next))}
      allowDeselect={false}
      searchable
      rightSection={query.isLoading ? <Loader size="xs" role="status" aria-label={t('resource.loading')} /> : undefined}
      error={form.errors.category_id ?? (query.isError ? t('resource.load_failed') : undefined)}
      data-testid="classroom-category"
    />
  );
}

function ClassroomFields({ form, onBusyChange }: { form: ClassroomForm; onBusyChange: (busy: boolean) => void }) {
  const { t } = useTranslation();
  const languages = LOCALES.map((code) => ({ value: code, label: t(`languages.${code}`) }));
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack>
        <TextInput
          label={t(`${NS}.fields.title`)}
          name="title"
          required
          maxLength={CLASSROOM_TITLE_MAX}
          autoComplete="off"
          {...form.field('title')}
          data-testid="classroom-title"
        />
        <CoverField
          label={t(`${NS}.fields.image_url`)}
          value={form.values.image_url}
          onChange={(url) => form.setField('image_url', url)}
          onBusyChange={onBusyChange}
          error={form.errors.image_url}
          testId="classroom-image-upload"
        />
        <RichTextField
          label={t(`${NS}.fields.description`)}
          value={form.values.description ?? ''}
          onChange={(html) => form.setField('description', html || null)}
          error={form.errors.description}
          testId="classroom-description"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <CategorySelect form={form} />
          <Select
            label={t(`${NS}.fields.language`)}
            data={languages}
            value={form.values.language}
            onChange={(value) => value && form.setField('language', value as Locale)}
            allowDeselect={false}
            error={form.errors.language}
            data-testid="classroom-language"
          />
          <TextInput
            label={t(`${NS}.fields.default_place`)}
            description={t(`${NS}.default_place_hint`)}
            maxLength={CLASSROOM_PLACE_MAX}
            autoComplete="off"
            value={form.values.default_place ?? ''}
            onChange={(event) => form.setField('default_place', textOrNull(event.currentTarget.value))}
            error={form.errors.default_place}
            data-testid="classroom-place"
          />
          <TextInput
            label={t(`${NS}.fields.default_online_url`)}
            description={t(`${NS}.online_url_hint`)}
            type="url"
            autoComplete="off"
            value={form.values.default_online_url ?? ''}
            onChange={(event) => form.setField('default_online_url', textOrNull(event.currentTarget.value))}
            error={form.errors.default_online_url}
            data-testid="classroom-online-url"
          />
        </SimpleGrid>
        <ActiveStatusSelect
          namespace={NS}
          value={form.values.status ?? 1}
          onChange={(status) => form.setField('status', status)}
          error={form.errors.status}
          testId="classroom-status"
        />
      </Stack>
    </Paper>
  );
}

function ClassroomFormBody({ classroom }: { classroom: Classroom | null }) {
  const { t, i18n } = useTranslation();
  const save = useRecordSave(classroomsResource, classroom);
  const initial = useMemo(
    () => (classroom ? valuesOf(classroom) : newValues(i18n.language)),
    [classroom, i18n.language],
  );
  const [uploading, setUploading] = useState(false);
  return (
    <Stack gap="lg">
      <ResourceForm
        schema={classroomCreateSchema}
        initial={initial}
        cancelTo={LIST}
        testId="classroom-form"
        onSave={(data, mode) => save(data, mode)}
        saveDisabled={uploading}
      >
        {(form) => <ClassroomFields form={form} onBusyChange={setUploading} />}
      </ResourceForm>
      {classroom ? (
        <SessionsPanel classroom={classroom} />
      ) : (
        <Paper withBorder radius="lg" p="lg">
          <Title order={2} fz="h4" mb="xs">
            {t(`${NS}.sessions.title`)}
          </Title>
          {t(`${NS}.sessions.save_first`)}
        </Paper>
      )}
    </Stack>
  );
}

/** `/admin/education/classroom/add` and `/edit/{id}` (create_training): the training, and on edit its sessions. */
export default function ClassroomFormPage() {
  const { id = null } = useParams();
  return (
    <RecordFormPage resource={classroomsResource} id={id} testId="classroom-form">
      {(classroom) => <ClassroomFormBody key={classroom?.id ?? 'new'} classroom={classroom} />}
    </RecordFormPage>
  );
}
