import type { Survey, SurveyKind } from '@kampus/shared';
import { Badge, Stack, Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableColumn, type TableFilter } from '../../../../components/DataTable.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { RowLinkAction } from '../../../../components/RowActions.js';
import { useListState } from '../../../../lib/list-state.js';
import { useSessionUser } from '../../../../lib/session.js';
import { sessionCan } from '../../../frame/admin/access.js';
import { useActiveStatusOptions } from '../../../frame/admin/records/ActiveStatusBadge.js';
import { activeStatusColumn, createdAtColumn } from '../../../frame/admin/records/columns.js';
import {
  AddButton,
  listTextKeys,
  useRecordBulkActions,
  useRecordRowActions,
  useResourceTable,
} from '../../../frame/admin/records/ResourceListPage.js';
import { resourceOf } from '../api.js';
import { screensOf } from './screens.js';

function useColumns(namespace: string): TableColumn<Survey>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      {
        accessor: 'title',
        title: t(`${namespace}.columns.title`),
        sortable: true,
        hideable: false,
        render: (survey) => (
          <Stack gap={0} maw={380}>
            <Text fz="sm" fw={600} lineClamp={2}>
              {survey.title}
            </Text>
            <Text fz="xs" c="dimmed">
              {survey.languages.map((code) => t(`languages.${code}`)).join(' · ')}
            </Text>
          </Stack>
        ),
      },
      {
        accessor: 'questions_count',
        title: t(`${namespace}.columns.questions_count`),
        noWrap: true,
        render: (survey) => survey.questions_count.toLocaleString(i18n.language),
      },
      {
        accessor: 'responses_count',
        title: t(`${namespace}.columns.responses_count`),
        sortable: true,
        noWrap: true,
        render: (survey) => survey.responses_count.toLocaleString(i18n.language),
      },
      {
        accessor: 'anonymous',
        title: t(`${namespace}.columns.anonymous`),
        noWrap: true,
        render: (survey) =>
          survey.anonymous ? (
            <Badge variant="dot" color="teal">
              {t('surveys.anonymous')}
            </Badge>
          ) : (
            <Text fz="sm" c="dimmed">
              {t('surveys.named')}
            </Text>
          ),
      },
      activeStatusColumn(t(`${namespace}.fields.status`), namespace),
      createdAtColumn(t(`${namespace}.fields.created_at`), i18n.language),
    ],
    [t, i18n.language, namespace],
  );
}

/**
 * The surveys (`/admin/surveys`, show_survey) or evaluation surveys (`/admin/evaluation-surveys`,
 * read_evaluationsurvey): search, status and anonymity filters, sort, paging, export; each row opens its results;
 * holders of the write permission also add, edit, delete and change status in bulk.
 */
export function SurveysList({ kind }: { kind: SurveyKind }) {
  const { t } = useTranslation();
  const resource = resourceOf(kind);
  const NS = resource.contract.namespace;
  const texts = listTextKeys(NS);
  const screens = screensOf(kind);
  const roles = useSessionUser()?.roles;
  const canEdit = sessionCan(roles, resource.contract.permissions.update);
  const columns = useColumns(NS);
  const statusOptions = useActiveStatusOptions(NS);
  const filters: TableFilter[] = [
    { kind: 'select', param: 'status', label: t(`${NS}.fields.status`), options: statusOptions },
    {
      kind: 'select',
      param: 'anonymous',
      label: t(`${NS}.columns.anonymous`),
      options: [
        { value: '1', label: t('surveys.anonymous') },
        { value: '0', label: t('surveys.named') },
      ],
    },
  ];
  const list = useListState(resource.listConfig);
  const { store, table } = useResourceTable(resource, list);
  const bulkActions = useRecordBulkActions(resource, texts);
  const editActions = useRecordRowActions<Survey>(store, texts, {
    testId: 'survey',
    itemName: (survey) => survey.title,
    editPath: (survey) => screens.edit(survey.id),
    canDelete: (survey) => canEdit && survey.educations_count === 0,
  });
  const rowActions = (survey: Survey) => (
    <>
      <RowLinkAction
        to={screens.results(survey.id)}
        label={t('surveys.results.open')}
        name={survey.title}
        icon={<IconChartBar size={18} aria-hidden />}
        testId="survey-results"
      />
      {canEdit && editActions(survey)}
    </>
  );
  const addButton = canEdit ? <AddButton to={screens.add} label={t(texts.add)} testId="survey-add" /> : null;
  return (
    <>
      <PageHeader description={t(texts.description)} actions={addButton} />
      <DataTable<Survey>
        {...table}
        tableId={kind === 'survey' ? 'surveys' : 'evaluation-surveys'}
        label={t(texts.title)}
        columns={columns}
        filters={filters}
        rowActions={rowActions}
        bulkActions={canEdit ? bulkActions : undefined}
        emptyTitle={t(texts.empty)}
        emptyAction={addButton ?? undefined}
      />
    </>
  );
}
