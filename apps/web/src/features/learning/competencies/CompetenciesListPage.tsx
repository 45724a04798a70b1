import type { Competency } from '@kampus/shared';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import type { TableColumn, TableFilter } from '../../../components/DataTable.js';
import { formatDateTime } from '../../../lib/dates.js';
import { useActiveStatusOptions } from '../../frame/admin/records/ActiveStatusBadge.js';
import { activeStatusColumn } from '../../frame/admin/records/columns.js';
import { ResourceListPage } from '../../frame/admin/records/ResourceListPage.js';
import { useLocalizedText } from '../../organisation/faq/admin/api.js';
import { competenciesResource, useCompetencyCategories } from './api.js';
import { CompetencyTabs } from './CompetencyTabs.js';

const NS = 'competencies';

function useColumns(): TableColumn<Competency>[] {
  const { t, i18n } = useTranslation();
  const localized = useLocalizedText();
  return useMemo(
    () => [
      {
        accessor: 'name',
        title: t(`${NS}.columns.name`),
        sortable: true,
        hideable: false,
        render: (item) => (
          <Anchor component={Link} to={pathTo('company.competencies.edit', { id: item.id })} fw={500}>
            {localized(item.names)}
          </Anchor>
        ),
      },
      {
        accessor: 'category',
        title: t(`${NS}.columns.category`),
        sortable: true,
        render: (item) => (item.category ? localized(item.category.names) : '—'),
      },
      {
        accessor: 'levels',
        title: t(`${NS}.columns.levels`),
        render: (item) => (
          <Group gap={4}>
            {item.levels.map((name, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a level is its position in the list
              <Badge key={`${index}-${name}`} variant="light" color="gray" tt="none" fw={500}>
                {index + 1}. {name}
              </Badge>
            ))}
          </Group>
        ),
      },
      {
        accessor: 'people',
        title: t(`${NS}.columns.people`),
        sortable: true,
        noWrap: true,
        render: (item) => (
          <Anchor
            component={Link}
            to={`${pathTo('company.competencies.people')}?competency_id=${item.id}`}
            aria-label={`${item.people.toLocaleString(i18n.language)} · ${t(`${NS}.view_people`)}: ${localized(item.names)}`}
          >
            {item.people.toLocaleString(i18n.language)}
          </Anchor>
        ),
      },
      {
        accessor: 'rules',
        title: t(`${NS}.columns.rules`),
        noWrap: true,
        render: (item) => <Text fz="sm">{item.rules.toLocaleString(i18n.language)}</Text>,
      },
      activeStatusColumn(t(`${NS}.fields.status`), NS),
      {
        accessor: 'updated_at',
        title: t(`${NS}.fields.updated_at`),
        sortable: true,
        noWrap: true,
        hiddenByDefault: true,
        render: (item) => formatDateTime(item.updated_at, i18n.language),
      },
    ],
    [t, i18n.language, localized],
  );
}

/** `/admin/competencies-and-user-definitions` (read_competency): the company's competencies with their levels. */
export default function CompetenciesListPage() {
  const { t } = useTranslation();
  const localized = useLocalizedText();
  const columns = useColumns();
  const statusOptions = useActiveStatusOptions(NS);
  const categories = useCompetencyCategories();
  const config = useMemo(
    () => ({
      ...competenciesResource.listConfig,
      filters: [
        ...competenciesResource.listConfig.filters,
        { kind: 'select' as const, param: 'category_id', options: (categories.data ?? []).map((c) => String(c.id)) },
      ],
    }),
    [categories.data],
  );
  const filters: TableFilter[] = [
    { kind: 'select', param: 'status', label: t(`${NS}.fields.status`), options: statusOptions },
    {
      kind: 'select',
      param: 'category_id',
      label: t(`${NS}.columns.category`),
      options: (categories.data ?? []).map((c) => ({ value: String(c.id), label: localized(c.names) })),
    },
  ];
  return (
    <>
      <CompetencyTabs active="competencies" />
      <ResourceListPage<Competency>
        resource={competenciesResource}
        config={config}
        tableId="competencies"
        columns={columns}
        filters={filters}
        itemName={(item) => localized(item.names)}
        canDelete={(item) => item.people === 0 && item.rules === 0}
        testId="competency"
      />
    </>
  );
}
