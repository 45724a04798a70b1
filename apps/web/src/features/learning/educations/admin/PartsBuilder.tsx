import { type Classroom, type Content, EDUCATION_PARTS_MAX, type PartInput } from '@kampus/shared';
import { Badge, Box, Group, Loader, Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChalkboard, IconListDetails } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/EmptyState.js';
import { SortableList } from '../../../../components/SortableList.js';
import { useClassroomOptions } from '../../classrooms/api.js';
import { ContentTypeIcon, formatDuration } from '../../content/ContentType.js';
import { useContentOptions } from './api.js';
import { type PartDisplay, partKey } from './form.js';

/** What was picked to become a part: a content of the library or a classroom training. */
export type PickedPart = { type: 'content'; content: Content } | { type: 'classroom'; classroom: Classroom };

interface PartsBuilderProps {
  parts: PartInput[];
  onChange: (parts: PartInput[]) => void;
  /** What is known of each part (stored parts, picked contents), by `partKey`. */
  displays: ReadonlyMap<string, PartDisplay>;
  /** Learns what a picked content or classroom training is, to show it. */
  onPicked: (picked: PickedPart) => void;
  /** The form's errors: `parts`, `parts.2.ref_id`… */
  errors: Record<string, string>;
}

/**
 * Picks a record of one part type (searched on the server, those already in the list left out) to add as the next
 * part: the library's active contents, or the active classroom trainings.
 */
function PartPicker<T extends { id: number; title: string }>({
  type,
  useOptions,
  texts,
  exclude,
  onPick,
  disabled,
  renderItem,
  testId,
}: {
  type: PartInput['type'];
  useOptions: (search: string) => { data?: T[]; isFetching: boolean; isError: boolean };
  /** The locale namespace of the picker's label, hint, placeholder and "none found". */
  texts: string;
  exclude: ReadonlySet<string>;
  onPick: (item: T) => void;
  disabled: boolean;
  renderItem?: (item: T) => ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const query = useOptions(debounced);
  const found = useMemo(
    () => (query.data ?? []).filter((item) => !exclude.has(partKey({ type, ref_id: item.id }))),
    [query.data, exclude, type],
  );
  const byId = useMemo(() => new Map(found.map((item) => [String(item.id), item])), [found]);
  return (
    <Select
      label={t(`${texts}.pick_label`)}
      description={t(`${texts}.pick_hint`)}
      placeholder={t(`${texts}.pick_placeholder`)}
      data={found.map((item) => ({ value: String(item.id), label: item.title }))}
      value={null}
      onChange={(id) => {
        const item = id ? byId.get(id) : undefined;
        if (!item) return;
        onPick(item);
        setSearch('');
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server searched already; the select shows what it answered.
      filter={({ options }) => options}
      disabled={disabled}
      nothingFoundMessage={query.isFetching ? t('resource.loading') : t(`${texts}.pick_none`)}
      rightSection={
        query.isFetching ? <Loader size="xs" role="status" aria-label={t('resource.loading')} /> : undefined
      }
      error={query.isError ? t('resource.load_failed') : undefined}
      renderOption={
        renderItem
          ? ({ option }) => {
              const item = byId.get(option.value);
              return item ? renderItem(item) : option.label;
            }
          : undefined
      }
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}

/** A library content as the picker lists it: its type's icon, title, type and duration. */
function ContentOption({ content }: { content: Content }) {
  const { t } = useTranslation();
  const duration = formatDuration(content.duration_seconds);
  return (
    <Group gap="sm" wrap="nowrap">
      <ContentTypeIcon type={content.type} size={24} />
      <Text fz="sm" style={{ flex: 1 }} lineClamp={1}>
        {content.title}
      </Text>
      <Text fz="xs" c="dimmed">
        {[t(`content.types.${content.type}`), duration].filter(Boolean).join(' · ')}
      </Text>
    </Group>
  );
}

function PartSummary({ part, display, error }: { part: PartInput; display: PartDisplay | undefined; error?: string }) {
  const { t } = useTranslation();
  const name = display?.title ?? t('education.parts.unknown', { id: part.ref_id });
  const duration = formatDuration(display?.duration_seconds);
  return (
    <>
      {display?.content_type && <ContentTypeIcon type={display.content_type} size={26} />}
      {part.type === 'classroom' && <IconChalkboard size={24} aria-hidden />}
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text fz="sm" fw={600} lineClamp={1} data-testid="part-title">
          {name}
        </Text>
        <Group gap={6}>
          {display?.content_type && (
            <Text fz="xs" c="dimmed">
              {t(`content.types.${display.content_type}`)}
            </Text>
          )}
          {part.type === 'classroom' && (
            <Text fz="xs" c="dimmed">
              {t('classroom.part_type')}
            </Text>
          )}
          {duration && (
            <Text fz="xs" c="dimmed">
              {duration}
            </Text>
          )}
          {display && !display.available && (
            <Badge size="xs" color="warning" variant="light">
              {t('education.parts.unavailable')}
            </Badge>
          )}
        </Group>
        {error && (
          <Text fz="xs" c="danger" role="alert" data-testid="part-error">
            {error}
          </Text>
        )}
      </Stack>
    </>
  );
}

const PART_TEST_IDS = {
  list: 'parts-list',
  row: 'part-row',
  handle: 'part-handle',
  up: 'part-up',
  down: 'part-down',
  remove: 'part-remove',
};

/**
 * The parts of an education in their order: contents picked from the library, dragged by the handle or moved from
 * the keyboard (space to pick up, arrows, space to drop; or the up/down buttons), each required or optional, and
 * removable. Removing asks nothing: it only changes the form, which asks before leaving unsaved.
 */
export function PartsBuilder({ parts, onChange, displays, onPicked, errors }: PartsBuilderProps) {
  const { t } = useTranslation();
  const keys = parts.map(partKey);
  const nameOf = (part: PartInput) =>
    displays.get(partKey(part))?.title ?? t('education.parts.unknown', { id: part.ref_id });
  const errorAt = (index: number) =>
    errors[`parts.${index}.ref_id`] ?? errors[`parts.${index}`] ?? errors[`parts.${index}.type`];
  const pick = (content: Content) => {
    onPicked({ type: 'content', content });
    onChange([...parts, { type: 'content', ref_id: content.id, required: true }]);
  };
  const pickClassroom = (classroom: Classroom) => {
    onPicked({ type: 'classroom', classroom });
    onChange([...parts, { type: 'classroom', ref_id: classroom.id, required: true }]);
  };
  const update = (index: number, change: Partial<PartInput>) =>
    onChange(parts.map((part, i) => (i === index ? { ...part, ...change } : part)));
  const full = parts.length >= EDUCATION_PARTS_MAX;
  const requiredCount = parts.filter((part) => part.required ?? true).length;
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="parts-builder">
      <Stack>
        <Group justify="space-between" align="baseline">
          <Title order={3} fz="md">
            {t('education.parts.title')}
          </Title>
          <Text fz="sm" c="dimmed" data-testid="parts-count">
            {t('education.parts.count', { count: parts.length, required: requiredCount })}
          </Text>
        </Group>
        {errors.parts && (
          <Text c="danger" fz="sm" role="alert">
            {errors.parts}
          </Text>
        )}
        {parts.length === 0 ? (
          <Box data-testid="parts-empty">
            <EmptyState
              icon={<IconListDetails size={28} aria-hidden />}
              title={t('education.parts.empty_title')}
              text={t('education.parts.empty_text')}
            />
          </Box>
        ) : (
          <SortableList
            items={parts}
            onChange={onChange}
            keyOf={partKey}
            nameOf={nameOf}
            ns="education.parts"
            testIds={PART_TEST_IDS}
            renderItem={(part, index) => (
              <PartSummary part={part} display={displays.get(partKey(part))} error={errorAt(index)} />
            )}
            renderControls={(part, index) => (
              <Switch
                label={t('education.parts.required')}
                checked={part.required ?? true}
                onChange={(event) => update(index, { required: event.currentTarget.checked })}
                aria-label={t('education.parts.required_for', { name: nameOf(part) })}
                data-testid="part-required"
              />
            )}
            hasError={(_, index) => errorAt(index) !== undefined}
            rowData={(part) => ({ 'data-ref-id': part.ref_id })}
          />
        )}
        <PartPicker
          type="content"
          useOptions={useContentOptions}
          texts="education.parts"
          exclude={new Set(keys)}
          onPick={pick}
          disabled={full}
          renderItem={(content) => <ContentOption content={content} />}
          testId="parts-picker"
        />
        <PartPicker
          type="classroom"
          useOptions={useClassroomOptions}
          texts="classroomAdmin.parts"
          exclude={new Set(keys)}
          onPick={pickClassroom}
          disabled={full}
          testId="parts-classroom-picker"
        />
        {full && (
          <Text fz="xs" c="dimmed">
            {t('education.parts.full', { max: EDUCATION_PARTS_MAX })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
