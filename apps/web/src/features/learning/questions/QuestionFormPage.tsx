import {
  LOCALES,
  type Locale,
  learnerQuestion,
  QUESTION_DIFFICULTIES,
  QUESTION_HASHTAGS_MAX,
  QUESTION_OPTION_MAX,
  QUESTION_OPTIONS_MAX,
  QUESTION_POINTS_MAX,
  QUESTION_TYPES,
  type Question,
  type QuestionAnswer,
  type QuestionBody,
  type QuestionCreateInput,
  type QuestionOption,
  type QuestionType,
  questionCreateSchema,
  revealedAnswer,
  scoreAnswer,
} from '@kampus/shared';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Checkbox,
  Grid,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { ResourceForm, type ResourceFormControl } from '../../../components/ResourceForm.js';
import { ActiveStatusSelect } from '../../frame/admin/records/RecordFields.js';
import { RecordFormPage, useRecordSave } from '../../frame/admin/records/RecordFormPage.js';
import { useHashtagOptions } from '../content/api.js';
import { RichTextField } from '../content/RichTextField.js';
import { useCategoryOptions } from '../educations/admin/category-options.js';
import { questionsResource } from './api.js';
import { type QuestionFeedback, QuestionView } from './QuestionView.js';

const NS = questionsResource.contract.namespace;
const LIST = pathTo('company.question.index');
const NO_CATEGORY = 'none';

type QuestionForm = ResourceFormControl<typeof questionCreateSchema>;
/** The body as the form holds it: what the author typed so far, checked by the schema only when saving. */
type DraftBody = QuestionCreateInput['body'];

/** A random key for a new option, ordering item or matching side (keys never reveal the order). */
export const newKey = () => `k${Math.random().toString(36).slice(2, 10)}`;

const option = (text = ''): QuestionOption => ({ key: newKey(), text });

/** The body of a type, keeping what the author already wrote that still fits (text, explanation, options). */
export function bodyOfType(type: QuestionType, from: DraftBody | null): DraftBody {
  const base = { text: from?.text ?? '', explanation: from?.explanation ?? null };
  const options =
    from && (from.type === 'single' || from.type === 'multiple')
      ? from.options
      : from?.type === 'ordering'
        ? from.items
        : [option(), option()];
  switch (type) {
    case 'single':
      return { ...base, type, options, correct: from?.type === 'multiple' ? (from.correct[0] ?? '') : '' };
    case 'multiple':
      return { ...base, type, options, correct: from?.type === 'single' && from.correct ? [from.correct] : [] };
    case 'true_false':
      return { ...base, type, correct: true };
    case 'short_text':
      return { ...base, type, accepted: [''] };
    case 'ordering':
      return { ...base, type, items: options };
    case 'matching':
      return {
        ...base,
        type,
        pairs: [0, 1].map(() => ({ key: newKey(), left: '', right_key: newKey(), right: '' })),
      };
    case 'numeric':
      return { ...base, type, value: 0, tolerance: 0 };
    case 'open':
      return { ...base, type, guidance: null };
  }
}

function newValues(language: string): QuestionCreateInput {
  return {
    body: bodyOfType('single', null),
    points: 1,
    difficulty: 'medium',
    language: ((LOCALES as readonly string[]).includes(language) ? language : 'tr') as Locale,
    category_id: null,
    hashtag_ids: [],
    status: 1,
  };
}

const valuesOf = (question: Question): QuestionCreateInput => ({
  body: question.body,
  points: question.points,
  difficulty: question.difficulty,
  language: question.language,
  category_id: question.category?.id ?? null,
  hashtag_ids: question.hashtags.map((tag) => tag.id),
  status: question.status,
});

const move = <T,>(list: readonly T[], index: number, step: -1 | 1): T[] => {
  const next = [...list];
  const target = index + step;
  if (target < 0 || target >= next.length) return next;
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
};

/** One row of a list editor: its fields, then move and remove buttons. */
function RowTools({
  index,
  count,
  name,
  ordered,
  onMove,
  onRemove,
  min = 2,
}: {
  index: number;
  count: number;
  name: string;
  ordered?: boolean;
  onMove?: (step: -1 | 1) => void;
  onRemove: () => void;
  min?: number;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={2} wrap="nowrap">
      {ordered && onMove && (
        <>
          <ActionIcon
            variant="subtle"
            aria-label={t(`${NS}.form.move_up`, { n: index + 1 })}
            disabled={index === 0}
            onClick={() => onMove(-1)}
          >
            <IconArrowUp size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={t(`${NS}.form.move_down`, { n: index + 1 })}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            <IconArrowDown size={18} aria-hidden />
          </ActionIcon>
        </>
      )}
      <ActionIcon
        variant="subtle"
        color="danger"
        aria-label={t(`${NS}.form.remove`, { name })}
        disabled={count <= min}
        onClick={onRemove}
      >
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

function AddRow({
  label,
  onClick,
  disabled,
  testId,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  testId: string;
}) {
  return (
    <Group>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={onClick}
        disabled={disabled}
        data-testid={testId}
      >
        {label}
      </Button>
    </Group>
  );
}

function FieldError({ error }: { error?: string }) {
  return error ? (
    <Text fz="sm" c="danger" role="alert">
      {error}
    </Text>
  ) : null;
}

/** The answer part of the form, one editor per type. */
function AnswerEditor({ form }: { form: QuestionForm }) {
  const { t } = useTranslation();
  const body = form.values.body as DraftBody;
  const set = (next: DraftBody) => form.setField('body', next);
  const errors = form.errors;
  const firstError = (...paths: string[]) => {
    for (const path of paths) {
      const found = Object.entries(errors).find(([key]) => key === path || key.startsWith(`${path}.`));
      if (found) return found[1];
    }
    return undefined;
  };

  switch (body.type) {
    case 'single':
    case 'multiple': {
      const multiple = body.type === 'multiple';
      const correct = new Set(multiple ? body.correct : [body.correct]);
      const setOptions = (options: QuestionOption[]) => {
        const keys = new Set(options.map((o) => o.key));
        if (body.type === 'multiple') set({ ...body, options, correct: body.correct.filter((k) => keys.has(k)) });
        else set({ ...body, options, correct: keys.has(body.correct) ? body.correct : '' });
      };
      const toggle = (key: string, checked: boolean) => {
        if (body.type === 'multiple') {
          set({ ...body, correct: checked ? [...body.correct, key] : body.correct.filter((k) => k !== key) });
        } else if (checked) set({ ...body, correct: key });
      };
      return (
        <Stack gap="xs">
          <Text fz="sm" c="dimmed">
            {t(`${NS}.form.${multiple ? 'multiple_hint' : 'options_hint'}`)}
          </Text>
          {body.options.map((item, index) => {
            const label = t(`${NS}.form.option_label`, { n: index + 1 });
            const mark = multiple ? (
              <Checkbox
                checked={correct.has(item.key)}
                onChange={(event) => toggle(item.key, event.currentTarget.checked)}
                aria-label={t(`${NS}.form.correct_label`, { n: index + 1 })}
                data-testid="question-correct"
              />
            ) : (
              <Radio
                checked={correct.has(item.key)}
                onChange={(event) => toggle(item.key, event.currentTarget.checked)}
                name="correct-option"
                aria-label={t(`${NS}.form.correct_label`, { n: index + 1 })}
                data-testid="question-correct"
              />
            );
            return (
              <Group key={item.key} gap="xs" wrap="nowrap" align="center">
                {mark}
                <TextInput
                  aria-label={label}
                  placeholder={label}
                  value={item.text}
                  maxLength={QUESTION_OPTION_MAX}
                  onChange={(event) => {
                    const text = event.currentTarget.value;
                    setOptions(body.options.map((o) => (o.key === item.key ? { ...o, text } : o)));
                  }}
                  error={errors[`body.options.${index}.text`]}
                  style={{ flex: 1 }}
                  data-testid="question-option"
                />
                <RowTools
                  index={index}
                  count={body.options.length}
                  name={label}
                  onRemove={() => setOptions(body.options.filter((o) => o.key !== item.key))}
                />
              </Group>
            );
          })}
          <FieldError error={firstError('body.correct') ?? errors['body.options']} />
          <AddRow
            label={t(`${NS}.form.add_option`)}
            onClick={() => setOptions([...body.options, option()])}
            disabled={body.options.length >= QUESTION_OPTIONS_MAX}
            testId="question-add-option"
          />
        </Stack>
      );
    }
    case 'true_false':
      return (
        <Radio.Group
          label={t(`${NS}.fields.correct`)}
          value={String(body.correct)}
          onChange={(value) => set({ ...body, correct: value === 'true' })}
          error={errors['body.correct']}
        >
          <Group mt="xs">
            <Radio value="true" label={t(`${NS}.form.true`)} data-testid="question-tf-true" />
            <Radio value="false" label={t(`${NS}.form.false`)} data-testid="question-tf-false" />
          </Group>
        </Radio.Group>
      );
    case 'short_text':
      return (
        <Stack gap="xs">
          <Text fz="sm" c="dimmed">
            {t(`${NS}.form.accepted_hint`)}
          </Text>
          {body.accepted.map((answer, index) => {
            const label = t(`${NS}.form.accepted_label`, { n: index + 1 });
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: accepted answers are plain strings edited in place
              <Group key={index} gap="xs" wrap="nowrap">
                <TextInput
                  aria-label={label}
                  placeholder={label}
                  value={answer}
                  maxLength={QUESTION_OPTION_MAX}
                  onChange={(event) => {
                    const text = event.currentTarget.value;
                    set({ ...body, accepted: body.accepted.map((a, i) => (i === index ? text : a)) });
                  }}
                  error={errors[`body.accepted.${index}`]}
                  style={{ flex: 1 }}
                  data-testid="question-accepted"
                />
                <RowTools
                  index={index}
                  count={body.accepted.length}
                  name={label}
                  min={1}
                  onRemove={() => set({ ...body, accepted: body.accepted.filter((_, i) => i !== index) })}
                />
              </Group>
            );
          })}
          <FieldError error={errors['body.accepted']} />
          <AddRow
            label={t(`${NS}.form.add_accepted`)}
            onClick={() => set({ ...body, accepted: [...body.accepted, ''] })}
            disabled={body.accepted.length >= 20}
            testId="question-add-accepted"
          />
        </Stack>
      );
    case 'ordering':
      return (
        <Stack gap="xs">
          <Text fz="sm" c="dimmed">
            {t(`${NS}.form.items_hint`)}
          </Text>
          {body.items.map((item, index) => {
            const label = t(`${NS}.form.item_label`, { n: index + 1 });
            return (
              <Group key={item.key} gap="xs" wrap="nowrap">
                <Text fz="sm" fw={600} w={24} ta="right" aria-hidden>
                  {index + 1}.
                </Text>
                <TextInput
                  aria-label={label}
                  placeholder={label}
                  value={item.text}
                  maxLength={QUESTION_OPTION_MAX}
                  onChange={(event) => {
                    const text = event.currentTarget.value;
                    set({ ...body, items: body.items.map((o) => (o.key === item.key ? { ...o, text } : o)) });
                  }}
                  error={errors[`body.items.${index}.text`]}
                  style={{ flex: 1 }}
                  data-testid="question-item"
                />
                <RowTools
                  index={index}
                  count={body.items.length}
                  name={label}
                  ordered
                  onMove={(step) => set({ ...body, items: move(body.items, index, step) })}
                  onRemove={() => set({ ...body, items: body.items.filter((o) => o.key !== item.key) })}
                />
              </Group>
            );
          })}
          <FieldError error={errors['body.items']} />
          <AddRow
            label={t(`${NS}.form.add_item`)}
            onClick={() => set({ ...body, items: [...body.items, option()] })}
            disabled={body.items.length >= QUESTION_OPTIONS_MAX}
            testId="question-add-item"
          />
        </Stack>
      );
    case 'matching':
      return (
        <Stack gap="xs">
          <Text fz="sm" c="dimmed">
            {t(`${NS}.form.pairs_hint`)}
          </Text>
          {body.pairs.map((pair, index) => {
            const update = (patch: Partial<typeof pair>) =>
              set({ ...body, pairs: body.pairs.map((p) => (p.key === pair.key ? { ...p, ...patch } : p)) });
            const left = t(`${NS}.form.left_label`, { n: index + 1 });
            const right = t(`${NS}.form.right_label`, { n: index + 1 });
            return (
              <Group key={pair.key} gap="xs" wrap="nowrap" align="flex-start">
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" style={{ flex: 1 }}>
                  <TextInput
                    aria-label={left}
                    placeholder={left}
                    value={pair.left}
                    maxLength={QUESTION_OPTION_MAX}
                    onChange={(event) => update({ left: event.currentTarget.value })}
                    error={errors[`body.pairs.${index}.left`]}
                    data-testid="question-pair-left"
                  />
                  <TextInput
                    aria-label={right}
                    placeholder={right}
                    value={pair.right}
                    maxLength={QUESTION_OPTION_MAX}
                    onChange={(event) => update({ right: event.currentTarget.value })}
                    error={errors[`body.pairs.${index}.right`]}
                    data-testid="question-pair-right"
                  />
                </SimpleGrid>
                <RowTools
                  index={index}
                  count={body.pairs.length}
                  name={left}
                  onRemove={() => set({ ...body, pairs: body.pairs.filter((p) => p.key !== pair.key) })}
                />
              </Group>
            );
          })}
          <FieldError error={errors['body.pairs']} />
          <AddRow
            label={t(`${NS}.form.add_pair`)}
            onClick={() =>
              set({ ...body, pairs: [...body.pairs, { key: newKey(), left: '', right_key: newKey(), right: '' }] })
            }
            disabled={body.pairs.length >= QUESTION_OPTIONS_MAX}
            testId="question-add-pair"
          />
        </Stack>
      );
    case 'numeric':
      return (
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NumberInput
            label={t(`${NS}.fields.value`)}
            value={body.value}
            onChange={(value) => set({ ...body, value: typeof value === 'number' ? value : Number.NaN })}
            decimalSeparator=","
            allowedDecimalSeparators={['.', ',']}
            error={errors['body.value']}
            required
            data-testid="question-numeric-value"
          />
          <NumberInput
            label={t(`${NS}.fields.tolerance`)}
            description={t(`${NS}.form.tolerance_hint`)}
            value={body.tolerance ?? 0}
            min={0}
            onChange={(value) => set({ ...body, tolerance: typeof value === 'number' ? value : 0 })}
            decimalSeparator=","
            allowedDecimalSeparators={['.', ',']}
            error={errors['body.tolerance']}
            data-testid="question-numeric-tolerance"
          />
        </SimpleGrid>
      );
    case 'open':
      return (
        <RichTextField
          label={t(`${NS}.fields.guidance`)}
          description={t(`${NS}.form.guidance_hint`)}
          value={body.guidance ?? ''}
          onChange={(html) => set({ ...body, guidance: html || null })}
          error={errors['body.guidance']}
          testId="question-guidance"
        />
      );
  }
}

function TypeChooser({ form }: { form: QuestionForm }) {
  const { t } = useTranslation();
  const body = form.values.body as DraftBody;
  return (
    <Radio.Group
      label={t(`${NS}.fields.type`)}
      value={body.type}
      onChange={(type) => form.setField('body', bodyOfType(type as QuestionType, body))}
      error={form.errors['body.type']}
    >
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mt="xs">
        {QUESTION_TYPES.map((type) => (
          <Radio.Card
            key={type}
            value={type}
            radius="md"
            p="xs"
            data-testid={`question-type-${type}`}
            style={{ height: '100%' }}
          >
            <Group wrap="nowrap" align="flex-start" gap="xs">
              <Radio.Indicator size="xs" mt={3} />
              <Box>
                <Text fz="sm" fw={600}>
                  {t(`${NS}.types.${type}`)}
                </Text>
                <Text fz="xs" c="dimmed">
                  {t(`${NS}.type_hints.${type}`)}
                </Text>
              </Box>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

function DetailsFields({ form, question }: { form: QuestionForm; question: Question | null }) {
  const { t } = useTranslation();
  const { query: categories, options: categoryOptions } = useCategoryOptions();
  const hashtags = useHashtagOptions();
  const hashtagOptions = useMemo(() => {
    const byId = new Map((hashtags.data ?? []).map((tag) => [tag.id, tag.name]));
    for (const tag of question?.hashtags ?? []) if (!byId.has(tag.id)) byId.set(tag.id, tag.name);
    return [...byId].map(([id, name]) => ({ value: String(id), label: `#${name}` }));
  }, [hashtags.data, question]);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <NumberInput
        label={t(`${NS}.fields.points`)}
        value={form.values.points ?? 1}
        min={1}
        max={QUESTION_POINTS_MAX}
        allowDecimal={false}
        onChange={(value) => form.setField('points', typeof value === 'number' ? value : Number.NaN)}
        error={form.errors.points}
        data-testid="question-points"
      />
      <Select
        label={t(`${NS}.fields.difficulty`)}
        data={QUESTION_DIFFICULTIES.map((d) => ({ value: d, label: t(`${NS}.difficulties.${d}`) }))}
        value={form.values.difficulty ?? 'medium'}
        onChange={(value) => value && form.setField('difficulty', value as Question['difficulty'])}
        allowDeselect={false}
        error={form.errors.difficulty}
        data-testid="question-difficulty"
      />
      <Select
        label={t(`${NS}.fields.language`)}
        data={LOCALES.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
        value={form.values.language}
        onChange={(value) => value && form.setField('language', value as Locale)}
        allowDeselect={false}
        error={form.errors.language}
        data-testid="question-language"
      />
      <Select
        label={t(`${NS}.fields.category`)}
        data={[{ value: NO_CATEGORY, label: t(`${NS}.form.category_none`) }, ...categoryOptions]}
        value={form.values.category_id ? String(form.values.category_id) : NO_CATEGORY}
        onChange={(next) => form.setField('category_id', !next || next === NO_CATEGORY ? null : Number(next))}
        allowDeselect={false}
        searchable
        rightSection={
          categories.isLoading ? <Loader size="xs" role="status" aria-label={t('resource.loading')} /> : undefined
        }
        error={form.errors.category_id}
        data-testid="question-category"
      />
      <MultiSelect
        label={t(`${NS}.fields.hashtags`)}
        placeholder={t(`${NS}.form.hashtags_placeholder`)}
        data={hashtagOptions}
        value={(form.values.hashtag_ids ?? []).map(String)}
        onChange={(ids) => form.setField('hashtag_ids', ids.map(Number))}
        maxValues={QUESTION_HASHTAGS_MAX}
        searchable
        clearable
        error={form.errors.hashtag_ids}
        data-testid="question-hashtags"
      />
      <ActiveStatusSelect
        namespace={NS}
        value={form.values.status ?? 1}
        onChange={(status) => form.setField('status', status)}
        error={form.errors.status}
        testId="question-status"
      />
    </SimpleGrid>
  );
}

/** Puts an attempt-like order on the preview: reversed, so an ordering question never shows its answer. */
const previewOrder = (options: QuestionOption[]) => [...options].reverse();

/** The learner's view of the question being written, answerable, checked against the marked answer. */
export function QuestionPreview({ body }: { body: DraftBody }) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<QuestionAnswer | null>(null);
  const [feedback, setFeedback] = useState<QuestionFeedback | undefined>(undefined);
  const question = useMemo(() => learnerQuestion(body as QuestionBody, previewOrder), [body]);
  const typed = body.text.replace(/<[^>]*>/g, '').trim() !== '' || /<img\b/i.test(body.text);
  // A changed question clears the last check.
  const [checkedFor, setCheckedFor] = useState(body);
  if (checkedFor !== body) {
    setCheckedFor(body);
    if (feedback) setFeedback(undefined);
    if (answer && answer.type !== body.type) setAnswer(null);
  }
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="question-preview" aria-labelledby="question-preview-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="question-preview-title">
          {t(`${NS}.form.preview`)}
        </Title>
        <Text fz="xs" c="dimmed">
          {t(`${NS}.form.preview_hint`)}
        </Text>
        {typed ? (
          <>
            <QuestionView
              question={question}
              value={answer}
              onChange={(next) => {
                setAnswer(next);
                setFeedback(undefined);
              }}
              feedback={feedback}
              testId="preview"
            />
            <Group>
              <Button
                variant="light"
                onClick={() => {
                  const score = scoreAnswer(body as QuestionBody, answer);
                  setFeedback({
                    outcome: score.outcome,
                    revealed: revealedAnswer(body as QuestionBody),
                    explanation: body.explanation,
                  });
                }}
                data-testid="preview-check"
              >
                {t(`${NS}.form.check`)}
              </Button>
            </Group>
          </>
        ) : (
          <Text fz="sm" c="dimmed" data-testid="question-preview-empty">
            {t(`${NS}.form.preview_empty`)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack>
        <Title order={2} fz="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function QuestionFields({ form, question }: { form: QuestionForm; question: Question | null }) {
  const { t } = useTranslation();
  const body = form.values.body as DraftBody;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Stack gap="lg">
          {question?.version_used && (
            <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />} data-testid="question-used-notice">
              {t(`${NS}.used_notice`, { next: question.version + 1 })}
            </Alert>
          )}
          <Section title={t(`${NS}.form.question_section`)}>
            <TypeChooser form={form} />
            <RichTextField
              label={t(`${NS}.fields.text`)}
              value={body.text}
              onChange={(html) => form.setField('body', { ...body, text: html })}
              error={form.errors['body.text']}
              required
              images
              testId="question-text"
            />
          </Section>
          <Section title={t(`${NS}.form.answer_section`)}>
            <AnswerEditor form={form} />
            <RichTextField
              label={t(`${NS}.fields.explanation`)}
              description={t(`${NS}.form.explanation_hint`)}
              value={body.explanation ?? ''}
              onChange={(html) => form.setField('body', { ...body, explanation: html || null })}
              error={form.errors['body.explanation']}
              images
              testId="question-explanation"
            />
          </Section>
          <Section title={t(`${NS}.form.settings_section`)}>
            <DetailsFields form={form} question={question} />
          </Section>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Box pos={{ base: 'static', lg: 'sticky' }} top={16}>
          <QuestionPreview body={body} />
        </Box>
      </Grid.Col>
    </Grid>
  );
}

function QuestionFormBody({ question }: { question: Question | null }) {
  const { i18n } = useTranslation();
  const save = useRecordSave(questionsResource, question);
  const initial = useMemo(() => (question ? valuesOf(question) : newValues(i18n.language)), [question, i18n.language]);
  return (
    <ResourceForm
      schema={questionCreateSchema}
      initial={initial}
      cancelTo={LIST}
      testId="question-form"
      onSave={(data, mode) => save(data, mode)}
    >
      {(form) => <QuestionFields form={form} question={question} />}
    </ResourceForm>
  );
}

/** `/admin/question/add` and `/admin/question/edit/{id}` (create_exam): the question with its live preview. */
export default function QuestionFormPage() {
  const { id = null } = useParams();
  return (
    // Wide: the form and the learner's preview side by side.
    <RecordFormPage resource={questionsResource} id={id} testId="question-form" maxWidth={1240}>
      {(question) => <QuestionFormBody key={question?.id ?? 'new'} question={question} />}
    </RecordFormPage>
  );
}
