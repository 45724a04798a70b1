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
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type Education, PROGRAM_STEP_DAYS_MAX, PROGRAM_STEPS_MAX, type ProgramStepInput } from '@kampus/shared';
import {
  ActionIcon,
  Badge,
  Box,
  Flex,
  Group,
  Image,
  Input,
  Loader,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconRoute, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEducationOptions } from './api.js';
import { moveStep, type StepEducation } from './form.js';

const NS = 'program';

interface StepsBuilderProps {
  steps: ProgramStepInput[];
  /** What each step's education shows (title, cover, whether active), by education id. */
  educations: ReadonlyMap<number, StepEducation>;
  onChange: (steps: ProgramStepInput[]) => void;
  /** An education was picked: added as the last step. */
  onPick: (education: Education) => void;
  /** The form's errors: `steps` for the list, `steps.{i}.{field}` for one step (the server's keys). */
  errors: Record<string, string>;
  disabled?: boolean;
}

/** A searchable choice among the company's educations (the admin list, by title), without those already steps. */
function EducationPicker({
  chosen,
  onPick,
  disabled,
}: {
  chosen: readonly number[];
  onPick: (education: Education) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const query = useEducationOptions(debounced);
  const found = query.data ?? [];
  const options = found
    .filter((education) => !chosen.includes(education.id))
    .map((education) => ({ value: String(education.id), label: education.title }));
  const empty = found.length > 0 && options.length === 0 ? t(`${NS}.step_all_added`) : t(`${NS}.step_none`);
  return (
    <Select
      label={t(`${NS}.step_pick`)}
      placeholder={t(`${NS}.step_pick_placeholder`)}
      data={options}
      value={null}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server searched already: every option it answered is shown as it is.
      filter={({ options: all }) => all}
      onChange={(value) => {
        const education = found.find((candidate) => String(candidate.id) === value);
        if (!education) return;
        onPick(education);
        setSearch('');
      }}
      disabled={disabled || chosen.length >= PROGRAM_STEPS_MAX}
      nothingFoundMessage={query.isFetching ? t('resource.loading') : empty}
      rightSection={query.isFetching ? <Loader size="xs" aria-label={t('resource.loading')} /> : undefined}
      error={query.isError ? t('resource.load_failed') : undefined}
      data-testid="program-step-picker"
    />
  );
}

interface RowProps {
  step: ProgramStepInput;
  index: number;
  count: number;
  education: StepEducation | undefined;
  props: StepsBuilderProps;
}

function StepRow({ step, index, count, education, props }: RowProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: step.education_id,
  });
  const name = education?.title ?? `#${step.education_id}`;
  const disabled = props.disabled ?? false;
  const move = (to: number) => props.onChange(moveStep(props.steps, index, to));
  const setDays = (value: string | number) => {
    const days = typeof value === 'number' ? Math.round(value) : null;
    props.onChange(props.steps.map((s, i) => (i === index ? { ...s, deadline_days: days } : s)));
  };
  const stepError = props.errors[`steps.${index}.education_id`];
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      p="xs"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.7 : 1,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        borderColor: stepError ? 'var(--mantine-color-error)' : undefined,
      }}
      data-testid="program-step"
      data-education-id={step.education_id}
      aria-label={t(`${NS}.step_label`, { position: index + 1, name })}
      role="group"
    >
      <Flex direction={{ base: 'column', sm: 'row' }} gap="sm" align={{ base: 'stretch', sm: 'center' }}>
        <Group gap="sm" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            style={{ cursor: 'grab', touchAction: 'none' }}
            aria-label={t(`${NS}.drag_handle`, { name })}
            disabled={disabled}
            {...attributes}
            {...listeners}
            data-testid="program-step-handle"
          >
            <IconGripVertical size={18} aria-hidden />
          </ActionIcon>
          <Badge variant="light" radius="sm" size="lg" w={36} px={0} aria-hidden>
            {index + 1}
          </Badge>
          {education?.image_url ? (
            <Image
              src={education.image_url}
              alt=""
              w={56}
              h={36}
              radius="sm"
              fit="cover"
              visibleFrom="xs"
              style={{ flexShrink: 0 }}
            />
          ) : (
            <Box w={56} h={36} visibleFrom="xs" style={{ display: 'grid', placeItems: 'center', flexShrink: 0 }}>
              <IconRoute size={20} aria-hidden color="var(--mantine-color-dimmed)" />
            </Box>
          )}
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={600} lineClamp={2} data-testid="program-step-title">
              {name}
            </Text>
            {education && !education.available && (
              <Tooltip label={t(`${NS}.step_passive_hint`)} withArrow multiline w={240}>
                <Badge size="xs" color="warning" variant="light" w="fit-content" tabIndex={0}>
                  {t(`${NS}.step_passive`)}
                </Badge>
              </Tooltip>
            )}
            {stepError && (
              <Text fz="xs" c="var(--mantine-color-error)" role="alert">
                {stepError}
              </Text>
            )}
          </Stack>
        </Group>
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          <NumberInput
            aria-label={t(`${NS}.deadline_label`, { name })}
            placeholder={t(`${NS}.deadline_placeholder`)}
            value={step.deadline_days ?? ''}
            onChange={setDays}
            min={1}
            max={PROGRAM_STEP_DAYS_MAX}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            rightSection={
              <Text fz="xs" c="dimmed" aria-hidden>
                {t(`${NS}.days`)}
              </Text>
            }
            rightSectionWidth={48}
            w={{ base: 150, sm: 140 }}
            disabled={disabled}
            error={props.errors[`steps.${index}.deadline_days`]}
            data-testid="program-step-days"
          />
          <Group gap={2} wrap="nowrap">
            <Tooltip label={t(`${NS}.move_up`)} withArrow>
              <ActionIcon
                variant="subtle"
                aria-label={`${t(`${NS}.move_up`)}: ${name}`}
                disabled={disabled || index === 0}
                onClick={() => move(index - 1)}
                data-testid="program-step-up"
              >
                <IconArrowUp size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t(`${NS}.move_down`)} withArrow>
              <ActionIcon
                variant="subtle"
                aria-label={`${t(`${NS}.move_down`)}: ${name}`}
                disabled={disabled || index === count - 1}
                onClick={() => move(index + 1)}
                data-testid="program-step-down"
              >
                <IconArrowDown size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t(`${NS}.step_remove`, { name })} withArrow>
              <ActionIcon
                variant="subtle"
                color="danger"
                aria-label={t(`${NS}.step_remove`, { name })}
                disabled={disabled}
                onClick={() => props.onChange(props.steps.filter((_, i) => i !== index))}
                data-testid="program-step-remove"
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      </Flex>
    </Paper>
  );
}

/**
 * A program's steps: educations picked by searching the company's list, in order. Dragged by the handle with a
 * pointer, or from the keyboard (space to pick up, arrows, space to drop, escape to cancel) with localized
 * announcements, and moved with up/down buttons as the single-pointer alternative (WCAG 2.5.7); each with an
 * optional deadline in days and a remove button. Removing a step asks nothing: nothing is saved until the form is.
 */
export function StepsBuilder(props: StepsBuilderProps) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => props.steps.map((step) => step.education_id), [props.steps]);
  const nameOf = (id: UniqueIdentifier) => props.educations.get(Number(id))?.title ?? `#${id}`;
  const positionOf = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(Number(id)) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t(`${NS}.announce.picked`, { name: nameOf(active.id), position: positionOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t(`${NS}.announce.moved`, { name: nameOf(active.id), position: positionOf(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      t(`${NS}.announce.dropped`, { name: nameOf(active.id), position: positionOf(over?.id ?? active.id) }),
    onDragCancel: ({ active }) => t(`${NS}.announce.cancelled`, { name: nameOf(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    props.onChange(moveStep(props.steps, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
  };
  return (
    <Input.Wrapper
      label={t(`${NS}.fields.steps`)}
      description={t(`${NS}.steps_hint`)}
      error={props.errors.steps}
      data-testid="program-steps"
    >
      <Stack gap="sm" mt="xs">
        <EducationPicker chosen={ids} onPick={props.onPick} disabled={props.disabled ?? false} />
        {props.steps.length === 0 ? (
          <Paper withBorder radius="md" p="lg" style={{ borderStyle: 'dashed' }}>
            <Group gap="sm" justify="center">
              <IconRoute size={20} aria-hidden color="var(--mantine-color-dimmed)" />
              <Text c="dimmed" fz="sm" data-testid="program-steps-empty">
                {t(`${NS}.step_empty`)}
              </Text>
            </Group>
          </Paper>
        ) : (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{ announcements, screenReaderInstructions: { draggable: t(`${NS}.announce.instructions`) } }}
          >
            <SortableContext items={ids} strategy={verticalListSortingStrategy}>
              <Stack gap="xs" data-testid="program-step-list">
                {props.steps.map((step, index) => (
                  <StepRow
                    key={step.education_id}
                    step={step}
                    index={index}
                    count={props.steps.length}
                    education={props.educations.get(step.education_id)}
                    props={props}
                  />
                ))}
              </Stack>
            </SortableContext>
          </DndContext>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
