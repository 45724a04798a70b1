import '@mantine/dates/styles.css';
import {
  ANSWER_REVEALS,
  type DrawRuleInput,
  EXAM_ATTEMPTS_MAX,
  EXAM_LAYOUTS,
  EXAM_TIME_LIMIT_MAX,
  EXAM_TITLE_MAX,
  EXAM_WAIT_MAX,
  type Exam,
  type ExamCreateInput,
  type ExamKind,
  examCreateSchema,
  LOCALES,
  type Locale,
} from '@kampus/shared';
import {
  Alert,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { IconChartBar, IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { pathTo } from '../../../../app/route-names.js';
import { ResourceForm, type ResourceFormControl } from '../../../../components/ResourceForm.js';
import { CoverField } from '../../../../components/UploadField.js';
import { ActiveStatusSelect } from '../../../frame/admin/records/RecordFields.js';
import { RecordFormPage, useRecordSave } from '../../../frame/admin/records/RecordFormPage.js';
import { instantOf, wallClock } from '../../classrooms/dates.js';
import { RichTextField } from '../../content/RichTextField.js';
import { useCategoryOptions } from '../../educations/admin/category-options.js';
import { examsResource } from './api.js';
import { DrawRulesBuilder } from './DrawRulesBuilder.js';
import { type QuestionDisplay, QuestionPicker } from './QuestionPicker.js';

const NS = examsResource.contract.namespace;
const LIST = pathTo('company.exam.index');
const NO_CATEGORY = 'none';

type ExamForm = ResourceFormControl<typeof examCreateSchema>;

/** The zone the window is entered in: the reader's (Baku for Azerbaijani, else Istanbul), as the app shows dates. */
const zoneOf = (language: string) => (language === 'az' ? 'Asia/Baku' : 'Europe/Istanbul');

function newValues(language: string, kind: ExamKind): ExamCreateInput {
  return {
    title: '',
    description: null,
    image_url: null,
    language: ((LOCALES as readonly string[]).includes(language) ? language : 'tr') as Locale,
    category_id: null,
    status: 1,
    kind,
    selection: 'fixed',
    question_ids: [],
    draw_rules: [],
    shuffle_questions: kind === 'demo',
    shuffle_options: kind === 'demo',
    time_limit_minutes: null,
    pass_mark: 70,
    attempts_allowed: kind === 'demo' ? null : 1,
    wait_minutes: 0,
    reveal: 'after_attempt',
    layout: 'one_per_page',
    available_from: null,
    available_until: null,
    block_copy_paste: false,
  };
}

function valuesOf(exam: Exam): ExamCreateInput {
  return {
    title: exam.title,
    description: exam.description,
    image_url: exam.image_url,
    language: exam.language,
    category_id: exam.category?.id ?? null,
    status: exam.status,
    kind: exam.kind,
    selection: exam.selection,
    question_ids: exam.question_ids,
    draw_rules: exam.draw_rules.map((rule) => ({ ...rule, difficulty: rule.difficulty ?? null })),
    shuffle_questions: exam.shuffle_questions,
    shuffle_options: exam.shuffle_options,
    time_limit_minutes: exam.time_limit_minutes,
    pass_mark: exam.pass_mark,
    attempts_allowed: exam.attempts_allowed,
    wait_minutes: exam.wait_minutes,
    reveal: exam.reveal,
    layout: exam.layout,
    available_from: exam.available_from,
    available_until: exam.available_until,
    block_copy_paste: exam.block_copy_paste,
  };
}

/** A number field whose empty value means "none" (no time limit, unlimited attempts). */
const numberOrNull = (value: string | number) => (value === '' ? null : Number(value));

function BasicsSection({ form, onBusyChange }: { form: ExamForm; onBusyChange: (busy: boolean) => void }) {
  const { t } = useTranslation();
  const { query, options } = useCategoryOptions();
  const languages = LOCALES.map((code) => ({ value: code, label: t(`languages.${code}`) }));
  const _image = form.values.image_url;
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack>
        <Title order={2} fz="h4">
          {t(`${NS}.sections.basics`)}
        </Title>
        <TextInput
          label={t(`${NS}.fields.title`)}
          name="title"
          required
          maxLength={EXAM_TITLE_MAX}
          autoComplete="off"
          {...form.field('title')}
          data-testid="exam-title"
        />
        <CoverField
          label={t(`${NS}.fields.image_url`)}
          value={form.values.image_url}
          onChange={(url) => form.setField('image_url', url)}
          onBusyChange={onBusyChange}
          error={form.errors.image_url}
          testId="exam-image-upload"
        />
        <RichTextField
          label={t(`${NS}.fields.description`)}
          value={form.values.description ?? ''}
          onChange={(html) => form.setField('description', html || null)}
          error={form.errors.description}
          testId="exam-description"
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t(`${NS}.fields.category`)}
            data={[{ value: NO_CATEGORY, label: t(`${NS}.no_category`) }, ...options]}
            value={form.values.category_id ? String(form.values.category_id) : NO_CATEGORY}
            onChange={(next) => form.setField('category_id', !next || next === NO_CATEGORY ? null : Number(next))}
            allowDeselect={false}
            searchable
            rightSection={
              query.isLoading ? <Loader size="xs" role="status" aria-label={t('resource.loading')} /> : undefined
            }
            error={form.errors.category_id}
            data-testid="exam-category"
          />
          <Select
            label={t(`${NS}.fields.language`)}
            data={languages}
            value={form.values.language}
            onChange={(value) => value && form.setField('language', value as Locale)}
            allowDeselect={false}
            error={form.errors.language}
            data-testid="exam-language"
          />
          <ActiveStatusSelect
            namespace={NS}
            value={form.values.status ?? 1}
            onChange={(status) => form.setField('status', status)}
            error={form.errors.status}
            testId="exam-status"
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function QuestionsSection({ form, initial }: { form: ExamForm; initial: Exam | null }) {
  const { t } = useTranslation();
  const [displays, setDisplays] = useState<Map<number, QuestionDisplay>>(
    () => new Map((initial?.questions ?? []).map((q) => [q.id, q])),
  );
  const selection = form.values.selection ?? 'fixed';
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack>
        <Title order={2} fz="h4">
          {t(`${NS}.sections.questions`)}
        </Title>
        <Stack gap={4}>
          <Text fz="sm" fw={500} id="exam-selection-label">
            {t(`${NS}.fields.selection`)}
          </Text>
          <SegmentedControl
            aria-labelledby="exam-selection-label"
            data={[
              { value: 'fixed', label: t('exams.selections.fixed') },
              { value: 'random', label: t('exams.selections.random') },
            ]}
            value={selection}
            onChange={(value) => form.setField('selection', value as 'fixed' | 'random')}
            data-testid="exam-selection"
            style={{ alignSelf: 'flex-start' }}
          />
        </Stack>
        {selection === 'fixed' ? (
          <QuestionPicker
            ids={form.values.question_ids ?? []}
            onChange={(ids) => form.setField('question_ids', ids)}
            displays={displays}
            onPicked={(question) => setDisplays((current) => new Map(current).set(question.id, question))}
            errors={form.errors}
          />
        ) : (
          <DrawRulesBuilder
            rules={(form.values.draw_rules ?? []) as DrawRuleInput[]}
            onChange={(rules) => form.setField('draw_rules', rules)}
            errors={form.errors}
            language={String(form.values.language ?? 'tr')}
          />
        )}
      </Stack>
    </Paper>
  );
}

function WindowField({ form, field }: { form: ExamForm; field: 'available_from' | 'available_until' }) {
  const { t, i18n } = useTranslation();
  const zone = zoneOf(i18n.language);
  const value = form.values[field];
  return (
    <DateTimePicker
      label={t(`exams.fields.${field}`)}
      valueFormat="DD/MM/YYYY HH:mm"
      locale={i18n.language}
      clearable
      value={value ? wallClock(value, zone) : null}
      onChange={(next) => form.setField(field, next ? instantOf(next, zone) : null)}
      error={form.errors[field]}
      submitButtonProps={{ 'aria-label': t(`${NS}.pick_done`) }}
      data-testid={`exam-${field.replace('_', '-')}`}
    />
  );
}

function SettingsSection({ form, kind }: { form: ExamForm; kind: ExamKind }) {
  const { t } = useTranslation();
  const demo = kind === 'demo';
  const v = form.values;
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack>
        <Title order={2} fz="h4">
          {t(`${NS}.sections.settings`)}
        </Title>
        {demo && (
          <Alert color="grape" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} data-testid="demo-note">
            {t(`${NS}.demo_description`)}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <NumberInput
            label={t('exams.fields.time_limit_minutes')}
            description={t('exams.hints.time_limit_minutes')}
            placeholder={t(`${NS}.no_limit`)}
            min={1}
            max={EXAM_TIME_LIMIT_MAX}
            allowDecimal={false}
            value={v.time_limit_minutes ?? ''}
            onChange={(value) => form.setField('time_limit_minutes', numberOrNull(value))}
            error={form.errors.time_limit_minutes}
            data-testid="exam-time-limit"
          />
          <NumberInput
            label={t('exams.fields.pass_mark')}
            min={0}
            max={100}
            allowDecimal={false}
            value={v.pass_mark ?? 70}
            onChange={(value) => form.setField('pass_mark', Number(value) || 0)}
            error={form.errors.pass_mark}
            data-testid="exam-pass-mark"
          />
          {!demo && (
            <NumberInput
              label={t('exams.fields.attempts_allowed')}
              description={t('exams.hints.attempts_allowed')}
              placeholder={t(`${NS}.unlimited`)}
              min={1}
              max={EXAM_ATTEMPTS_MAX}
              allowDecimal={false}
              value={v.attempts_allowed ?? ''}
              onChange={(value) => form.setField('attempts_allowed', numberOrNull(value))}
              error={form.errors.attempts_allowed}
              data-testid="exam-attempts"
            />
          )}
          {!demo && (
            <NumberInput
              label={t('exams.fields.wait_minutes')}
              min={0}
              max={EXAM_WAIT_MAX}
              allowDecimal={false}
              value={v.wait_minutes ?? 0}
              onChange={(value) => form.setField('wait_minutes', Number(value) || 0)}
              error={form.errors.wait_minutes}
              data-testid="exam-wait"
            />
          )}
          {!demo && (
            <Select
              label={t('exams.fields.reveal')}
              data={ANSWER_REVEALS.map((value) => ({ value, label: t(`exams.reveals.${value}`) }))}
              value={v.reveal ?? 'after_attempt'}
              onChange={(value) => value && form.setField('reveal', value as (typeof ANSWER_REVEALS)[number])}
              allowDeselect={false}
              error={form.errors.reveal}
              data-testid="exam-reveal"
            />
          )}
          <Select
            label={t('exams.fields.layout')}
            data={EXAM_LAYOUTS.map((value) => ({ value, label: t(`exams.layouts.${value}`) }))}
            value={v.layout ?? 'one_per_page'}
            onChange={(value) => value && form.setField('layout', value as (typeof EXAM_LAYOUTS)[number])}
            allowDeselect={false}
            error={form.errors.layout}
            data-testid="exam-layout"
          />
        </SimpleGrid>
        <Stack gap={4}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <WindowField form={form} field="available_from" />
            <WindowField form={form} field="available_until" />
          </SimpleGrid>
          <Text fz="xs" c="dimmed">
            {t('exams.hints.window')}
          </Text>
        </Stack>
        <Stack gap="xs">
          <Switch
            label={t('exams.fields.shuffle_questions')}
            checked={v.shuffle_questions ?? false}
            onChange={(event) => form.setField('shuffle_questions', event.currentTarget.checked)}
            data-testid="exam-shuffle-questions"
          />
          <Switch
            label={t('exams.fields.shuffle_options')}
            checked={v.shuffle_options ?? false}
            onChange={(event) => form.setField('shuffle_options', event.currentTarget.checked)}
            data-testid="exam-shuffle-options"
          />
          <Switch
            label={t('exams.fields.block_copy_paste')}
            description={t('exams.hints.block_copy_paste')}
            checked={v.block_copy_paste ?? false}
            onChange={(event) => form.setField('block_copy_paste', event.currentTarget.checked)}
            data-testid="exam-block-copy"
          />
        </Stack>
      </Stack>
    </Paper>
  );
}

function ExamFormBody({ exam, kind }: { exam: Exam | null; kind: ExamKind }) {
  const { t, i18n } = useTranslation();
  const save = useRecordSave(examsResource, exam, {
    edit: kind === 'demo' ? 'company.exam.edit_demo' : 'company.exam.edit',
  });
  const initial = useMemo(() => (exam ? valuesOf(exam) : newValues(i18n.language, kind)), [exam, i18n.language, kind]);
  const [uploading, setUploading] = useState(false);
  return (
    <Stack gap="lg">
      {exam && (
        <Group justify="flex-end">
          <Button
            component={Link}
            to={pathTo('company.exam.results', { id: exam.id })}
            variant="light"
            leftSection={<IconChartBar size={16} aria-hidden />}
            data-testid="exam-open-results"
          >
            {t(`${NS}.view_results`)}
          </Button>
        </Group>
      )}
      <ResourceForm
        schema={examCreateSchema}
        initial={initial}
        cancelTo={LIST}
        testId="exam-form"
        onSave={(data, mode) => save(data, mode)}
        saveDisabled={uploading}
      >
        {(form) => (
          <Stack gap="lg">
            <BasicsSection form={form} onBusyChange={setUploading} />
            <QuestionsSection form={form} initial={exam} />
            <SettingsSection form={form} kind={kind} />
          </Stack>
        )}
      </ResourceForm>
    </Stack>
  );
}

/**
 * `/admin/exam/add`, `/admin/exam/{id}/edit` and the practice exam's `/add-demo`, `/{id}/edit-demo` (create_exam):
 * one form — basics, the questions (a fixed list from the bank or random-draw rules with live counts) and how it is
 * taken; a practice exam shows fewer settings (it is always unlimited, without a wait, answers shown each time).
 */
export default function ExamFormPage() {
  const { id = null } = useParams();
  const { pathname } = useLocation();
  const demoRoute = pathname.endsWith('-demo');
  return (
    <RecordFormPage resource={examsResource} id={id} testId="exam-form" maxWidth={1100}>
      {(exam) => (
        <ExamFormBody key={exam?.id ?? 'new'} exam={exam} kind={exam?.kind ?? (demoRoute ? 'demo' : 'exam')} />
      )}
    </RecordFormPage>
  );
}
