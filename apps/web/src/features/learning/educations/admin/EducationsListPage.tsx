import { EDUCATION_VISIBILITIES, type Education } from '@kampus/shared';
import { Badge, Box, Group, Image, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChartBar, IconSchool } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { pathTo } from '../../../../app/route-names.js';
import { useHasPage } from '../../../../app/route-table.js';
import { DataTable, type TableColumn, type TableFilter } from '../../../../components/DataTable.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { RowLinkAction } from '../../../../components/RowActions.js';
import { formatDateTime } from '../../../../lib/dates.js';
import { useListState } from '../../../../lib/list-state.js';
import { useSessionUser } from '../../../../lib/session.js';
import { sessionCan } from '../../../frame/admin/access.js';
import { ActiveStatusBadge, useActiveStatusOptions } from '../../../frame/admin/records/ActiveStatusBadge.js';
import { createdAtColumn } from '../../../frame/admin/records/columns.js';
import {
  AddButton,
  listTextKeys,
  useRecordBulkActions,
  useRecordRowActions,
  useResourceTable,
} from '../../../frame/admin/records/ResourceListPage.js';
import { useLocalizedText } from '../../../organisation/faq/admin/api.js';
import { useRequestsRowLink } from '../../training-requests/RequestsRowLink.js';
import { educationListConfig, educationsResource, useAllCategories } from './api.js';
import { CatalogTabs } from './CatalogTabs.js';
import { useCategoryOptions } from './category-options.js';
import { formatDay } from './dates.js';

const NS = educationsResource.contract.namespace;
const TEXTS = listTextKeys(NS);

/** The image (or a school icon when there is none) beside the title and sub title; the title names the row. */
function TitleCell({ education }: { education: Education }) {
  return (
    <Group gap="sm" wrap="nowrap">
      {education.image_url ? (
        <Image src={education.image_url} alt="" w={64} h={36} radius="sm" fit="cover" data-testid="education-image" />
      ) : (
        <Box w={64} h={36} style={{ display: 'grid', placeItems: 'center' }}>
          <ThemeIcon variant="light" size={30} radius="md" aria-hidden>
            <IconSchool size={18} />
          </ThemeIcon>
        </Box>
      )}
      <Stack gap={0} miw={0}>
        <Text fz="sm" fw={600} lineClamp={2}>
          {education.title}
        </Text>
        {education.sub_title && (
          <Text fz="xs" c="dimmed" lineClamp={1}>
            {education.sub_title}
          </Text>
        )}
        {education.provider && (
          <Text fz="xs" c="dimmed" data-testid="education-provider">
            {education.provider}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

export function VisibilityBadge({ visibility }: { visibility: Education['visibility'] }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={visibility === 'catalogue' ? 'success' : visibility === 'request' ? 'violet' : 'gray'}
      miw="max-content"
      data-testid="education-visibility-badge"
      data-visibility={visibility}
    >
      {t(`education.visibility.${visibility}`)}
    </Badge>
  );
}

function useColumns(): TableColumn<Education>[] {
  const { t, i18n } = useTranslation();
  const localized = useLocalizedText();
  return useMemo(
    () => [
      {
        accessor: 'title',
        title: t('education.fields.title'),
        sortable: true,
        hideable: false,
        render: (education) => <TitleCell education={education} />,
      },
      {
        accessor: 'category',
        title: t('education.fields.category'),
        render: (education) => (education.category ? localized(education.category.names) : '—'),
      },
      {
        accessor: 'parts',
        title: t('education.columns.parts'),
        noWrap: true,
        render: (education) => education.parts.length,
      },
      {
        accessor: 'visibility',
        title: t('education.fields.visibility'),
        noWrap: true,
        render: (education) => <VisibilityBadge visibility={education.visibility} />,
      },
      {
        accessor: 'status',
        title: t('education.fields.status'),
        sortable: true,
        noWrap: true,
        width: 120,
        // The badge keeps its whole word: a wide table would squeeze it to "AK…" (the table scrolls instead).
        render: (education) => (
          <Box miw="max-content">
            <ActiveStatusBadge status={education.status} namespace={NS} />
          </Box>
        ),
      },
      {
        accessor: 'enrolled_count',
        title: t('education.columns.learners'),
        noWrap: true,
        render: (education) =>
          t('education.columns.learners_value', {
            enrolled: education.enrolled_count,
            completed: education.completed_count,
          }),
      },
      {
        accessor: 'language',
        title: t('education.fields.language'),
        noWrap: true,
        hiddenByDefault: true,
        render: (education) => t(`languages.${education.language}`),
      },
      {
        accessor: 'start_date',
        title: t('education.fields.start_date'),
        sortable: true,
        noWrap: true,
        render: (education) => formatDay(education.start_date) ?? '—',
      },
      {
        accessor: 'end_date',
        title: t('education.fields.end_date'),
        sortable: true,
        noWrap: true,
        render: (education) => formatDay(education.end_date) ?? '—',
      },
      createdAtColumn(t('education.fields.created_at'), i18n.language),
      {
        accessor: 'updated_at',
        title: t('education.fields.updated_at'),
        sortable: true,
        noWrap: true,
        hiddenByDefault: true,
        render: (education) => formatDateTime(education.updated_at, i18n.language),
      },
    ],
    [t, i18n.language, localized],
  );
}

function useFilters(): TableFilter[] {
  const { t } = useTranslation();
  const statusOptions = useActiveStatusOptions(NS);
  const { options: categoryOptions } = useCategoryOptions();
  return [
    { kind: 'select', param: 'category_id', label: t('education.fields.category'), options: categoryOptions },
    { kind: 'select', param: 'status', label: t('education.fields.status'), options: statusOptions },
    {
      kind: 'select',
      param: 'visibility',
      label: t('education.fields.visibility'),
      options: EDUCATION_VISIBILITIES.map((v) => ({ value: v, label: t(`education.visibility.${v}`) })),
    },
    {
      kind: 'select',
      param: 'language',
      label: t('education.fields.language'),
      options: (['tr', 'en', 'az', 'de'] as const).map((code) => ({ value: code, label: t(`languages.${code}`) })),
    },
  ];
}

/** The learners link of a row, when the detail page exists and the session may read the report. */
function useLearnersLink() {
  const { t } = useTranslation();
  const roles = useSessionUser()?.roles;
  const hasPage = useHasPage();
  const may = sessionCan(roles, 'read_training') && hasPage(pathTo('company.education.detail'));
  return (education: Education): ReactNode =>
    may ? (
      <RowLinkAction
        to={`${pathTo('company.education.detail')}?id=${education.id}`}
        label={t('education.actions.learners')}
        name={education.title}
        icon={<IconChartBar size={18} aria-hidden />}
        testId="education-learners"
      />
    ) : null;
}

/**
 * The education catalogue (`/admin/education/catalog`, show_training) and, with `purchased`, the educations bought
 * from providers (`/purchased`): search, category, status, visibility and language filters, sort, paging, export;
 * holders of create_training also add, edit, delete and change status in bulk.
 */
export function EducationsList({ purchased = false }: { purchased?: boolean }) {
  const { t } = useTranslation();
  const roles = useSessionUser()?.roles;
  const canEdit = sessionCan(roles, educationsResource.contract.permissions.update);
  const columns = useColumns();
  const filters = useFilters();
  const categories = useAllCategories();
  const config = useMemo(() => educationListConfig(categories.data ?? []), [categories.data]);
  const list = useListState(config);
  const apiQuery = useMemo(
    () => (purchased ? { ...list.apiQuery, purchased: '1' } : list.apiQuery),
    [list.apiQuery, purchased],
  );
  const { store, table } = useResourceTable(educationsResource, list, { apiQuery });
  const bulkActions = useRecordBulkActions(educationsResource, TEXTS);
  const learnersLink = useLearnersLink();
  const editAndDelete = useRecordRowActions<Education>(store, TEXTS, {
    testId: 'education',
    itemName: (education) => education.title,
    editPath: canEdit ? (education) => pathTo('company.content.catalog.edit', { id: education.id }) : undefined,
    canDelete: () => canEdit,
  });
  const requestsLink = useRequestsRowLink();
  const rowActions = (education: Education) => (
    <>
      {requestsLink(education)}
      {learnersLink(education)}
      {editAndDelete(education)}
    </>
  );
  const addButton =
    canEdit && !purchased ? (
      <AddButton to={pathTo('company.content.catalog.add')} label={t(TEXTS.add)} testId="education-add" />
    ) : null;
  return (
    <>
      <CatalogTabs current={purchased ? 'purchased' : 'catalog'} />
      <PageHeader
        description={t(purchased ? 'education.purchased_description' : TEXTS.description)}
        actions={addButton}
      />
      <DataTable<Education>
        {...table}
        tableId={purchased ? 'educations-purchased' : 'educations'}
        label={t(purchased ? 'education.purchased_title' : TEXTS.title)}
        columns={columns}
        filters={filters}
        rowActions={rowActions}
        bulkActions={canEdit ? bulkActions : undefined}
        emptyTitle={t(purchased ? 'education.purchased_empty' : TEXTS.empty)}
        emptyAction={
          purchased ? (
            <Text c="dimmed" fz="sm" ta="center" maw={480} data-testid="purchased-empty">
              {t('education.purchased_empty_text')}
            </Text>
          ) : (
            (addButton ?? undefined)
          )
        }
      />
    </>
  );
}

export default function EducationsListPage() {
  return <EducationsList />;
}
