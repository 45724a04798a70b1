import { type AssignmentTargetKind, TARGET_KINDS } from '@kampus/shared';
import { Alert, Loader, MultiSelect, SegmentedControl, Stack, Text, useMatches } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickedPerson } from '../../../organisation/user-groups/form.js';
import { MemberPicker } from '../../../organisation/user-groups/MemberPicker.js';
import { useGroupOptions } from './api.js';

const NS = 'assignmentAdmin';

/** A chosen group with its member count (what "this assigns N people" adds up). */
export interface PickedGroup {
  id: number;
  label: string;
  members: number;
}

function GroupPicker({
  value,
  onChange,
  fixed,
  error,
}: {
  value: PickedGroup[];
  onChange: (groups: PickedGroup[]) => void;
  /** Groups that may not be taken away (published: the target only grows). */
  fixed: ReadonlySet<number>;
  error?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const query = useGroupOptions(debounced);
  const options = useMemo(() => {
    const chosen = value.map((group) => ({
      value: String(group.id),
      label: group.label,
      disabled: fixed.has(group.id),
    }));
    const found = (query.data ?? [])
      .filter((group) => !value.some((picked) => picked.id === group.id))
      .map((group) => ({ value: String(group.id), label: group.name }));
    return [...chosen, ...found];
  }, [query.data, value, fixed]);
  const choose = (ids: string[]) => {
    const known = new Map(value.map((group) => [String(group.id), group]));
    const found = new Map((query.data ?? []).map((group) => [String(group.id), group]));
    const kept = [...fixed].map(String).filter((id) => !ids.includes(id));
    onChange(
      [...kept, ...ids].map((id) => {
        const group = found.get(id);
        return known.get(id) ?? { id: Number(id), label: group?.name ?? id, members: group?.members_count ?? 0 };
      }),
    );
  };
  return (
    <MultiSelect
      label={t(`${NS}.target.groups`)}
      placeholder={t(`${NS}.target.groups_placeholder`)}
      data={options}
      value={value.map((group) => String(group.id))}
      onChange={choose}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={query.isFetching ? t('resource.loading') : t(`${NS}.target.groups_none`)}
      rightSection={query.isFetching ? <Loader size="xs" aria-label={t('resource.loading')} /> : undefined}
      error={error}
      hidePickedOptions
      data-testid="assignment-target-groups"
    />
  );
}

interface TargetPickerProps {
  kind: AssignmentTargetKind;
  onKind: (kind: AssignmentTargetKind) => void;
  people: PickedPerson[];
  onPeople: (people: PickedPerson[]) => void;
  groups: PickedGroup[];
  onGroups: (groups: PickedGroup[]) => void;
  /** After publishing the kind is fixed and the chosen people and groups only grow. */
  published: boolean;
  fixedPeople: ReadonlySet<number>;
  fixedGroups: ReadonlySet<number>;
  errors: Record<string, string>;
}

/** Who the assignment is for: chosen people, user groups (their members now and later) or the whole company. */
export function TargetPicker(props: TargetPickerProps) {
  const { t } = useTranslation();
  const { kind, published, errors } = props;
  // Three choices do not fit side by side on a phone: they stack there.
  const orientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', sm: 'horizontal' });
  const keepFixed = (next: PickedPerson[]) => {
    const kept = props.people.filter((person) => props.fixedPeople.has(person.id) && !next.includes(person));
    props.onPeople([...kept, ...next]);
  };
  return (
    <Stack gap="sm" data-testid="assignment-target">
      <Text fw={600}>{t(`${NS}.target.title`)}</Text>
      <SegmentedControl
        value={kind}
        onChange={(value) => props.onKind(value as AssignmentTargetKind)}
        data={TARGET_KINDS.map((value) => ({ value, label: t(`${NS}.target.kinds.${value}`) }))}
        disabled={published}
        orientation={orientation}
        fullWidth
        aria-label={t(`${NS}.target.title`)}
        data-testid="assignment-target-kind"
      />
      {published && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconLock size={18} aria-hidden />}
          data-testid="assignment-target-locked"
        >
          {t(kind === 'company' ? `${NS}.target.locked_company` : `${NS}.target.locked`)}
        </Alert>
      )}
      {kind === 'users' && (
        <MemberPicker
          value={props.people}
          onChange={keepFixed}
          label={t(`${NS}.target.users`)}
          error={errors['target.user_ids'] ?? errors.target}
          testId="assignment-target-users"
        />
      )}
      {kind === 'groups' && (
        <GroupPicker
          value={props.groups}
          onChange={props.onGroups}
          fixed={props.fixedGroups}
          error={errors['target.group_ids'] ?? errors.target}
        />
      )}
      {kind === 'company' && (
        <Text fz="sm" c="dimmed" data-testid="assignment-target-company">
          {t(`${NS}.target.company_hint`)}
        </Text>
      )}
    </Stack>
  );
}
