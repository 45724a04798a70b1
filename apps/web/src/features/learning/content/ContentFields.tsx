import {
  CONTENT_DESCRIPTION_MAX,
  CONTENT_DURATION_MAX_S,
  CONTENT_HASHTAGS_MAX,
  CONTENT_TITLE_MAX,
  type Content,
  type contentCreateSchema,
  LOCALES,
  type Locale,
} from '@kampus/shared';
import {
  Alert,
  Loader,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceFormControl } from '../../../components/ResourceForm.js';
import { CoverField, UploadField } from '../../../components/UploadField.js';
import { ActiveStatusSelect } from '../../frame/admin/records/RecordFields.js';
import { useHashtagOptions } from './api.js';
import { formatDuration } from './ContentType.js';
import { FILE_KIND, type FileType, makesNewVersion, type VideoSource, videoSourceOf } from './form.js';
import { percentAffix } from './percent.js';
import { RichTextField } from './RichTextField.js';
import { readVideoDuration } from './video-duration.js';

export type ContentForm = ResourceFormControl<typeof contentCreateSchema>;

const NS = 'content';

/** A whole number or nothing: an emptied number field is no value, not zero. */
const wholeOrNull = (value: string | number) => (typeof value === 'number' ? Math.round(value) : null);

function HashtagsField({ form, content }: { form: ContentForm; content: Content | null }) {
  const { t } = useTranslation();
  const query = useHashtagOptions();
  const options = useMemo(() => {
    const byId = new Map((query.data ?? []).map((tag) => [tag.id, tag.name]));
    // A passive tag the content still carries stays listed, so it is not dropped by saving.
    for (const tag of content?.hashtags ?? []) if (!byId.has(tag.id)) byId.set(tag.id, tag.name);
    return [...byId].map(([id, name]) => ({ value: String(id), label: `#${name}` }));
  }, [query.data, content]);
  return (
    <MultiSelect
      label={t('content.fields.hashtags')}
      placeholder={t('content.hashtags_placeholder')}
      data={options}
      value={(form.values.hashtag_ids ?? []).map(String)}
      onChange={(ids) => form.setField('hashtag_ids', ids.map(Number))}
      maxValues={CONTENT_HASHTAGS_MAX}
      searchable
      clearable
      nothingFoundMessage={query.isLoading ? t('resource.loading') : t('content.hashtags_none')}
      rightSection={query.isLoading ? <Loader size="xs" aria-label={t('resource.loading')} /> : undefined}
      error={form.errors.hashtag_ids ?? (query.isError ? t('resource.load_failed') : undefined)}
      data-testid="content-hashtags"
    />
  );
}

/** Title, description, cover, language, hashtags and status: what every type has. */
export function CommonFields({
  form,
  content,
  onBusyChange,
}: {
  form: ContentForm;
  content: Content | null;
  onBusyChange: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const languages = LOCALES.map((code) => ({ value: code, label: t(`languages.${code}`) }));
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack>
        <TextInput
          label={t('content.fields.title')}
          name="title"
          required
          maxLength={CONTENT_TITLE_MAX}
          autoComplete="off"
          {...form.field('title')}
        />
        <Textarea
          label={t('content.fields.description')}
          name="description"
          autosize
          minRows={3}
          maxRows={10}
          maxLength={CONTENT_DESCRIPTION_MAX}
          {...form.field('description')}
        />
        <CoverField
          label={t('content.fields.cover_url')}
          value={form.values.cover_url}
          onChange={(url) => form.setField('cover_url', url)}
          onBusyChange={onBusyChange}
          error={form.errors.cover_url}
          previewAlt={t('content.cover_alt')}
          testId="content-cover-upload"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('content.fields.language')}
            data={languages}
            value={form.values.language}
            onChange={(value) => value && form.setField('language', value as Locale)}
            allowDeselect={false}
            error={form.errors.language}
            data-testid="content-language"
          />
          <ActiveStatusSelect
            namespace={NS}
            value={form.values.status ?? 1}
            onChange={(status) => form.setField('status', status)}
            error={form.errors.status}
            testId="content-status"
          />
        </SimpleGrid>
        <HashtagsField form={form} content={content} />
      </Stack>
    </Paper>
  );
}

/** A duration in seconds, with the length it makes written the way a player shows it. */
function DurationInput({ form, hint }: { form: ContentForm; hint: string }) {
  const { t } = useTranslation();
  const seconds = form.values.duration_seconds ?? null;
  const shown = formatDuration(seconds);
  return (
    <NumberInput
      label={t('content.fields.duration_seconds')}
      description={shown ? `${hint} (${shown})` : hint}
      min={0}
      max={CONTENT_DURATION_MAX_S}
      allowDecimal={false}
      allowNegative={false}
      value={seconds ?? ''}
      onChange={(value) => form.setField('duration_seconds', wholeOrNull(value))}
      error={form.errors.duration_seconds}
      data-testid="content-duration"
    />
  );
}

function MinReadingInput({ form }: { form: ContentForm }) {
  const { t } = useTranslation();
  return (
    <NumberInput
      label={t('content.fields.min_reading_seconds')}
      description={t('content.min_reading_hint')}
      min={1}
      max={CONTENT_DURATION_MAX_S}
      allowDecimal={false}
      allowNegative={false}
      value={form.values.min_reading_seconds ?? ''}
      onChange={(value) => form.setField('min_reading_seconds', wholeOrNull(value))}
      error={form.errors.min_reading_seconds}
      data-testid="content-min-reading"
    />
  );
}

function AddressInput({ form, label, hint }: { form: ContentForm; label: string; hint: string }) {
  return (
    <TextInput
      label={label}
      description={hint}
      name="external_url"
      type="url"
      required
      placeholder="https://"
      autoComplete="off"
      value={form.values.external_url ?? ''}
      onChange={(event) => form.setField('external_url', event.currentTarget.value.trim())}
      error={form.errors.external_url}
      data-testid="content-url"
    />
  );
}

interface FileFieldProps {
  form: ContentForm;
  type: FileType;
  content: Content | null;
  onBusyChange: (busy: boolean) => void;
  onChosen?: (file: File) => void;
}

/** The type's file: what is stored now, the upload of another, and what replacing it does to learners' progress. */
function FileField({ form, type, content, onBusyChange, onChosen }: FileFieldProps) {
  const { t } = useTranslation();
  const current = content?.file;
  const newVersion = makesNewVersion(content, form.values.file_url);
  return (
    <Stack gap="xs">
      <UploadField
        kind={FILE_KIND[type]}
        label={t(`content.file_label.${type}`)}
        onUploaded={(file) => form.setField('file_url', file.url)}
        onBusyChange={onBusyChange}
        onChosen={onChosen}
        error={form.errors.file_url}
        testId="content-file"
      />
      {current && !newVersion && (
        <Text fz="sm" c="dimmed" data-testid="content-file-current">
          {t('content.file_current', { name: current.name, version: content.version })}
        </Text>
      )}
      {newVersion && content && (
        <Alert color="warning" icon={<IconInfoCircle size={18} aria-hidden />} data-testid="content-new-version">
          {t('content.new_version', { version: content.version + 1 })}
        </Alert>
      )}
    </Stack>
  );
}

function VideoFields({ form, content, onBusyChange }: Omit<FileFieldProps, 'type'>) {
  const { t, i18n } = useTranslation();
  const source = videoSourceOf(form.values);
  const chooseSource = (next: VideoSource) => {
    if (next === source) return;
    // One source at a time; an empty address (not null) marks the address as chosen and is refused until filled.
    if (next === 'url') {
      form.setField('file_url', null);
      form.setField('external_url', '');
    } else form.setField('external_url', null);
  };
  const readDuration = (file: File) =>
    void readVideoDuration(file).then((seconds) => {
      if (seconds !== null) form.setField('duration_seconds', seconds);
    });
  return (
    <Stack>
      <SegmentedControl
        value={source}
        onChange={(next) => chooseSource(next as VideoSource)}
        data={[
          { value: 'file', label: t('content.video_source.file') },
          { value: 'url', label: t('content.video_source.url') },
        ]}
        w="fit-content"
        aria-label={t('content.video_source.label')}
        data-testid="content-video-source"
      />
      {source === 'file' ? (
        <FileField form={form} type="video" content={content} onBusyChange={onBusyChange} onChosen={readDuration} />
      ) : (
        <AddressInput form={form} label={t('content.fields.video_url')} hint={t('content.video_url_hint')} />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DurationInput
          form={form}
          hint={t(source === 'file' ? 'content.duration_video_hint' : 'content.duration_hint')}
        />
        <NumberInput
          label={t('content.fields.completion_threshold')}
          description={t('content.completion_threshold_hint')}
          min={1}
          max={100}
          {...percentAffix(i18n.language)}
          allowDecimal={false}
          allowNegative={false}
          value={form.values.completion_threshold ?? ''}
          onChange={(value) => form.setField('completion_threshold', wholeOrNull(value) ?? Number.NaN)}
          error={form.errors.completion_threshold}
          data-testid="content-threshold"
        />
      </SimpleGrid>
      <Switch
        label={t('content.fields.guard_enabled')}
        description={t('content.guard_hint')}
        checked={form.values.guard_enabled ?? true}
        onChange={(event) => form.setField('guard_enabled', event.currentTarget.checked)}
        data-testid="content-guard"
      />
    </Stack>
  );
}

/** The fields of the content's type: its file or address, its body, and how it is completed. */
export function TypeFields({ form, content, onBusyChange }: Omit<FileFieldProps, 'type'>) {
  const { t } = useTranslation();
  const type = form.values.type;
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="content-type-fields" data-type={type}>
      <Stack>
        <Title order={3} fz="md">
          {t(`content.type_section.${type}`)}
        </Title>
        {type === 'video' && <VideoFields form={form} content={content} onBusyChange={onBusyChange} />}
        {type === 'document' && (
          <>
            <FileField form={form} type="document" content={content} onBusyChange={onBusyChange} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <MinReadingInput form={form} />
              <DurationInput form={form} hint={t('content.duration_hint')} />
            </SimpleGrid>
          </>
        )}
        {type === 'scorm' && (
          <>
            <FileField form={form} type="scorm" content={content} onBusyChange={onBusyChange} />
            <Text fz="sm" c="dimmed">
              {t('content.scorm_hint')}
            </Text>
            <DurationInput form={form} hint={t('content.duration_hint')} />
          </>
        )}
        {type === 'link' && (
          <>
            <AddressInput form={form} label={t('content.fields.link_url')} hint={t('content.link_url_hint')} />
            <DurationInput form={form} hint={t('content.duration_hint')} />
          </>
        )}
        {type === 'page' && (
          <>
            <RichTextField
              label={t('content.fields.body')}
              description={t('content.body_hint')}
              value={form.values.body ?? ''}
              onChange={(html) => form.setField('body', html || null)}
              error={form.errors.body}
              required
              testId="content-body"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <MinReadingInput form={form} />
              <DurationInput form={form} hint={t('content.duration_hint')} />
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Paper>
  );
}
