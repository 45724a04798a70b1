import type { Faq } from '@kampus/shared';
import { Button } from '@mantine/core';
import { IconCategory } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../../app/route-names.js';
import type { TableColumn, TableFilter } from '../../../../components/DataTable.js';
import { formatDateTime } from '../../../../lib/dates.js';
import { useActiveStatusOptions } from '../../../frame/admin/records/ActiveStatusBadge.js';
import { activeStatusColumn } from '../../../frame/admin/records/columns.js';
import { ResourceListPage } from '../../../frame/admin/records/ResourceListPage.js';
import { faqListConfig, faqResource, useFaqCategories, useLocalizedText } from './api.js';
import { FilledLanguages } from './FilledLanguages.js';

const NS = 'faq';

function useColumns(): TableColumn<Faq>[] {
  const { t, i18n } = useTranslation();
  const localized = useLocalizedText();
  return useMemo(
    () => [
      {
        accessor: 'question',
        title: t('faq.fields.question'),
        hideable: false,
        render: (faq) => localized(faq.question),
      },
      {
        accessor: 'category',
        title: t('faq.fields.category'),
        render: (faq) => (faq.category ? localized(faq.category.name) : t('faq.no_category')),
      },
      {
        accessor: 'languages',
        title: t('faq.languages_label'),
        render: (faq) => <FilledLanguages texts={[faq.question, faq.answer]} />,
      },
      { accessor: 'order', title: t('faq.fields.order'), sortable: true },
      activeStatusColumn(t('faq.fields.status'), NS),
      {
        accessor: 'updated_at',
        title: t('faq.fields.updated_at'),
        sortable: true,
        noWrap: true,
        hiddenByDefault: true,
        render: (faq) => formatDateTime(faq.updated_at, i18n.language),
      },
    ],
    [t, i18n.language, localized],
  );
}

/** /admin/faq/list: read_faq sees the questions; changing them needs create_faq. */
export default function FaqListPage() {
  const { t } = useTranslation();
  const categories = useFaqCategories();
  const localized = useLocalizedText();
  const categoryIds = (categories.data ?? []).map((c) => c.id);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids, not the array's identity, shape the config
  const config = useMemo(() => faqListConfig(categoryIds), [categoryIds.join(',')]);
  const columns = useColumns();
  const statusOptions = useActiveStatusOptions(NS);
  const filters: TableFilter[] = [
    {
      kind: 'select',
      param: 'category_id',
      label: t('faq.fields.category'),
      options: [
        { value: 'none', label: t('faq.no_category') },
        ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: localized(c.name) })),
      ],
    },
    { kind: 'select', param: 'status', label: t('faq.fields.status'), options: statusOptions },
  ];
  const manageCategories = (
    <Button
      component={Link}
      to={pathTo('company.faq_category.index')}
      variant="default"
      leftSection={<IconCategory size={16} aria-hidden />}
    >
      {t('faq.manage_categories')}
    </Button>
  );
  return (
    <ResourceListPage<Faq>
      resource={faqResource}
      config={config}
      tableId="faqs"
      columns={columns}
      filters={filters}
      headerActions={manageCategories}
      itemName={(faq) => localized(faq.question)}
      testId="faq"
    />
  );
}
