import type { LearnerSurveyQuestion, SurveyAnswerValue } from '@kampus/shared';
import { Checkbox, Fieldset, Group, Radio, Rating, Stack, Text, Textarea } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const NS = 'surveys';

interface Props {
  question: LearnerSurveyQuestion;
  index: number;
  value: SurveyAnswerValue | undefined;
  onChange: (value: SurveyAnswerValue | undefined) => void;
  error?: string;
  disabled?: boolean;
}

/** A row of radio buttons for a scale (Likert points, NPS 0–10), each with its label under it. */
function ScaleRadios({
  points,
  value,
  onChange,
  disabled,
  name,
}: {
  points: { value: number; label: string }[];
  value: number | undefined;
  onChange: (value: number) => void;
  disabled?: boolean;
  name: string;
}) {
  return (
    <Radio.Group
      name={name}
      value={value === undefined ? null : String(value)}
      onChange={(next) => onChange(Number(next))}
    >
      <Group gap="xs" wrap="wrap" align="flex-start">
        {points.map((point) => (
          <Radio.Card
            key={point.value}
            value={String(point.value)}
            disabled={disabled}
            radius="md"
            p="xs"
            w={points.length > 7 ? 56 : 120}
            data-testid={`scale-${point.value}`}
          >
            <Stack gap={4} align="center">
              <Radio.Indicator />
              <Text fz="xs" ta="center">
                {point.label}
              </Text>
            </Stack>
          </Radio.Card>
        ))}
      </Group>
    </Radio.Group>
  );
}

/**
 * One survey question as the learner answers it (also the builder's preview): Likert and NPS as labelled radio
 * cards, stars with Mantine's rating, single choice as radios, multiple choice as checkboxes, free text as a text
 * area. The fieldset's legend is the question, so a screen reader reads it with every choice.
 */
export function SurveyQuestionField({ question, index, value, onChange, error, disabled }: Props) {
  const { t } = useTranslation();
  const name = useId();
  const legend = (
    <Text component="span" fw={600}>
      {index + 1}. {question.text}
      {question.required && (
        <Text component="span" c="danger" aria-label={t(`${NS}.required_mark`)}>
          {' *'}
        </Text>
      )}
    </Text>
  );
  let input: React.ReactNode = null;
  switch (question.type) {
    case 'likert':
      input = (
        <ScaleRadios
          name={name}
          disabled={disabled}
          value={typeof value === 'number' ? value : undefined}
          onChange={onChange}
          points={question.labels.map((label, i) => ({ value: i + 1, label }))}
        />
      );
      break;
    case 'rating':
      input =
        question.scale === 'nps' ? (
          <Stack gap={4}>
            <ScaleRadios
              name={name}
              disabled={disabled}
              value={typeof value === 'number' ? value : undefined}
              onChange={onChange}
              points={Array.from({ length: 11 }, (_, i) => ({ value: i, label: String(i) }))}
            />
            <Group justify="space-between" maw={700}>
              <Text fz="xs" c="dimmed">
                {t(`${NS}.nps_low`)}
              </Text>
              <Text fz="xs" c="dimmed">
                {t(`${NS}.nps_high`)}
              </Text>
            </Group>
          </Stack>
        ) : (
          <Rating
            size="lg"
            value={typeof value === 'number' ? value : 0}
            onChange={(next) => onChange(next || undefined)}
            readOnly={disabled}
            aria-label={question.text}
            getSymbolLabel={(i) => t(`${NS}.stars`, { count: i })}
            data-testid="rating-stars"
          />
        );
      break;
    case 'single_choice':
      input = (
        <Radio.Group name={name} value={typeof value === 'string' ? value : null} onChange={onChange}>
          <Stack gap="xs">
            {question.options.map((option) => (
              <Radio key={option.key} value={option.key} label={option.text} disabled={disabled} />
            ))}
          </Stack>
        </Radio.Group>
      );
      break;
    case 'multiple_choice':
      input = (
        <Checkbox.Group
          value={Array.isArray(value) ? value : []}
          onChange={(next) => onChange(next.length ? next : undefined)}
        >
          <Stack gap="xs">
            {question.options.map((option) => (
              <Checkbox key={option.key} value={option.key} label={option.text} disabled={disabled} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
      break;
    case 'free_text':
      input = (
        <Textarea
          aria-label={question.text}
          autosize
          minRows={3}
          maxLength={5000}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value || undefined)}
          disabled={disabled}
          placeholder={t(`${NS}.free_text_placeholder`)}
        />
      );
      break;
  }
  return (
    <Fieldset
      legend={legend}
      variant="unstyled"
      data-testid={`survey-question-${index}`}
      aria-invalid={error ? true : undefined}
    >
      <Stack gap="xs" mt="xs">
        {input}
        {error && (
          <Text c="danger" fz="sm" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
