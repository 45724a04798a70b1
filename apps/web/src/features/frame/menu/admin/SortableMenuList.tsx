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
import { type AdminMenuItem, MODULE_KEYS } from '@kampus/shared';
import { ActionIcon, Badge, Group, Paper, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../icons.js';
import { moveItem, useMenuItemName } from './names.js';

interface Props {
  items: AdminMenuItem[];
  /** The whole list in its new order. */
  onReorder: (next: AdminMenuItem[]) => void;
  onToggle: (item: AdminMenuItem, shown: boolean) => void;
  /** Edit and delete actions of a row. */
  actions: (item: AdminMenuItem) => ReactNode;
  /** Modules switched off: their items stay listed but are marked as hidden by the module. */
  enabledModules: readonly string[] | undefined;
  busy: boolean;
}

function Row({
  item,
  index,
  count,
  name,
  props,
}: {
  item: AdminMenuItem;
  index: number;
  count: number;
  name: string;
  props: Props;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
  });
  const move = (to: number) => props.onReorder(moveItem(props.items, index, to));
  const gatedBy = MODULE_KEYS.find((key) => key === item.type);
  const gatedOff = gatedBy && props.enabledModules && !props.enabledModules.includes(gatedBy);
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
      }}
      data-testid="menu-item-row"
      data-type={item.type}
    >
      <Group gap="sm" wrap="nowrap">
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          style={{ cursor: 'grab', touchAction: 'none' }}
          aria-label={t('menu.drag_handle', { name })}
          disabled={props.busy}
          {...attributes}
          {...listeners}
          data-testid="menu-item-handle"
        >
          <IconGripVertical size={18} aria-hidden />
        </ActionIcon>
        <MenuIcon type={item.type} />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} truncate data-testid="menu-item-name">
            {name}
          </Text>
          <Group gap={6}>
            <Text fz="xs" c="dimmed" ff="monospace">
              {item.type}
            </Text>
            {gatedOff && (
              <Badge size="xs" color="warning" variant="light">
                {t('menu.module_gated', { module: t(`menu.${gatedBy}`) })}
              </Badge>
            )}
          </Group>
        </Stack>
        <Switch
          checked={item.status === 1}
          onChange={(event) => props.onToggle(item, event.currentTarget.checked)}
          aria-label={t('menu.shown_for', { name })}
          disabled={props.busy}
          data-testid="menu-item-status"
        />
        <Group gap={2} wrap="nowrap">
          <Tooltip label={t('menu.move_up')} withArrow>
            <ActionIcon
              variant="subtle"
              aria-label={`${t('menu.move_up')}: ${name}`}
              disabled={props.busy || index === 0}
              onClick={() => move(index - 1)}
              data-testid="menu-item-up"
            >
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('menu.move_down')} withArrow>
            <ActionIcon
              variant="subtle"
              aria-label={`${t('menu.move_down')}: ${name}`}
              disabled={props.busy || index === count - 1}
              onClick={() => move(index + 1)}
              data-testid="menu-item-down"
            >
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          {props.actions(item)}
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * The menu items as a sortable list (@dnd-kit): dragged with a pointer by the handle, or from the keyboard (space to
 * pick up, arrows to move, space to drop, escape to cancel) with localized screen-reader announcements, plus move
 * up/down buttons as the single-pointer alternative to dragging (WCAG 2.5.7).
 */
export function SortableMenuList(props: Props) {
  const { t } = useTranslation();
  const nameOf = useMenuItemName();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = props.items.map((item) => item.id);
  const describe = (id: UniqueIdentifier) => {
    const item = props.items.find((candidate) => candidate.id === id);
    return item ? nameOf(item) : String(id);
  };
  const positionOf = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(Number(id)) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('menu.announce.picked', { name: describe(active.id), position: positionOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('menu.announce.moved', { name: describe(active.id), position: positionOf(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      t('menu.announce.dropped', { name: describe(active.id), position: positionOf(over?.id ?? active.id) }),
    onDragCancel: ({ active }) => t('menu.announce.cancelled', { name: describe(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    props.onReorder(moveItem(props.items, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('menu.announce.instructions') } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Stack gap="xs" data-testid="menu-item-list">
          {props.items.map((item, index) => (
            <Row key={item.id} item={item} index={index} count={props.items.length} name={nameOf(item)} props={props} />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}
