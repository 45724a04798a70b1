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
import { ActionIcon, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The list with the item at `from` moved to `to`, clamped into the list (a new array; a bad `from` moves nothing). */
export function moveTo<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved as T);
  return next;
}

/** The test ids of a list's parts, so each list keeps the names its tests and pages know. */
export interface SortableListTestIds {
  list: string;
  row: string;
  handle: string;
  up: string;
  down: string;
  remove: string;
}

export interface SortableListProps<T> {
  items: readonly T[];
  onChange: (items: T[]) => void;
  /** A key unique in the list (dnd-kit's id). */
  keyOf: (item: T) => string | number;
  /** The item's name in labels and announcements. */
  nameOf: (item: T) => string;
  /**
   * The locale prefix of the list's texts: drag_handle, move_up, move_down, remove, move_up_named, move_down_named,
   * remove_named (with {{name}}) and announce.{instructions,picked,moved,dropped,cancelled} (with {{name}} and
   * {{position}}).
   */
  ns: string;
  testIds: SortableListTestIds;
  /** What the row shows between its position and its controls. */
  renderItem: (item: T, index: number) => ReactNode;
  /** Controls of the row before its move and remove buttons (e.g. a switch). */
  renderControls?: (item: T, index: number) => ReactNode;
  /** Whether the row is in error (its border shows it; `renderItem` says why). */
  hasError?: (item: T, index: number) => boolean;
  /** Data attributes of the row, for tests (e.g. the item's id). */
  rowData?: (item: T) => Record<`data-${string}`, string | number>;
}

interface RowProps<T> extends Pick<SortableListProps<T>, 'ns' | 'testIds' | 'renderItem' | 'renderControls'> {
  item: T;
  id: string | number;
  name: string;
  index: number;
  count: number;
  error: boolean;
  data: Record<string, string | number> | undefined;
  onMove: (to: number) => void;
  onRemove: () => void;
}

function SortableRow<T>({ item, id, name, index, count, error, data, onMove, onRemove, ...props }: RowProps<T>) {
  const { t } = useTranslation();
  const { ns, testIds } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const button = (
    label: string,
    named: string,
    icon: ReactNode,
    testId: string,
    onClick: () => void,
    disabled = false,
  ) => (
    <Tooltip label={t(`${ns}.${label}`)} withArrow>
      <ActionIcon
        variant="subtle"
        color={label === 'remove' ? 'danger' : undefined}
        aria-label={t(`${ns}.${named}`, { name })}
        disabled={disabled}
        onClick={onClick}
        data-testid={testId}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
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
        borderColor: error ? 'var(--mantine-color-danger-filled)' : undefined,
      }}
      data-testid={testIds.row}
      {...data}
    >
      {/* On a narrow screen the controls go under the item rather than squeezing it away. */}
      <Group gap="xs" wrap="wrap">
        <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 240px', minWidth: 0 }}>
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            style={{ cursor: 'grab', touchAction: 'none' }}
            aria-label={t(`${ns}.drag_handle`, { name })}
            {...attributes}
            {...listeners}
            data-testid={testIds.handle}
          >
            <IconGripVertical size={18} aria-hidden />
          </ActionIcon>
          <Text fz="sm" c="dimmed" w={20} ta="right" aria-hidden>
            {index + 1}
          </Text>
          {props.renderItem(item, index)}
        </Group>
        <Group gap="xs" wrap="nowrap" ml="auto">
          {props.renderControls?.(item, index)}
          <Group gap={2} wrap="nowrap">
            {button(
              'move_up',
              'move_up_named',
              <IconArrowUp size={16} aria-hidden />,
              testIds.up,
              () => onMove(index - 1),
              index === 0,
            )}
            {button(
              'move_down',
              'move_down_named',
              <IconArrowDown size={16} aria-hidden />,
              testIds.down,
              () => onMove(index + 1),
              index === count - 1,
            )}
            {button('remove', 'remove_named', <IconTrash size={16} aria-hidden />, testIds.remove, onRemove)}
          </Group>
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * A list put in order by dragging a row's handle, from the keyboard (space or enter to pick up, arrows, space or enter
 * to drop, escape to cancel; each step announced to screen readers) or with the up/down buttons; each row removable.
 * Removing asks nothing: it only changes the form around it, which asks before leaving unsaved.
 */
export function SortableList<T>({ items, onChange, keyOf, nameOf, ns, testIds, ...props }: SortableListProps<T>) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const keys = items.map(keyOf);
  const indexOf = (id: UniqueIdentifier | undefined) => (id === undefined ? -1 : keys.indexOf(id));
  const nameAt = (id: UniqueIdentifier) => {
    const item = items[indexOf(id)];
    return item === undefined ? String(id) : nameOf(item);
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t(`${ns}.announce.picked`, { name: nameAt(active.id), position: indexOf(active.id) + 1 }),
    onDragOver: ({ active, over }) =>
      over ? t(`${ns}.announce.moved`, { name: nameAt(active.id), position: indexOf(over.id) + 1 }) : undefined,
    onDragEnd: ({ active, over }) =>
      t(`${ns}.announce.dropped`, { name: nameAt(active.id), position: indexOf(over?.id ?? active.id) + 1 }),
    onDragCancel: ({ active }) => t(`${ns}.announce.cancelled`, { name: nameAt(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onChange(moveTo(items, indexOf(active.id), indexOf(over.id)));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t(`${ns}.announce.instructions`) } }}
    >
      <SortableContext items={keys} strategy={verticalListSortingStrategy}>
        <Stack gap="xs" data-testid={testIds.list}>
          {items.map((item, index) => (
            <SortableRow
              key={keys[index]}
              item={item}
              id={keys[index] as string | number}
              name={nameOf(item)}
              index={index}
              count={items.length}
              error={props.hasError?.(item, index) ?? false}
              data={props.rowData?.(item)}
              onMove={(to) => onChange(moveTo(items, index, to))}
              onRemove={() => onChange(items.filter((_, i) => i !== index))}
              ns={ns}
              testIds={testIds}
              renderItem={props.renderItem}
              renderControls={props.renderControls}
            />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}
