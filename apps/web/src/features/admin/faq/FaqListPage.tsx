import type { Faq } from '@kampus/shared';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCategory, IconPlus } from '@tabler/icons-react';
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
import { faqListConfig, faqResource, useFaqCategories, useLocalizedText } from './api.js';
import { FilledLanguages } from './FilledLanguages.js';

const NS = 'faq_admin';

function useColumns(): TableColumn<Faq>[] {
  const { t, i18n } = useTranslation();
  const localized = useLocalizedText();
  return useMemo(
    () => [
      {
        accessor: 'question',
        title: t('faq_admin.fields.question'),
        hideable: false,
        render: (faq) => localized(faq.question),
      },
      {
        accessor: 'category',
        title: t('faq_admin.fields.category'),
        render: (faq) => (faq.category ? localized(faq.category.name) : t('faq_admin.no_category')),
      },
      {
        accessor: 'languages',
        title: t('faq_admin.languages_label'),
        render: (faq) => <FilledLanguages texts={[faq.question, faq.answer]} />,
      },
      { accessor: 'order', title: t('faq_admin.fields.order'), sortable: true },
      {
        accessor: 'status',
        title: t('faq_admin.fields.status'),
        sortable: true,
        noWrap: true,
        render: (faq) => <ActiveStatusBadge status={faq.status} namespace={NS} />,
      },
      {
        accessor: 'updated_at',
        title: t('faq_admin.fields.updated_at'),
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
  const client = useQueryClient();
  const canEdit = sessionCan(useSessionUser()?.roles, 'create_faq');
  const categories = useFaqCategories();
  const localized = useLocalizedText();
  const categoryIds = (categories.data ?? []).map((c) => c.id);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids, not the array's identity, shape the config
  const config = useMemo(() => faqListConfig(categoryIds), [categoryIds.join(',')]);
  const list = useListState(config);
  const store = useResourceStore(faqResource, { listQuery: list.apiQuery });
  const columns = useColumns();
  const statusOptions = useActiveStatusOptions(NS);
  const filters: TableFilter[] = [
    {
      kind: 'select',
      param: 'category_id',
      label: t('faq_admin.fields.category'),
      options: [
        { value: 'none', label: t('faq_admin.no_category') },
        ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: localized(c.name) })),
      ],
    },
    { kind: 'select', param: 'status', label: t('faq_admin.fields.status'), options: statusOptions },
  ];

  const bulk = async (body: Parameters<typeof faqResource.bulk>[0]) => {
    const { message } = await faqResource.bulk(body);
    notifications.show({ color: 'success', message });
    await client.invalidateQueries({ queryKey: faqResource.keys.all });
  };
  const bulkActions: BulkActionDef[] = [
    { key: 'activate', label: t('faq_admin.activate'), run: (ids) => bulk({ action: 'status', ids, status: 1 }) },
    { key: 'passive', label: t('faq_admin.make_passive'), run: (ids) => bulk({ action: 'status', ids, status: 0 }) },
    {
      key: 'delete',
      label: t('resource.delete'),
      confirm: {
        title: t('faq_admin.bulk_delete_title'),
        text: (count) => t('faq_admin.bulk_delete_text', { count }),
        confirmLabel: t('resource.delete'),
      },
      run: (ids) => bulk({ action: 'delete', ids }),
    },
  ];

  const rowActions = (faq: Faq) => (
    <>
      <EditRowAction to={`/admin/faq/${faq.id}/edit`} name={localized(faq.question)} testId="faq-edit" />
      <DeleteRowAction
        title={t('faq_admin.delete_title')}
        message={t('faq_admin.delete_text', { name: localized(faq.question) })}
        name={localized(faq.question)}
        onConfirm={() => store.remove(faq.id).catch(() => undefined)}
        testId="faq-delete"
      />
    </>
  );

  const addButton = canEdit ? (
    <Button component={Link} to="/admin/faq/add" leftSection={<IconPlus size={16} aria-hidden />} data-testid="faq-add">
      {t('faq_admin.add')}
    </Button>
  ) : null;
  const actions = (
    <>
      <Button
        component={Link}
        to="/admin/faq-categories/list"
        variant="default"
        leftSection={<IconCategory size={16} aria-hidden />}
      >
        {t('faq_admin.manage_categories')}
      </Button>
      {addButton}
    </>
  );

  return (
    <>
      <PageHeader description={t('faq_admin.list_description')} actions={actions} />
      <DataTable<Faq>
        tableId="faqs"
        label={t('faq_admin.list_title')}
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
        exportPath={(format) => faqResource.exportPath(format, list.apiQuery)}
        emptyTitle={t('faq_admin.empty')}
        emptyAction={addButton ?? undefined}
      />
    </>
  );
}
