import { type AssignmentItemType, ITEM_TYPES } from '@kampus/shared';
import { ActionIcon, Alert, Group, Loader, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconLock, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useItemOptions } from './api.js';
import { type FormItem, itemKey } from './form.js';

const NS = 'autoAssignment';

/** Searches one kind of item (educations, programs, contents) over its admin list as one types. */
function ItemSearch({
  type,
  exclude,
  onPick,
}: {
  type: AssignmentItemType;
  exclude: ReadonlySet<string>;
  onPick: (item: FormItem) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const query = useItemOptions(type, search);
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
          onPick({ type, ref_id: option.id, title: option.title });
          setSearch('');
        }
      }}
      nothingFoundMessage={query.isFetching ? t('resource.loading') : t(`${NS}.items.none_found`)}
      rightSection={query.isFetching ? <Loader size="xs" aria-label={t('resource.loading')} /> : undefined}
      data-testid="auto-item-search"
    />
  );
}

/** The items the rule assigns: picked from the three admin lists; fixed once people have been given them. */
export function ItemsField({
  items,
  onChange,
  locked,
  error,
}: {
  items: FormItem[];
  onChange: (items: FormItem[]) => void;
  locked: boolean;
  error?: string;
}) {
  const { t } = useTranslation();
  const [type, setType] = useState<AssignmentItemType>(items[0]?.type ?? 'education');
  const chosen = new Set(items.map(itemKey));
  return (
    <Stack gap="sm" data-testid="auto-items">
      <Text fw={600}>{t(`${NS}.items_title`)}</Text>
      {locked ? (
        <Alert color="blue" variant="light" icon={<IconLock size={18} aria-hidden />} data-testid="auto-items-locked">
          {t(`${NS}.items.locked`)}
        </Alert>
      ) : (
        <Stack gap="xs">
          <SegmentedControl
            value={type}
            onChange={(value) => setType(value as AssignmentItemType)}
            data={ITEM_TYPES.map((kind) => ({ value: kind, label: t(`${NS}.item_types.${kind}`) }))}
            aria-label={t(`${NS}.items.kind`)}
            data-testid="auto-item-type"
          />
          <ItemSearch key={type} type={type} exclude={chosen} onPick={(item) => onChange([...items, item])} />
        </Stack>
      )}
      {items.length === 0 ? (
        <Text fz="sm" c="dimmed" data-testid="auto-items-empty">
          {t(`${NS}.items.empty`)}
        </Text>
      ) : (
        <Stack gap={6}>
          {items.map((item, index) => (
            <Paper key={itemKey(item)} withBorder radius="md" p="xs" data-testid="auto-item-row">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fz="xs" c="dimmed">
                    {index + 1}. {t(`${NS}.item_types.${item.type}`)}
                  </Text>
                  <Text fz="sm" fw={600} lineClamp={1}>
                    {item.title || `#${item.ref_id}`}
                  </Text>
                </Stack>
                {!locked && (
                  <ActionIcon
                    variant="subtle"
                    color="danger"
                    onClick={() => onChange(items.filter((_, at) => at !== index))}
                    aria-label={t(`${NS}.items.remove`, { title: item.title })}
                    data-testid="auto-item-remove"
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {error && (
        <Text c="danger" fz="sm" role="alert" data-testid="auto-items-error">
          {error}
        </Text>
      )}
    </Stack>
  );
}
