import type { CompetencyCategory } from '@kampus/shared';
import { Anchor } from '@mantine/core';
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
import { FilledLanguages } from '../../organisation/faq/admin/FilledLanguages.js';
import { competencyCategoriesResource } from './api.js';
import { CompetencyTabs } from './CompetencyTabs.js';

const NS = 'competencyCategories';

function useColumns(): TableColumn<CompetencyCategory>[] {
  const { t, i18n } = useTranslation();
  const localized = useLocalizedText();
  return useMemo(
    () => [
      {
        accessor: 'name',
        title: t(`${NS}.columns.name`),
        hideable: false,
        render: (item) => (
          <Anchor component={Link} to={pathTo('company.competency-categories.edit', { id: item.id })} fw={500}>
            {localized(item.names)}
          </Anchor>
        ),
      },
      {
        accessor: 'languages',
        title: t(`${NS}.languages`),
        render: (item) => <FilledLanguages texts={[item.names]} />,
      },
      { accessor: 'competencies_count', title: t(`${NS}.columns.competencies_count`) },
      { accessor: 'order', title: t(`${NS}.columns.order`), sortable: true },
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

/** `/admin/competencies-and-user-definitions/categories` (read_competency). */
export default function CompetencyCategoriesListPage() {
  const { t } = useTranslation();
  const localized = useLocalizedText();
  const columns = useColumns();
  const statusOptions = useActiveStatusOptions(NS);
  const filters: TableFilter[] = [
    { kind: 'select', param: 'status', label: t(`${NS}.fields.status`), options: statusOptions },
  ];
  return (
    <>
      <CompetencyTabs active="categories" />
      <ResourceListPage<CompetencyCategory>
        resource={competencyCategoriesResource}
        tableId="competency-categories"
        columns={columns}
        filters={filters}
        itemName={(item) => localized(item.names)}
        testId="competency-category"
      />
    </>
  );
}
