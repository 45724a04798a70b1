import {
  LIKERT_DEFAULT_LABELS,
  LOCALES,
  type Locale,
  learnerSurveyQuestion,
  SURVEY_TITLE_MAX,
  type Survey,
  type SurveyAnswers,
  type SurveyKind,
  type SurveyQuestion,
  surveyCreateSchema,
} from '@kampus/shared';
import {
  Button,
  Group,
  Modal,
  MultiSelect,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ResourceForm, type ResourceFormControl } from '../../../../components/ResourceForm.js';
import { ActiveStatusSelect } from '../../../frame/admin/records/RecordFields.js';
import { RecordFormPage, useRecordSave } from '../../../frame/admin/records/RecordFormPage.js';
import { RichTextField } from '../../content/RichTextField.js';
import { resourceOf } from '../api.js';
import { SurveyQuestionField } from '../SurveyQuestionField.js';
import { type BuilderQuestion, QuestionBuilder } from './QuestionBuilder.js';
import { screensOf } from './screens.js';

type SurveyFormControl = ResourceFormControl<typeof surveyCreateSchema>;

/** A stored question as the builder edits it. */
function builderQuestion(q: SurveyQuestion): BuilderQuestion {
  const base = { id: q.id, text: q.text, required: q.required };
  switch (q.type) {
    case 'likert':
      return { ...base, type: 'likert', points: q.points === 7 ? 7 : 5, labels: q.labels };
    case 'single_choice':
    case 'multiple_choice':
      return { ...base, type: q.type, options: q.options };
    case 'rating':
      return { ...base, type: 'rating', scale: q.scale ?? 'stars' };
    default:
      return { ...base, type: 'free_text' };
  }
}

function initialOf(survey: Survey | null, language: string) {
  if (survey) {
    return {
      title: survey.title,
      description: survey.description,
      languages: survey.languages,
      anonymous: survey.anonymous,
      status: survey.status,
      questions: survey.questions.map(builderQuestion),
    };
  }
  const main = ((LOCALES as readonly string[]).includes(language) ? language : 'tr') as Locale;
  return { title: '', description: null, languages: [main], anonymous: false, status: 1 as const, questions: [] };
}

/** The builder's questions as the learner will see them, in one of the survey's languages. */
function PreviewModal({ form, opened, onClose }: { form: SurveyFormControl; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const languages = (form.values.languages ?? ['tr']) as Locale[];
  const [language, setLanguage] = useState<Locale>(languages[0] ?? 'tr');
  const [answers, setAnswers] = useState<SurveyAnswers>({});
  const shown = languages.includes(language) ? language : (languages[0] ?? 'tr');
  const questions = ((form.values.questions ?? []) as BuilderQuestion[]).map((q, index) =>
    learnerSurveyQuestion(
      {
        id: index + 1,
        type: q.type,
        text: q.text,
        required: q.required ?? true,
        points: q.type === 'likert' ? q.points : null,
        labels: q.type === 'likert' ? q.labels : {},
        options: q.type === 'single_choice' || q.type === 'multiple_choice' ? q.options : [],
        scale: q.type === 'rating' ? q.scale : null,
      },
      shown,
      languages[0] ?? 'tr',
    ),
  );
  return (
    <Modal opened={opened} onClose={onClose} size="xl" title={t('surveys.builder.preview_title')}>
      <Stack gap="md" data-testid="survey-preview">
        {languages.length > 1 && (
          <SegmentedControl
            value={shown}
            onChange={(value) => setLanguage(value as Locale)}
            data={languages.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
          />
        )}
        <Title order={2} fz="h3">
          {form.values.title || t('surveys.builder.untitled')}
        </Title>
        {questions.length === 0 ? (
          <Text c="dimmed">{t('surveys.builder.empty')}</Text>
        ) : (
          questions.map((question, index) => (
            <Paper key={question.id} withBorder radius="md" p="md">
              <SurveyQuestionField
                question={question}
                index={index}
                value={answers[String(question.id)]}
                onChange={(value) =>
                  setAnswers((current) => {
                    const next = { ...current };
                    if (value === undefined) delete next[String(question.id)];
                    else next[String(question.id)] = value;
                    return next;
                  })
                }
              />
            </Paper>
          ))
        )}
        <Text fz="sm" c="dimmed">
          {t('surveys.builder.preview_hint')}
        </Text>
      </Stack>
    </Modal>
  );
}

function SurveyFields({ form, survey, kind }: { form: SurveyFormControl; survey: Survey | null; kind: SurveyKind }) {
  const { t } = useTranslation();
  const NS = resourceOf(kind).contract.namespace;
  const [preview, setPreview] = useState(false);
  const languages = (form.values.languages ?? ['tr']) as Locale[];
  const locked = survey?.locked ?? false;
  const storedIds = useMemo(() => new Set(survey?.questions.map((q) => q.id) ?? []), [survey]);
  const storedOptions = useMemo(
    () => new Map(survey?.questions.map((q) => [q.id, new Set(q.options.map((o) => o.key))]) ?? []),
    [survey],
  );
  const setLanguages = (next: Locale[]) => {
    form.setField('languages', next);
    // A Likert question needs its labels in a language added: it starts with the defaults.
    const questions = (form.values.questions ?? []) as BuilderQuestion[];
    form.setField(
      'questions',
      questions.map((q) =>
        q.type === 'likert'
          ? {
              ...q,
              labels: Object.fromEntries(
                next.map((lang) => [lang, q.labels[lang] ?? [...LIKERT_DEFAULT_LABELS[lang][q.points]]]),
              ),
            }
          : q,
      ),
    );
  };
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="lg">
        <Stack>
          <TextInput
            label={t(`${NS}.fields.title`)}
            name="title"
            required
            maxLength={SURVEY_TITLE_MAX}
            autoComplete="off"
            {...form.field('title')}
            data-testid="survey-title"
          />
          <RichTextField
            label={t(`${NS}.fields.description`)}
            value={form.values.description ?? ''}
            onChange={(html) => form.setField('description', html || null)}
            error={form.errors.description}
            testId="survey-description"
          />
          <MultiSelect
            label={t(`${NS}.fields.languages`)}
            description={t('surveys.languages_hint')}
            data={LOCALES.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
            value={languages}
            onChange={(value) => setLanguages(value as Locale[])}
            error={form.errors.languages}
            data-testid="survey-languages"
          />
          <Switch
            label={t(`${NS}.fields.anonymous`)}
            description={locked ? t('surveys.anonymous_locked') : t('surveys.anonymous_hint_admin')}
            checked={form.values.anonymous ?? false}
            disabled={locked}
            onChange={(event) => form.setField('anonymous', event.currentTarget.checked)}
            error={form.errors.anonymous}
            data-testid="survey-anonymous"
          />
          <ActiveStatusSelect
            namespace={NS}
            value={form.values.status ?? 1}
            onChange={(status) => form.setField('status', status)}
            error={form.errors.status}
            testId="survey-status"
          />
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} fz="h4">
              {t('surveys.builder.title')}
            </Title>
            <Button
              variant="default"
              leftSection={<IconEye size={16} aria-hidden />}
              onClick={() => setPreview(true)}
              data-testid="survey-preview-open"
            >
              {t('surveys.builder.preview')}
            </Button>
          </Group>
          <QuestionBuilder
            questions={(form.values.questions ?? []) as BuilderQuestion[]}
            onChange={(questions) => form.setField('questions', questions)}
            languages={languages}
            locked={locked}
            storedIds={storedIds}
            storedOptions={storedOptions}
            errors={form.errors}
            responses={survey?.responses_count ?? 0}
          />
        </Stack>
      </Paper>
      {preview && <PreviewModal form={form} opened={preview} onClose={() => setPreview(false)} />}
    </Stack>
  );
}

function SurveyFormBody({ survey, kind }: { survey: Survey | null; kind: SurveyKind }) {
  const { i18n } = useTranslation();
  const resource = resourceOf(kind);
  const save = useRecordSave(resource, survey);
  const initial = useMemo(() => initialOf(survey, i18n.language), [survey, i18n.language]);
  return (
    <ResourceForm
      schema={surveyCreateSchema}
      initial={initial}
      cancelTo={screensOf(kind).list}
      testId="survey-form"
      onSave={(data, mode) => save(data, mode)}
    >
      {(form) => <SurveyFields form={form} survey={survey} kind={kind} />}
    </ResourceForm>
  );
}

/** Add and edit of a survey or an evaluation survey: its fields and the question builder with a preview. */
export function SurveyForm({ kind }: { kind: SurveyKind }) {
  const { id = null } = useParams();
  return (
    <RecordFormPage resource={resourceOf(kind)} id={id} testId="survey-form">
      {(survey) => <SurveyFormBody key={survey?.id ?? 'new'} survey={survey} kind={kind} />}
    </RecordFormPage>
  );
}
