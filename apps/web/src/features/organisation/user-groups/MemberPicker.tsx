import { Loader, MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useManagerOptions } from '../users/api.js';
import type { PickedPerson } from './form.js';

interface MemberPickerProps {
  value: PickedPerson[];
  onChange: (people: PickedPerson[]) => void;
  label: string;
  error?: string;
  /** People who are already members, left out of the suggestions. */
  exclude?: ReadonlySet<number>;
  testId: string;
}

/** Searches the company's active users (`GET api/admin/users`) as one types; the chosen stay named meanwhile. */
export function MemberPicker({ value, onChange, label, error, exclude, testId }: MemberPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const query = useManagerOptions(debounced);
  const options = useMemo(() => {
    const chosen = value.map((person) => ({ value: String(person.id), label: person.label }));
    const found = (query.data ?? [])
      .filter((user) => !exclude?.has(user.id) && !value.some((person) => person.id === user.id))
      .map((user) => ({
        value: String(user.id),
        label: user.email ? `${user.name} ${user.surname} · ${user.email}` : `${user.name} ${user.surname}`,
      }));
    return [...chosen, ...found];
  }, [query.data, value, exclude]);

  const choose = (ids: string[]) => {
    const byId = new Map(options.map((option) => [option.value, option.label]));
    onChange(ids.map((id) => ({ id: Number(id), label: byId.get(id) ?? id })));
  };

  return (
    <MultiSelect
      label={label}
      placeholder={t('user_groups.member_picker_placeholder')}
      data={options}
      value={value.map((person) => String(person.id))}
      onChange={choose}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={query.isFetching ? t('resource.loading') : t('user_groups.member_picker_empty')}
      rightSection={query.isFetching ? <Loader size="xs" aria-label={t('resource.loading')} /> : undefined}
      error={error}
      clearable
      hidePickedOptions
      data-testid={testId}
    />
  );
}
