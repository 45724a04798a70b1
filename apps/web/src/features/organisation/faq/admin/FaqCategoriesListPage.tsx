import type { FaqCategory } from '@kampus/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableColumn, TableFilter } from '../../../../components/DataTable.js';
import { formatDateTime } from '../../../../lib/dates.js';
import { useActiveStatusOptions } from '../../../frame/admin/records/ActiveStatusBadge.js';
import { activeStatusColumn } from '../../../frame/admin/records/columns.js';
import { listTextKeys, ResourceListPage } from '../../../frame/admin/records/ResourceListPage.js';
import { faqCategoriesResource, useLocalizedText } from './api.js';
import { FilledLanguages } from './FilledLanguages.js';

const NS = 'faq';
const CATEGORY_TEXTS = listTextKeys(NS, {
  title: 'faq.categories_title',
  description: 'faq.categories_description',
  empty: 'faq.categories_empty',
  add: 'faq.add_category',
  bulkDeleteTitle: 'faq.categories_bulk_delete_title',
  bulkDeleteText: 'faq.categories_bulk_delete_text',
  deleteTitle: 'faq.category_delete_title',
  deleteText: 'faq.category_delete_text',
});

function useColumns(): TableColumn<FaqCategory>[] {
  const { t, i18n } = useTranslation();
  const localized = useLocalizedText();
  return useMemo(
    () => [
      {
        accessor: 'name',
        title: t('faq.fields.name'),
        hideable: false,
        render: (category) => localized(category.name),
      },
      {
        accessor: 'languages',
        title: t('faq.languages_label'),
        render: (category) => <FilledLanguages texts={[category.name]} />,
      },
      { accessor: 'faqs_count', title: t('faq.fields.faqs_count') },
      { accessor: 'order', title: t('faq.fields.order'), sortable: true },
      activeStatusColumn(t('faq.fields.status'), NS),
      {
        accessor: 'updated_at',
        title: t('faq.fields.updated_at'),
        sortable: true,
        noWrap: true,
        hiddenByDefault: true,
        render: (category) => formatDateTime(category.updated_at, i18n.language),
      },
    ],
    [t, i18n.language, localized],
  );
}

/** /admin/faq-categories/list: read_faq sees the topics; changing them needs create_faq. */
export default function FaqCategoriesListPage() {
  const { t } = useTranslation();
  const localized = useLocalizedText();
  const columns = useColumns();
  const statusOptions = useActiveStatusOptions(NS);
  const filters: TableFilter[] = [
    { kind: 'select', param: 'status', label: t('faq.fields.status'), options: statusOptions },
  ];
  return (
    <ResourceListPage<FaqCategory>
      resource={faqCategoriesResource}
      tableId="faq-categories"
      texts={CATEGORY_TEXTS}
      columns={columns}
      filters={filters}
      itemName={(category) => localized(category.name)}
      testId="faq-category"
    />
  );
}
