import { AUDIENCES, type Audience } from '@kampus/shared';
import { MultiSelect, SegmentedControl, Stack, Text, useMatches } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableColumn, TableFilter } from '../../../components/DataTable.js';
import { useAudienceCompanies, useAudienceGroups } from './api.js';

interface AudienceFieldsProps {
  /** The form's locale namespace (announcements or advertisements): its `fields.*` and `errors.*`. */
  namespace: string;
  audience: Audience;
  groupIds: number[];
  companyIds: number[];
  onChange: (next: { audience?: Audience; group_ids?: number[]; company_ids?: number[] }) => void;
  errors: Record<string, string | undefined>;
  testId: string;
}

const ids = (values: string[]) => values.map(Number);

/** Who sees a record: everyone, members of some user groups, or the people of some of the group's companies. */
export function AudienceFields({
  namespace,
  audience,
  groupIds,
  companyIds,
  onChange,
  errors,
  testId,
}: AudienceFieldsProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const groups = useAudienceGroups();
  const companies = useAudienceCompanies(audience === 'companies');
  const orientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', sm: 'horizontal' });
  return (
    <Stack gap="xs">
      <Text component="span" id={labelId} fz="sm" fw={500}>
        {t(`${namespace}.fields.audience`)}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        orientation={orientation}
        fullWidth
        value={audience}
        onChange={(value) => onChange({ audience: value as Audience })}
        data={AUDIENCES.map((value) => ({ value, label: t(`announcements.audiences.${value}`) }))}
        data-testid={`${testId}-audience`}
      />
      {audience === 'groups' && (
        <MultiSelect
          label={t(`${namespace}.fields.group_ids`)}
          placeholder={t('announcements.groups_placeholder')}
          data={groups.data ?? []}
          value={groupIds.map(String)}
          onChange={(values) => onChange({ group_ids: ids(values) })}
          searchable
          nothingFoundMessage={groups.isFetching ? t('resource.loading') : t('announcements.groups_none')}
          error={errors.group_ids}
          required
          hidePickedOptions
          data-testid={`${testId}-groups`}
        />
      )}
      {audience === 'companies' && (
        <MultiSelect
          label={t(`${namespace}.fields.company_ids`)}
          placeholder={t('announcements.companies_placeholder')}
          data={(companies.data ?? []).map((company) => ({ value: String(company.id), label: company.name }))}
          value={companyIds.map(String)}
          onChange={(values) => onChange({ company_ids: ids(values) })}
          error={errors.company_ids}
          required
          hidePickedOptions
          data-testid={`${testId}-companies`}
        />
      )}
    </Stack>
  );
}

/** The audience column of an admin list (announcements, banners), named in the list's own namespace. */
export function audienceColumn<Row extends { audience: Audience }>(t: TFunction, namespace: string): TableColumn<Row> {
  return {
    accessor: 'audience',
    title: t(`${namespace}.columns.audience`),
    render: (row) => t(`announcements.audiences.${row.audience}`),
  };
}

/** The audience filter of an admin list. */
export function audienceFilter(t: TFunction, namespace: string): TableFilter {
  return {
    kind: 'select',
    param: 'audience',
    label: t(`${namespace}.fields.audience`),
    options: AUDIENCES.map((value) => ({ value, label: t(`announcements.audiences.${value}`) })),
  };
}
