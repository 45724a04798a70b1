import type { EducationCategory } from '@kampus/shared';
import { Box, Group, Text } from '@mantine/core';
import { IconCornerDownRight } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { pathTo } from '../../../../app/route-names.js';
import { DataTable, type TableColumn, type TableFilter } from '../../../../components/DataTable.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { formatDateTime } from '../../../../lib/dates.js';
import { useListState } from '../../../../lib/list-state.js';
import { useSessionUser } from '../../../../lib/session.js';
import { sessionCan } from '../../../frame/admin/access.js';
import { useActiveStatusOptions } from '../../../frame/admin/records/ActiveStatusBadge.js';
import { activeStatusColumn } from '../../../frame/admin/records/columns.js';
import {
  AddButton,
  listTextKeys,
  useRecordBulkActions,
  useRecordRowActions,
  useResourceTable,
} from '../../../frame/admin/records/ResourceListPage.js';
import { useLocalizedText } from '../../../organisation/faq/admin/api.js';
import { FilledLanguages } from '../../../organisation/faq/admin/FilledLanguages.js';
import { educationCategoriesResource, useAllCategories } from './api.js';
import { CatalogTabs } from './CatalogTabs.js';
import { CategoryIcon } from './CategoryIcon.js';
import { categoryTree } from './category-tree.js';

const NS = educationCategoriesResource.contract.namespace;
const TEXTS = listTextKeys(NS);
const INDENT_PX = 24;

type Row = EducationCategory & { depth: number };

function NameCell({ row, name }: { row: Row; name: string }) {
  return (
    <Group gap="xs" wrap="nowrap" pl={row.depth * INDENT_PX} data-testid="category-name" data-depth={row.depth}>
      {row.depth > 0 && (
        <Box c="dimmed" style={{ display: 'flex' }} aria-hidden>
          <IconCornerDownRight size={16} />
        </Box>
      )}
      <CategoryIcon icon={row.icon} size={26} />
      <Text fz="sm" fw={600}>
        {name}
      </Text>
    </Group>
  );
}

function useColumns(): TableColumn<Row>[] {
  const { t, i18n } = useTranslation();
  const localized = useLocalizedText();
  return useMemo(
    () => [
      {
        accessor: 'name',
        title: t('educationCategories.fields.name'),
        hideable: false,
        render: (row) => <NameCell row={row} name={localized(row.names)} />,
      },
      {
        accessor: 'languages',
        title: t('educationCategories.languages'),
        render: (row) => <FilledLanguages texts={[row.names]} />,
      },
      {
        accessor: 'educations_count',
        title: t('educationCategories.fields.educations_count'),
        noWrap: true,
      },
      { accessor: 'order', title: t('educationCategories.fields.order'), sortable: true, noWrap: true },
      activeStatusColumn(t('educationCategories.fields.status'), NS),
      {
        accessor: 'updated_at',
        title: t('educationCategories.fields.updated_at'),
        sortable: true,
        noWrap: true,
        hiddenByDefault: true,
        render: (row) => formatDateTime(row.updated_at, i18n.language),
      },
    ],
    [t, i18n.language, localized],
  );
}

/**
 * The education categories (`/admin/education/categories`, show_training): a tree, each category under its parent and
 * indented by its depth while the list is in its own order; sorted otherwise, the rows keep their depth's indent.
 */
export default function EducationCategoriesListPage() {
  const { t } = useTranslation();
  const localized = useLocalizedText();
  const roles = useSessionUser()?.roles;
  const canEdit = sessionCan(roles, educationCategoriesResource.contract.permissions.update);
  const columns = useColumns();
  const statusOptions = useActiveStatusOptions(NS);
  const filters: TableFilter[] = [
    { kind: 'select', param: 'status', label: t('educationCategories.fields.status'), options: statusOptions },
  ];
  const list = useListState(educationCategoriesResource.listConfig);
  const { store, table } = useResourceTable(educationCategoriesResource, list);
  const all = useAllCategories();
  const rows = useMemo<Row[]>(() => {
    // Depths come from the whole tree: a filtered or paged list still shows where each category sits.
    const depth = new Map(categoryTree(all.data ?? []).map((row) => [row.category.id, row.depth]));
    const inTreeOrder = (list.state.sort ?? 'order') === 'order';
    const records = inTreeOrder ? categoryTree(table.records).map((row) => row.category) : table.records;
    return records.map((category) => ({ ...category, depth: depth.get(category.id) ?? 0 }));
  }, [all.data, table.records, list.state.sort]);
  const bulkActions = useRecordBulkActions(educationCategoriesResource, TEXTS);
  const rowActions = useRecordRowActions<Row>(store, TEXTS, {
    testId: 'education-category',
    itemName: (row) => localized(row.names),
    editPath: (row) => pathTo('company.education.categories.edit', { id: row.id }),
  });
  const addButton = canEdit ? (
    <AddButton to={pathTo('company.education.categories.add')} label={t(TEXTS.add)} testId="education-category-add" />
  ) : null;
  return (
    <>
      <CatalogTabs current="categories" />
      <PageHeader description={t(TEXTS.description)} actions={addButton} />
      <DataTable<Row>
        {...table}
        records={rows}
        tableId="education-categories"
        label={t(TEXTS.title)}
        columns={columns}
        filters={filters}
        rowActions={canEdit ? rowActions : undefined}
        bulkActions={canEdit ? bulkActions : undefined}
        emptyTitle={t(TEXTS.empty)}
        emptyAction={addButton ?? undefined}
      />
    </>
  );
}
