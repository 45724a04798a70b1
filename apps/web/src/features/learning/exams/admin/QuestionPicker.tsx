import { EXAM_QUESTIONS_MAX, type ExamQuestionSummary, QUESTION_DIFFICULTIES, QUESTION_TYPES } from '@kampus/shared';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SortableList } from '../../../../components/SortableList.js';
import { useCategoryOptions } from '../../educations/admin/category-options.js';
import { type BankQuestion, useBankQuestions } from './api.js';

const NS = 'examAdmin';
const ANY = 'any';

export type QuestionDisplay = Pick<ExamQuestionSummary, 'id' | 'title' | 'type' | 'difficulty' | 'points'>;

function QuestionMeta({ question }: { question: QuestionDisplay }) {
  const { t } = useTranslation();
  return (
    <Group gap={6}>
      <Badge size="xs" variant="light">
        {t(`questions.types.${question.type}`)}
      </Badge>
      <Badge size="xs" variant="outline" color="gray">
        {t(`questions.difficulties.${question.difficulty}`)}
      </Badge>
      <Text fz="xs" c="dimmed">
        {t(`${NS}.picker.points`, { count: question.points })}
      </Text>
    </Group>
  );
}

const CHOSEN_TEST_IDS = {
  list: 'chosen-list',
  row: 'chosen-question',
  handle: 'chosen-handle',
  up: 'chosen-up',
  down: 'chosen-down',
  remove: 'chosen-remove',
};

/** The question bank, searched and filtered, each active question one click from the chosen list. */
function BankList({
  chosen,
  onAdd,
  disabled,
}: {
  chosen: Set<number>;
  onAdd: (q: BankQuestion) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [type, setType] = useState<string | null>(null);
  const [difficulty, setDifficulty] = useState<string | null>(null);
  const [category, setCategory] = useState<string | null>(null);
  const categories = useCategoryOptions();
  const bank = useBankQuestions({ search: debounced.trim(), type, difficulty, category });
  const any = { value: ANY, label: t(`${NS}.picker.any`) };
  const pick = (setter: (v: string | null) => void) => (value: string | null) =>
    setter(!value || value === ANY ? null : value);
  return (
    <Paper withBorder radius="md" p="md" data-testid="question-bank">
      <Stack gap="sm">
        <Title order={4} fz="sm">
          {t(`${NS}.picker.bank_title`)}
        </Title>
        <TextInput
          label={t(`${NS}.picker.search`)}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-testid="question-search"
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          <Select
            label={t(`${NS}.picker.type`)}
            data={[any, ...QUESTION_TYPES.map((v) => ({ value: v, label: t(`questions.types.${v}`) }))]}
            value={type ?? ANY}
            onChange={pick(setType)}
            allowDeselect={false}
          />
          <Select
            label={t(`${NS}.picker.difficulty`)}
            data={[any, ...QUESTION_DIFFICULTIES.map((v) => ({ value: v, label: t(`questions.difficulties.${v}`) }))]}
            value={difficulty ?? ANY}
            onChange={pick(setDifficulty)}
            allowDeselect={false}
          />
          <Select
            label={t(`${NS}.picker.category`)}
            data={[any, ...categories.options]}
            value={category ?? ANY}
            onChange={pick(setCategory)}
            allowDeselect={false}
            searchable
          />
        </SimpleGrid>
        {bank.isError ? (
          <Alert color="danger" role="alert">
            {t(`${NS}.picker.load_error`)}
          </Alert>
        ) : bank.isLoading ? (
          <Group justify="center" p="md">
            <Loader size="sm" role="status" aria-label={t('resource.loading')} />
          </Group>
        ) : (bank.data?.data ?? []).length === 0 ? (
          <Text fz="sm" c="dimmed" data-testid="question-bank-empty">
            {t(`${NS}.picker.empty`)}
          </Text>
        ) : (
          <Stack gap={6} data-testid="question-bank-list">
            {(bank.data?.data ?? []).map((question) => {
              const added = chosen.has(question.id);
              return (
                <Group key={question.id} gap="xs" wrap="nowrap" data-testid="bank-question">
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Text fz="sm" lineClamp={2}>
                      {question.title}
                    </Text>
                    <QuestionMeta question={question} />
                  </Stack>
                  <Button
                    size="xs"
                    variant={added ? 'subtle' : 'light'}
                    leftSection={added ? undefined : <IconPlus size={14} aria-hidden />}
                    disabled={added || disabled}
                    onClick={() => onAdd(question)}
                    aria-label={added ? t(`${NS}.picker.added`) : t(`${NS}.picker.add_named`, { name: question.title })}
                    data-testid="bank-question-add"
                  >
                    {added ? t(`${NS}.picker.added`) : t(`${NS}.picker.add`)}
                  </Button>
                </Group>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

interface QuestionPickerProps {
  ids: number[];
  onChange: (ids: number[]) => void;
  displays: ReadonlyMap<number, QuestionDisplay>;
  onPicked: (question: QuestionDisplay) => void;
  errors: Record<string, string | undefined>;
}

/**
 * A fixed list of questions: picked from the bank (search, type, difficulty and category filters) and put in order by
 * dragging the handle, from the keyboard (space to pick up, arrows, space to drop) or with the up/down buttons.
 */
export function QuestionPicker({ ids, onChange, displays, onPicked, errors }: QuestionPickerProps) {
  const { t } = useTranslation();
  const nameOf = (id: number) => displays.get(id)?.title ?? `#${id}`;
  const listError = errors.question_ids ?? Object.entries(errors).find(([key]) => key.startsWith('question_ids.'))?.[1];
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="question-picker">
      <BankList
        chosen={new Set(ids)}
        disabled={ids.length >= EXAM_QUESTIONS_MAX}
        onAdd={(question) => {
          onPicked(question);
          onChange([...ids, question.id]);
        }}
      />
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Title order={4} fz="sm" data-testid="chosen-title">
            {t(`${NS}.picker.chosen_title`, { count: ids.length })}
          </Title>
          {listError && (
            <Text c="danger" fz="sm" role="alert" data-testid="question-ids-error">
              {listError}
            </Text>
          )}
          {ids.length === 0 ? (
            <Text fz="sm" c="dimmed">
              {t(`${NS}.picker.chosen_empty`)}
            </Text>
          ) : (
            <SortableList
              items={ids}
              onChange={onChange}
              keyOf={(id) => id}
              nameOf={nameOf}
              ns={`${NS}.picker`}
              testIds={CHOSEN_TEST_IDS}
              renderItem={(id) => {
                const display = displays.get(id);
                return (
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Text fz="sm" fw={600} lineClamp={2}>
                      {nameOf(id)}
                    </Text>
                    {display && <QuestionMeta question={display} />}
                  </Stack>
                );
              }}
              rowData={(id) => ({ 'data-question-id': id })}
            />
          )}
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
