import type { FaqCategory } from '@kampus/shared';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type BulkActionDef, DataTable, type TableColumn, type TableFilter } from '../../../components/DataTable.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { DeleteRowAction, EditRowAction } from '../../../components/RowActions.js';
import { formatDateTime } from '../../../lib/dates.js';
import { useListState } from '../../../lib/list-state.js';
import { useResourceStore } from '../../../lib/resource.js';
import { useSessionUser } from '../../../lib/session.js';
import { sessionCan } from '../access.js';
import { ActiveStatusBadge, useActiveStatusOptions } from '../records/ActiveStatusBadge.js';
import { FAQ_CATEGORY_LIST_CONFIG, faqCategoriesResource, useLocalizedText } from './api.js';
import { FilledLanguages } from './FilledLanguages.js';

const NS = 'faq_admin';

function useColumns(): TableColumn<FaqCategory>[] {
  const { t, i18n } = useTranslation();
  const localized = useLocalizedText();
  return useMemo(
    () => [
      {
        accessor: 'name',
        title: t('faq_admin.fields.name'),
        hideable: false,
        render: (category) => localized(category.name),
      },
      {
        accessor: 'languages',
        title: t('faq_admin.languages_label'),
        render: (category) => <FilledLanguages texts={[category.name]} />,
      },
      { accessor: 'faqs_count', title: t('faq_admin.fields.faqs_count') },
      { accessor: 'order', title: t('faq_admin.fields.order'), sortable: true },
      {
        accessor: 'status',
        title: t('faq_admin.fields.status'),
        sortable: true,
        noWrap: true,
        render: (category) => <ActiveStatusBadge status={category.status} namespace={NS} />,
      },
      {
        accessor: 'updated_at',
        title: t('faq_admin.fields.updated_at'),
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
  const client = useQueryClient();
  const canEdit = sessionCan(useSessionUser()?.roles, 'create_faq');
  const list = useListState(FAQ_CATEGORY_LIST_CONFIG);
  const store = useResourceStore(faqCategoriesResource, { listQuery: list.apiQuery });
  const localized = useLocalizedText();
  const columns = useColumns();
  const statusOptions = useActiveStatusOptions(NS);
  const filters: TableFilter[] = [
    { kind: 'select', param: 'status', label: t('faq_admin.fields.status'), options: statusOptions },
  ];

  const bulk = async (body: Parameters<typeof faqCategoriesResource.bulk>[0]) => {
    const { message } = await faqCategoriesResource.bulk(body);
    notifications.show({ color: 'success', message });
    await client.invalidateQueries({ queryKey: faqCategoriesResource.keys.all });
  };
  const bulkActions: BulkActionDef[] = [
    { key: 'activate', label: t('faq_admin.activate'), run: (ids) => bulk({ action: 'status', ids, status: 1 }) },
    { key: 'passive', label: t('faq_admin.make_passive'), run: (ids) => bulk({ action: 'status', ids, status: 0 }) },
    {
      key: 'delete',
      label: t('resource.delete'),
      confirm: {
        title: t('faq_admin.categories_bulk_delete_title'),
        text: (count) => t('faq_admin.categories_bulk_delete_text', { count }),
        confirmLabel: t('resource.delete'),
      },
      run: (ids) => bulk({ action: 'delete', ids }),
    },
  ];

  const rowActions = (category: FaqCategory) => (
    <>
      <EditRowAction
        to={`/admin/faq-categories/${category.id}/edit`}
        name={localized(category.name)}
        testId="faq-category-edit"
      />
      <DeleteRowAction
        title={t('faq_admin.category_delete_title')}
        message={t('faq_admin.category_delete_text', { name: localized(category.name) })}
        name={localized(category.name)}
        onConfirm={() => store.remove(category.id).catch(() => undefined)}
        testId="faq-category-delete"
      />
    </>
  );

  const addButton = canEdit ? (
    <Button
      component={Link}
      to="/admin/faq-categories/add"
      leftSection={<IconPlus size={16} aria-hidden />}
      data-testid="faq-category-add"
    >
      {t('faq_admin.add_category')}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader description={t('faq_admin.categories_description')} actions={addButton} />
      <DataTable<FaqCategory>
        tableId="faq-categories"
        label={t('faq_admin.categories_title')}
        list={list}
        columns={columns}
        filters={filters}
        records={store.items}
        total={store.meta?.total ?? 0}
        fetching={store.list.isFetching}
        error={store.list.isError ? (store.list.error as Error).message : null}
        onRetry={() => void store.list.refetch()}
        rowActions={canEdit ? rowActions : undefined}
        bulkActions={canEdit ? bulkActions : undefined}
        exportPath={(format) => faqCategoriesResource.exportPath(format, list.apiQuery)}
        emptyTitle={t('faq_admin.categories_empty')}
        emptyAction={addButton ?? undefined}
      />
    </>
  );
}
