import type { AnswerOutcome, LearnerQuestion, QuestionAnswer, QuestionOption, RevealedAnswer } from '@kampus/shared';
import {
  ActionIcon,
  Alert,
  Badge,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Typography,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconCheck, IconX } from '@tabler/icons-react';
import DOMPurify from 'dompurify';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export interface QuestionFeedback {
  outcome: AnswerOutcome;
  /** The right answer, when the exam shows it. */
  revealed?: RevealedAnswer;
  /** Sanitized HTML shown after the attempt, when the exam allows. */
  explanation?: string | null;
}

export interface QuestionViewProps {
  question: LearnerQuestion;
  value: QuestionAnswer | null;
  onChange: (answer: QuestionAnswer) => void;
  disabled?: boolean;
  feedback?: QuestionFeedback;
  /** Prefix of the test ids (several questions on one page). */
  testId?: string;
}

/** The question's own HTML (sanitized by the server; sanitized again here, since a preview shows unsaved text). */
export function RichText({ html, id }: { html: string; id?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html), [html]);
  return (
    <Typography>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with DOMPurify */}
      <div id={id} dangerouslySetInnerHTML={{ __html: clean }} />
    </Typography>
  );
}

const OUTCOME_COLORS: Record<AnswerOutcome, string> = {
  correct: 'success',
  partial: 'warning',
  wrong: 'danger',
  pending: 'blue',
  unanswered: 'gray',
};

function ChoiceMark({ right }: { right: boolean | null }) {
  const { t } = useTranslation();
  if (right !== true) return null;
  return (
    <Badge color="success" variant="light" leftSection={<IconCheck size={12} aria-hidden />} size="sm">
      {t('questions.view.right_option')}
    </Badge>
  );
}

function SingleChoice({
  options,
  value,
  onChange,
  disabled,
  revealed,
  labelledBy,
  testId,
}: {
  options: QuestionOption[];
  value: string | null;
  onChange: (key: string) => void;
  disabled?: boolean;
  revealed?: string;
  labelledBy: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      value={value}
      onChange={onChange}
      label={<VisuallyHidden>{t('questions.view.answer_label')}</VisuallyHidden>}
      aria-describedby={labelledBy}
      description={t('questions.view.choose_one')}
    >
      <Stack gap="xs" mt="xs">
        {options.map((option) => (
          <Paper key={option.key} withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Radio
                value={option.key}
                label={option.text}
                disabled={disabled}
                data-testid={`${testId}-option`}
                data-key={option.key}
              />
              <ChoiceMark right={revealed === undefined ? null : revealed === option.key} />
            </Group>
          </Paper>
        ))}
      </Stack>
    </Radio.Group>
  );
}

function MultipleChoice({
  options,
  value,
  onChange,
  disabled,
  revealed,
  labelledBy,
  testId,
}: {
  options: QuestionOption[];
  value: string[];
  onChange: (keys: string[]) => void;
  disabled?: boolean;
  revealed?: string[];
  labelledBy: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group
      value={value}
      onChange={(keys) => onChange(options.map((o) => o.key).filter((key) => keys.includes(key)))}
      label={<VisuallyHidden>{t('questions.view.answer_label')}</VisuallyHidden>}
      aria-describedby={labelledBy}
      description={t('questions.view.choose_many')}
    >
      <Stack gap="xs" mt="xs">
        {options.map((option) => (
          <Paper key={option.key} withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Checkbox
                value={option.key}
                label={option.text}
                disabled={disabled}
                data-testid={`${testId}-option`}
                data-key={option.key}
              />
              <ChoiceMark right={revealed === undefined ? null : revealed.includes(option.key)} />
            </Group>
          </Paper>
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/** Ordering by buttons: each item moves up or down one place; the focus follows the item it moved. */
function Ordering({
  items,
  value,
  onChange,
  disabled,
  revealed,
  testId,
}: {
  items: QuestionOption[];
  value: string[] | null;
  onChange: (keys: string[]) => void;
  disabled?: boolean;
  revealed?: string[];
  testId: string;
}) {
  const { t } = useTranslation();
  const byKey = new Map(items.map((item) => [item.key, item]));
  // Until the learner moves something, the order shown is the one the attempt fixed.
  const order = value && value.length === items.length ? value : items.map((item) => item.key);
  const listId = useId();
  const move = (index: number, step: -1 | 1, button: HTMLElement) => {
    const next = [...order];
    const target = index + step;
    if (target < 0 || target >= next.length) return;
    [next[index], next[target]] = [next[target] as string, next[index] as string];
    onChange(next);
    // Keep the focus on the moved item's same button, now one row away.
    const list = button.closest('ol');
    requestAnimationFrame(() => {
      const rows = list?.querySelectorAll<HTMLElement>(`[data-move="${step === -1 ? 'up' : 'down'}"]`);
      const again = rows?.[target];
      (again && !again.hasAttribute('disabled') ? again : rows?.[index])?.focus();
    });
  };
  return (
    <Stack gap="xs">
      <Text fz="sm" c="dimmed" id={`${listId}-hint`}>
        {t('questions.view.order_hint')}
      </Text>
      <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-describedby={`${listId}-hint`}>
        {order.map((key, index) => {
          const item = byKey.get(key);
          if (!item) return null;
          const rightKey = revealed?.[index];
          return (
            <Paper
              component="li"
              key={key}
              withBorder
              radius="md"
              p="xs"
              data-testid={`${testId}-item`}
              data-key={key}
              aria-label={`${item.text}, ${t('questions.view.order_position', { n: index + 1, total: order.length })}`}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Group gap="sm" wrap="nowrap" miw={0}>
                  <Badge variant="light" circle aria-hidden>
                    {index + 1}
                  </Badge>
                  <Text fz="sm">{item.text}</Text>
                </Group>
                <Group gap={4} wrap="nowrap">
                  {rightKey !== undefined && rightKey !== key && (
                    <Text fz="xs" c="dimmed">
                      {t('questions.view.right_order')}: {byKey.get(rightKey)?.text}
                    </Text>
                  )}
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('questions.view.move_up', { item: item.text })}
                    disabled={disabled || index === 0}
                    onClick={(event) => move(index, -1, event.currentTarget)}
                    data-move="up"
                    data-testid={`${testId}-up`}
                  >
                    <IconArrowUp size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('questions.view.move_down', { item: item.text })}
                    disabled={disabled || index === order.length - 1}
                    onClick={(event) => move(index, 1, event.currentTarget)}
                    data-move="down"
                    data-testid={`${testId}-down`}
                  >
                    <IconArrowDown size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          );
        })}
      </Stack>
    </Stack>
  );
}

function Matching({
  left,
  right,
  value,
  onChange,
  disabled,
  revealed,
  testId,
}: {
  left: QuestionOption[];
  right: QuestionOption[];
  value: Record<string, string>;
  onChange: (pairs: Record<string, string>) => void;
  disabled?: boolean;
  revealed?: Record<string, string>;
  testId: string;
}) {
  const { t } = useTranslation();
  const data = right.map((option) => ({ value: option.key, label: option.text }));
  const byKey = new Map(right.map((option) => [option.key, option.text]));
  return (
    <Stack gap="xs">
      <Text fz="sm" c="dimmed">
        {t('questions.view.match_hint')}
      </Text>
      {left.map((item) => {
        const rightKey = revealed?.[item.key];
        return (
          <Paper key={item.key} withBorder radius="md" p="sm">
            <Stack gap={6}>
              <Select
                label={item.text}
                placeholder={t('questions.view.match_placeholder')}
                data={data}
                value={value[item.key] ?? null}
                onChange={(key) => {
                  const next = { ...value };
                  if (key) next[item.key] = key;
                  else delete next[item.key];
                  onChange(next);
                }}
                disabled={disabled}
                clearable
                comboboxProps={{ withinPortal: true }}
                data-testid={`${testId}-match`}
                data-key={item.key}
              />
              {rightKey !== undefined && value[item.key] !== rightKey && (
                <Text fz="xs" c="success.8">
                  {t('questions.view.right_match', { match: byKey.get(rightKey) ?? '' })}
                </Text>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

function Revealed({ revealed }: { revealed: RevealedAnswer }) {
  const { t, i18n } = useTranslation();
  if (revealed.type === 'short_text') {
    return <Text fz="sm">{t('questions.view.accepted_answers', { answers: revealed.accepted.join(', ') })}</Text>;
  }
  if (revealed.type === 'numeric') {
    const number = new Intl.NumberFormat(i18n.language);
    return (
      <Text fz="sm">
        {revealed.tolerance > 0
          ? t('questions.view.right_value', {
              value: number.format(revealed.value),
              tolerance: number.format(revealed.tolerance),
            })
          : t('questions.view.right_value_exact', { value: number.format(revealed.value) })}
      </Text>
    );
  }
  if (revealed.type === 'true_false') {
    return (
      <Text fz="sm">
        {t('questions.view.right_answer')}: {t(revealed.value ? 'questions.form.true' : 'questions.form.false')}
      </Text>
    );
  }
  return null;
}

/**
 * One question as a learner sees and answers it (issue 15), controlled: the answer lives with the caller (the
 * preview of the question form, the exam's taking screen). Every type is keyboard operable — options are radios or
 * checkboxes, ordering moves by buttons, matching by selects — and labelled for screen readers. With `feedback`
 * it shows the outcome, the right answer when revealed and the explanation.
 */
export function QuestionView({
  question,
  value,
  onChange,
  disabled,
  feedback,
  testId = 'question-view',
}: QuestionViewProps) {
  const { t } = useTranslation();
  const textId = useId();
  const revealed = feedback?.revealed;
  const answer = value?.type === question.type ? value : null;

  let input: React.ReactNode = null;
  switch (question.type) {
    case 'single':
      input = (
        <SingleChoice
          options={question.options}
          value={answer?.type === 'single' ? answer.key : null}
          onChange={(key) => onChange({ type: 'single', key })}
          disabled={disabled}
          revealed={revealed?.type === 'single' ? revealed.key : undefined}
          labelledBy={textId}
          testId={testId}
        />
      );
      break;
    case 'multiple':
      input = (
        <MultipleChoice
          options={question.options}
          value={answer?.type === 'multiple' ? answer.keys : []}
          onChange={(keys) => onChange({ type: 'multiple', keys })}
          disabled={disabled}
          revealed={revealed?.type === 'multiple' ? revealed.keys : undefined}
          labelledBy={textId}
          testId={testId}
        />
      );
      break;
    case 'true_false': {
      const current = answer?.type === 'true_false' ? String(answer.value) : null;
      const right = revealed?.type === 'true_false' ? String(revealed.value) : undefined;
      input = (
        <Radio.Group
          value={current}
          onChange={(next) => onChange({ type: 'true_false', value: next === 'true' })}
          label={<VisuallyHidden>{t('questions.view.answer_label')}</VisuallyHidden>}
          description={t('questions.view.choose_one')}
        >
          <Group gap="md" mt="xs">
            {(['true', 'false'] as const).map((option) => (
              <Paper key={option} withBorder radius="md" p="sm" miw={140}>
                <Group gap="xs" wrap="nowrap">
                  <Radio
                    value={option}
                    label={t(`questions.form.${option}`)}
                    disabled={disabled}
                    data-testid={`${testId}-${option}`}
                  />
                  <ChoiceMark right={right === undefined ? null : right === option} />
                </Group>
              </Paper>
            ))}
          </Group>
        </Radio.Group>
      );
      break;
    }
    case 'short_text':
      input = (
        <TextInput
          label={t('questions.view.answer_label')}
          value={answer?.type === 'short_text' ? answer.text : ''}
          onChange={(event) => onChange({ type: 'short_text', text: event.currentTarget.value })}
          disabled={disabled}
          maxLength={1000}
          autoComplete="off"
          aria-describedby={textId}
          data-testid={`${testId}-text`}
        />
      );
      break;
    case 'numeric':
      input = (
        <NumberInput
          label={t('questions.view.number_label')}
          value={answer?.type === 'numeric' ? answer.value : ''}
          onChange={(next) => {
            const number = typeof next === 'number' ? next : Number(String(next).replace(',', '.'));
            if (next !== '' && Number.isFinite(number)) onChange({ type: 'numeric', value: number });
          }}
          disabled={disabled}
          decimalSeparator=","
          allowedDecimalSeparators={['.', ',']}
          hideControls
          inputMode="decimal"
          aria-describedby={textId}
          maw={240}
          data-testid={`${testId}-number`}
        />
      );
      break;
    case 'open':
      input = (
        <Textarea
          label={t('questions.view.answer_label')}
          description={t('questions.view.open_hint')}
          value={answer?.type === 'open' ? answer.text : ''}
          onChange={(event) => onChange({ type: 'open', text: event.currentTarget.value })}
          disabled={disabled}
          rows={5}
          maxLength={10_000}
          aria-describedby={textId}
          data-testid={`${testId}-open`}
        />
      );
      break;
    case 'ordering':
      input = (
        <Ordering
          items={question.items}
          value={answer?.type === 'ordering' ? answer.keys : null}
          onChange={(keys) => onChange({ type: 'ordering', keys })}
          disabled={disabled}
          revealed={revealed?.type === 'ordering' ? revealed.keys : undefined}
          testId={testId}
        />
      );
      break;
    case 'matching':
      input = (
        <Matching
          left={question.left}
          right={question.right}
          value={answer?.type === 'matching' ? answer.pairs : {}}
          onChange={(pairs) => onChange({ type: 'matching', pairs })}
          disabled={disabled}
          revealed={revealed?.type === 'matching' ? revealed.pairs : undefined}
          testId={testId}
        />
      );
      break;
  }

  return (
    <Stack gap="md" data-testid={testId} data-type={question.type}>
      <RichText html={question.text} id={textId} />
      {input}
      {feedback && (
        <Alert
          color={OUTCOME_COLORS[feedback.outcome]}
          icon={
            feedback.outcome === 'correct' ? (
              <IconCheck size={18} aria-hidden />
            ) : feedback.outcome === 'wrong' ? (
              <IconX size={18} aria-hidden />
            ) : undefined
          }
          title={t(`questions.view.outcome.${feedback.outcome}`)}
          role="status"
          data-testid={`${testId}-feedback`}
          data-outcome={feedback.outcome}
        >
          <Stack gap="xs">
            {revealed && <Revealed revealed={revealed} />}
            {feedback.explanation && (
              <Stack gap={2}>
                <Text fz="sm" fw={600}>
                  {t('questions.view.explanation')}
                </Text>
                <RichText html={feedback.explanation} />
              </Stack>
            )}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
