import { Loader, Select } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePeopleOptions } from './api.js';

export interface PickedPerson {
  id: number;
  label: string;
}

/** One of the company's people, searched as one types (`GET api/admin/users`); the chosen one stays named. */
export function PersonPicker({
  value,
  onChange,
  label,
  error,
  required,
  testId,
}: {
  value: PickedPerson | null;
  onChange: (person: PickedPerson | null) => void;
  label: string;
  error?: string;
  required?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const query = usePeopleOptions(search);
  const options = useMemo(() => {
    const found = (query.data ?? []).map((user) => ({
      value: String(user.id),
      label: user.email ? `${user.name} ${user.surname} · ${user.email}` : `${user.name} ${user.surname}`,
    }));
    return value && !found.some((o) => o.value === String(value.id))
      ? [{ value: String(value.id), label: value.label }, ...found]
      : found;
  }, [query.data, value]);
  return (
    <Select
      label={label}
      placeholder={t('competencies.person_placeholder')}
      data={options}
      value={value ? String(value.id) : null}
      onChange={(id) => {
        const option = options.find((o) => o.value === id);
        onChange(id && option ? { id: Number(id), label: option.label } : null);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={query.isFetching ? t('resource.loading') : t('competencies.person_none')}
      rightSection={
        query.isFetching ? <Loader size="xs" role="status" aria-label={t('resource.loading')} /> : undefined
      }
      clearable
      required={required}
      error={error}
      data-testid={testId}
    />
  );
}
