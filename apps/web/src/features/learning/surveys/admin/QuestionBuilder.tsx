import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  LIKERT_DEFAULT_LABELS,
  type Locale,
  type LocalizedText,
  SURVEY_LABEL_MAX,
  SURVEY_OPTIONS_MAX,
  SURVEY_QUESTION_TEXT_MAX,
  SURVEY_QUESTION_TYPES,
  SURVEY_QUESTIONS_MAX,
  type SurveyQuestionInput,
  type SurveyQuestionType,
} from '@kampus/shared';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Input,
  Menu,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconArrowDown,
  IconArrowUp,
  IconCopy,
  IconGripVertical,
  IconLock,
  IconPlus,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

const NS = 'surveys.builder';

/** A question in the builder's hands (the form's value), before the schema's defaults. */
export type BuilderQuestion = SurveyQuestionInput;

let counter = 0;
const newKey = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A new question of a type, with the default Likert labels in each language. */
export function blankQuestion(type: SurveyQuestionType, languages: readonly Locale[]): BuilderQuestion {
  const base = { text: {}, required: true };
  switch (type) {
    case 'likert':
      return {
        ...base,
        type,
        points: 5,
        labels: Object.fromEntries(languages.map((lang) => [lang, [...LIKERT_DEFAULT_LABELS[lang][5]]])),
      };
    case 'single_choice':
    case 'multiple_choice':
      return {
        ...base,
        type,
        options: [
          { key: newKey('o'), text: {} },
          { key: newKey('o'), text: {} },
        ],
      };
    case 'rating':
      return { ...base, type, scale: 'stars' };
    case 'free_text':
      return { ...base, type, required: false };
  }
}

/** Changes a question's type, keeping its text and required flag (only before it has answers). */
function retype(question: BuilderQuestion, type: SurveyQuestionType, languages: readonly Locale[]): BuilderQuestion {
  return { ...blankQuestion(type, languages), id: question.id, text: question.text, required: question.required };
}

/** A copy of a question as a new one: no id, new option keys. */
function duplicate(question: BuilderQuestion): BuilderQuestion {
  const { id: _id, ...rest } = question;
  const copy = structuredClone(rest) as BuilderQuestion;
  if (copy.type === 'single_choice' || copy.type === 'multiple_choice') {
    copy.options = copy.options.map((option) => ({ ...option, key: newKey('o') }));
  }
  return copy;
}

interface BuilderProps {
  questions: BuilderQuestion[];
  onChange: (questions: BuilderQuestion[]) => void;
  languages: Locale[];
  /** The survey has answers: stored questions keep their type and options. */
  locked: boolean;
  /** Ids of the questions stored when the page opened (a new question is free until saved). */
  storedIds: ReadonlySet<number>;
  /** The stored options' keys per question id. */
  storedOptions: ReadonlyMap<number, ReadonlySet<string>>;
  errors: Record<string, string>;
  responses: number;
}

function LocalizedInputs({
  label,
  value,
  onChange,
  languages,
  errorOf,
  max,
  testId,
}: {
  label: string;
  value: LocalizedText;
  onChange: (value: LocalizedText) => void;
  languages: Locale[];
  errorOf: (lang: Locale) => string | undefined;
  max: number;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, md: Math.min(languages.length, 2) }} spacing="xs">
      {languages.map((lang) => (
        <TextInput
          key={lang}
          label={languages.length > 1 ? `${label} (${t(`languages.${lang}`)})` : label}
          value={value[lang] ?? ''}
          maxLength={max}
          onChange={(event) => onChange({ ...value, [lang]: event.currentTarget.value })}
          error={errorOf(lang)}
          required
          data-testid={`${testId}-${lang}`}
        />
      ))}
    </SimpleGrid>
  );
}

interface CardProps {
  question: BuilderQuestion;
  index: number;
  id: string;
  count: number;
  props: BuilderProps;
  update: (question: BuilderQuestion) => void;
  move: (to: number) => void;
  remove: () => void;
  copy: () => void;
}

function QuestionCard({ question, index, id, count, props, update, move, remove, copy }: CardProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const { languages, errors } = props;
  const at = `questions.${index}`;
  const stored = question.id !== undefined && props.storedIds.has(question.id);
  const frozen = props.locked && stored;
  const storedOptions = question.id === undefined ? undefined : props.storedOptions.get(question.id);
  const position = index + 1;
  const name = t(`${NS}.question_n`, { position });
  const typeOptions = SURVEY_QUESTION_TYPES.map((type) => ({ value: type, label: t(`surveys.types.${type}`) }));
  const frozenHint = t(`${NS}.frozen_hint`);
  const typeError = errors[`${at}.type`];

  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      p="md"
      role="group"
      aria-label={name}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.7 : 1,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
      }}
      data-testid="builder-question"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <ActionIcon
              ref={setActivatorNodeRef}
              variant="subtle"
              color="gray"
              style={{ cursor: 'grab', touchAction: 'none' }}
              aria-label={t(`${NS}.drag_handle`, { position })}
              {...attributes}
              {...listeners}
              data-testid="builder-question-handle"
            >
              <IconGripVertical size={18} aria-hidden />
            </ActionIcon>
            <Badge variant="light" radius="sm" size="lg" aria-hidden>
              {position}
            </Badge>
            {frozen && (
              <Tooltip label={frozenHint} multiline w={260} withArrow>
                <IconLock size={16} aria-label={frozenHint} />
              </Tooltip>
            )}
          </Group>
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t(`${NS}.move_up`)} withArrow>
              <ActionIcon
                variant="subtle"
                aria-label={`${t(`${NS}.move_up`)}: ${name}`}
                disabled={index === 0}
                onClick={() => move(index - 1)}
              >
                <IconArrowUp size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t(`${NS}.move_down`)} withArrow>
              <ActionIcon
                variant="subtle"
                aria-label={`${t(`${NS}.move_down`)}: ${name}`}
                disabled={index === count - 1}
                onClick={() => move(index + 1)}
              >
                <IconArrowDown size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t(`${NS}.duplicate`)} withArrow>
              <ActionIcon
                variant="subtle"
                aria-label={`${t(`${NS}.duplicate`)}: ${name}`}
                disabled={count >= SURVEY_QUESTIONS_MAX}
                onClick={copy}
                data-testid="builder-question-duplicate"
              >
                <IconCopy size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={frozen ? frozenHint : t(`${NS}.remove`)} withArrow multiline w={frozen ? 260 : undefined}>
              <ActionIcon
                variant="subtle"
                color="danger"
                aria-label={`${t(`${NS}.remove`)}: ${name}`}
                disabled={frozen}
                onClick={remove}
                data-testid="builder-question-remove"
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Group gap="md" align="flex-end" wrap="wrap">
          <Select
            label={t(`${NS}.type`)}
            data={typeOptions}
            value={question.type}
            allowDeselect={false}
            disabled={frozen}
            description={frozen ? frozenHint : undefined}
            onChange={(type) => type && update(retype(question, type as SurveyQuestionType, languages))}
            error={typeError}
            w={260}
            data-testid="builder-question-type"
          />
          <Switch
            label={t(`${NS}.required`)}
            checked={question.required}
            onChange={(event) => update({ ...question, required: event.currentTarget.checked })}
            mb={6}
          />
        </Group>
        <LocalizedInputs
          label={t(`${NS}.text`)}
          value={question.text}
          onChange={(text) => update({ ...question, text })}
          languages={languages}
          errorOf={(lang) => errors[`${at}.text.${lang}`] ?? (lang === languages[0] ? errors[`${at}.text`] : undefined)}
          max={SURVEY_QUESTION_TEXT_MAX}
          testId={`builder-question-text-${index}`}
        />
        {question.type === 'likert' && (
          <Stack gap="xs">
            <Input.Wrapper label={t(`${NS}.points`)}>
              <SegmentedControl
                mt={4}
                data={['5', '7']}
                value={String(question.points)}
                disabled={frozen}
                onChange={(value) => {
                  const points = value === '7' ? 7 : 5;
                  update({
                    ...question,
                    points,
                    labels: Object.fromEntries(
                      languages.map((lang) => [lang, [...LIKERT_DEFAULT_LABELS[lang][points]]]),
                    ),
                  });
                }}
              />
            </Input.Wrapper>
            {languages.map((lang) => (
              <Input.Wrapper
                key={lang}
                label={t(`${NS}.labels`, { language: t(`languages.${lang}`) })}
                error={errors[`${at}.labels.${lang}`]}
              >
                <SimpleGrid cols={{ base: 1, sm: question.points }} spacing={6} mt={4}>
                  {Array.from({ length: question.points }, (_, point) => (
                    <TextInput
                      // biome-ignore lint/suspicious/noArrayIndexKey: a point's position is its identity
                      key={point}
                      size="xs"
                      aria-label={t(`${NS}.label_n`, { point: point + 1, language: t(`languages.${lang}`) })}
                      maxLength={SURVEY_LABEL_MAX}
                      value={question.labels[lang]?.[point] ?? ''}
                      onChange={(event) => {
                        const list = [...(question.labels[lang] ?? Array(question.points).fill(''))];
                        list[point] = event.currentTarget.value;
                        update({ ...question, labels: { ...question.labels, [lang]: list } });
                      }}
                    />
                  ))}
                </SimpleGrid>
              </Input.Wrapper>
            ))}
          </Stack>
        )}
        {(question.type === 'single_choice' || question.type === 'multiple_choice') && (
          <Input.Wrapper label={t(`${NS}.options`)} error={errors[`${at}.options`]}>
            <Stack gap="xs" mt={4}>
              {question.options.map((option, o) => {
                const keep = props.locked && storedOptions?.has(option.key);
                return (
                  <Group key={option.key} gap="xs" align="flex-start" wrap="nowrap">
                    <div style={{ flex: 1 }}>
                      <LocalizedInputs
                        label={t(`${NS}.option_n`, { position: o + 1 })}
                        value={option.text}
                        onChange={(text) =>
                          update({
                            ...question,
                            options: question.options.map((x, i) => (i === o ? { ...x, text } : x)),
                          })
                        }
                        languages={languages}
                        errorOf={(lang) => errors[`${at}.options.${o}.text.${lang}`]}
                        max={SURVEY_LABEL_MAX}
                        testId={`builder-option-${index}-${o}`}
                      />
                    </div>
                    <Tooltip
                      label={keep ? frozenHint : t(`${NS}.remove_option`)}
                      withArrow
                      multiline
                      w={keep ? 260 : undefined}
                    >
                      <ActionIcon
                        variant="subtle"
                        color="danger"
                        mt={languages.length > 0 ? 26 : 0}
                        aria-label={`${t(`${NS}.remove_option`)}: ${t(`${NS}.option_n`, { position: o + 1 })}`}
                        disabled={keep || question.options.length <= 2}
                        onClick={() => update({ ...question, options: question.options.filter((_, i) => i !== o) })}
                      >
                        <IconX size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                );
              })}
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconPlus size={14} aria-hidden />}
                disabled={question.options.length >= SURVEY_OPTIONS_MAX}
                onClick={() => update({ ...question, options: [...question.options, { key: newKey('o'), text: {} }] })}
                style={{ alignSelf: 'flex-start' }}
                data-testid={`builder-add-option-${index}`}
              >
                {t(`${NS}.add_option`)}
              </Button>
            </Stack>
          </Input.Wrapper>
        )}
        {question.type === 'rating' && (
          <Input.Wrapper label={t(`${NS}.scale`)}>
            <SegmentedControl
              mt={4}
              disabled={frozen}
              value={question.scale}
              onChange={(scale) => update({ ...question, scale: scale === 'nps' ? 'nps' : 'stars' })}
              data={[
                { value: 'stars', label: t(`${NS}.scales.stars`) },
                { value: 'nps', label: t(`${NS}.scales.nps`) },
              ]}
            />
          </Input.Wrapper>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The survey's questions: add one of each type, drag to reorder (pointer, or the keyboard: space to pick up, arrows,
 * space to drop — announced), move up/down with buttons as the single-pointer alternative, duplicate, delete (asked
 * first). Once the survey has answers, stored questions keep their type and options (their answers refer to them);
 * texts may still be corrected and questions added.
 */
export function QuestionBuilder(props: BuilderProps) {
  const { t } = useTranslation();
  const { questions, onChange, languages } = props;
  const keys = useRef<string[]>([]);
  // One stable key per row for dnd-kit and React, kept beside the list through every change made here.
  while (keys.current.length < questions.length) keys.current.push(newKey('q'));
  keys.current.length = questions.length;
  const ids = keys.current;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const positionOf = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(String(id)) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => t(`${NS}.announce.picked`, { position: positionOf(active.id) }),
    onDragOver: ({ over }) => (over ? t(`${NS}.announce.moved`, { position: positionOf(over.id) }) : undefined),
    onDragEnd: ({ active, over }) => t(`${NS}.announce.dropped`, { position: positionOf(over?.id ?? active.id) }),
    onDragCancel: () => t(`${NS}.announce.cancelled`),
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= questions.length || from === to) return;
    keys.current = arrayMove(keys.current, from, to);
    onChange(arrayMove(questions, from, to));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  const add = (type: SurveyQuestionType) => {
    keys.current = [...keys.current, newKey('q')];
    onChange([...questions, blankQuestion(type, languages)]);
  };
  const remove = (index: number) =>
    modals.openConfirmModal({
      title: t(`${NS}.remove_title`),
      children: <Text fz="sm">{t(`${NS}.remove_text`, { position: index + 1 })}</Text>,
      labels: { confirm: t(`${NS}.remove`), cancel: t('resource.cancel') },
      confirmProps: { color: 'danger', 'data-testid': 'builder-remove-confirm' } as never,
      onConfirm: () => {
        keys.current = keys.current.filter((_, i) => i !== index);
        onChange(questions.filter((_, i) => i !== index));
      },
    });
  const copy = (index: number) => {
    const source = questions[index];
    if (!source) return;
    keys.current = [...keys.current.slice(0, index + 1), newKey('q'), ...keys.current.slice(index + 1)];
    onChange([...questions.slice(0, index + 1), duplicate(source), ...questions.slice(index + 1)]);
  };

  const addMenu = (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={questions.length >= SURVEY_QUESTIONS_MAX}
          data-testid="builder-add"
        >
          {t(`${NS}.add`)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {SURVEY_QUESTION_TYPES.map((type) => (
          <Menu.Item key={type} onClick={() => add(type)} data-testid={`builder-add-${type}`}>
            {t(`surveys.types.${type}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );

  return (
    <Stack gap="sm" data-testid="question-builder">
      {props.locked && (
        <Alert color="yellow" icon={<IconLock size={18} />} data-testid="builder-locked">
          {t(`${NS}.locked`, { count: props.responses })}
        </Alert>
      )}
      {props.errors.questions && (
        <Text c="danger" fz="sm" role="alert">
          {props.errors.questions}
        </Text>
      )}
      {questions.length === 0 ? (
        <Paper withBorder radius="md" p="lg" style={{ borderStyle: 'dashed' }}>
          <Text c="dimmed" fz="sm" ta="center" data-testid="builder-empty">
            {t(`${NS}.empty`)}
          </Text>
        </Paper>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: { draggable: t(`${NS}.announce.instructions`) } }}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <Stack gap="sm">
              {questions.map((question, index) => (
                <QuestionCard
                  key={ids[index]}
                  id={ids[index] ?? String(index)}
                  question={question}
                  index={index}
                  count={questions.length}
                  props={props}
                  update={(next) => onChange(questions.map((q, i) => (i === index ? next : q)))}
                  move={(to) => move(index, to)}
                  remove={() => remove(index)}
                  copy={() => copy(index)}
                />
              ))}
            </Stack>
          </SortableContext>
        </DndContext>
      )}
      <Group>{addMenu}</Group>
    </Stack>
  );
}
