import { type AssignmentItemInput, type AssignmentItemType, ITEM_TYPES } from '@kampus/shared';
import {
  ActionIcon,
  Alert,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconLock, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ITEM_TYPE_ICONS } from '../learner/visuals.js';
import { type ItemOption, useItemOptions } from './api.js';
import { itemKey, moveItem, withItem } from './form.js';

const NS = 'assignmentAdmin';

interface ItemsPickerProps {
  items: AssignmentItemInput[];
  /** Titles of the items, by `itemKey`. */
  titles: ReadonlyMap<string, string>;
  onChange: (items: AssignmentItemInput[]) => void;
  onPick: (type: AssignmentItemType, option: ItemOption) => void;
  /** The items are fixed (an assignment once published, a rule once people were given them): the picker says why. */
  locked: boolean;
  error?: string;
  /** The section's heading; by default an assignment's ("What to take"). */
  title?: string;
  /** Why the items are fixed; by default an assignment's reason. */
  lockedText?: string;
  /** Prefix of the test ids: `assignment` (the assignment form) or `auto` (an automatic assignment rule). */
  testId?: 'assignment' | 'auto';
}

/** Searches one kind of item (educations, programs, contents) over its admin list as one types. */
function ItemSearch({
  type,
  exclude,
  onPick,
  testId,
}: {
  type: AssignmentItemType;
  exclude: ReadonlySet<string>;
  onPick: (option: ItemOption) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const query = useItemOptions(type, debounced);
  const options = (query.data ?? [])
    .filter((option) => !exclude.has(itemKey({ type, ref_id: option.id })))
    .map((option) => ({ value: String(option.id), label: option.title }));
  return (
    <Select
      label={t(`${NS}.items.search_${type}`)}
      placeholder={t(`${NS}.items.search_placeholder`)}
      data={options}
      value={null}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      onChange={(value) => {
        const option = query.data?.find((known) => String(known.id) === value);
        if (option) {
          onPick(option);
          setSearch('');
        }
      }}
      nothingFoundMessage={query.isFetching ? t('resource.loading') : t(`${NS}.items.none_found`)}
      rightSection={query.isFetching ? <Loader size="xs" aria-label={t('resource.loading')} /> : undefined}
      data-testid={`${testId}-item-search`}
    />
  );
}

/**
 * The items an assignment or an automatic assignment rule gives, in their order: picked from the admin lists of each
 * kind, reordered, removed; fixed once people have them.
 */
export function ItemsPicker({
  items,
  titles,
  onChange,
  onPick,
  locked,
  error,
  title: heading,
  lockedText,
  testId = 'assignment',
}: ItemsPickerProps) {
  const { t } = useTranslation();
  const [type, setType] = useState<AssignmentItemType>(items[0]?.type ?? 'education');
  const chosen = new Set(items.map(itemKey));
  return (
    <Stack gap="sm" data-testid={`${testId}-items`}>
      <Text fw={600}>{heading ?? t(`${NS}.items.title`)}</Text>
      {locked ? (
        <Alert
          color="blue"
          variant="light"
          icon={<IconLock size={18} aria-hidden />}
          data-testid={`${testId}-items-locked`}
        >
          {lockedText ?? t(`${NS}.items.locked`)}
        </Alert>
      ) : (
        <Stack gap="xs">
          <SegmentedControl
            value={type}
            onChange={(value) => setType(value as AssignmentItemType)}
            data={ITEM_TYPES.map((kind) => ({ value: kind, label: t(`${NS}.item_types.${kind}`) }))}
            fullWidth
            aria-label={t(`${NS}.items.kind`)}
            data-testid={`${testId}-item-type`}
          />
          <ItemSearch
            key={type}
            type={type}
            exclude={chosen}
            testId={testId}
            onPick={(option) => {
              onPick(type, option);
              onChange(withItem(items, { type, ref_id: option.id }));
            }}
          />
        </Stack>
      )}
      {items.length === 0 ? (
        <Text fz="sm" c="dimmed" data-testid={`${testId}-items-empty`}>
          {t(`${NS}.items.empty`)}
        </Text>
      ) : (
        <Stack gap={6}>
          {items.map((item, index) => {
            const title = titles.get(itemKey(item)) ?? `#${item.ref_id}`;
            return (
              <Paper key={itemKey(item)} withBorder radius="md" p="xs" data-testid={`${testId}-item-row`}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                    <ThemeIcon variant="light" radius="md" aria-hidden>
                      {ITEM_TYPE_ICONS[item.type]}
                    </ThemeIcon>
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text fz="xs" c="dimmed">
                        {index + 1}. {t(`${NS}.item_types.${item.type}`)}
                      </Text>
                      <Text fz="sm" fw={600} lineClamp={2}>
                        {title}
                      </Text>
                    </Stack>
                  </Group>
                  {!locked && (
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        disabled={index === 0}
                        onClick={() => onChange(moveItem(items, index, -1))}
                        aria-label={t(`${NS}.items.up`, { title })}
                      >
                        <IconArrowUp size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        disabled={index === items.length - 1}
                        onClick={() => onChange(moveItem(items, index, 1))}
                        aria-label={t(`${NS}.items.down`, { title })}
                      >
                        <IconArrowDown size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="danger"
                        onClick={() => onChange(items.filter((_, at) => at !== index))}
                        aria-label={t(`${NS}.items.remove`, { title })}
                        data-testid={`${testId}-item-remove`}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Group>
                  )}
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      {error && (
        <Text c="danger" fz="sm" role="alert" data-testid={`${testId}-items-error`}>
          {error}
        </Text>
      )}
    </Stack>
  );
}
