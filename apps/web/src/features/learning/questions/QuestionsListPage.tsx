import { LOCALES, QUESTION_DIFFICULTIES, QUESTION_TYPES, type Question } from '@kampus/shared';
import { Badge, Box, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { DataTable, type TableColumn, type TableFilter } from '../../../components/DataTable.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useListState } from '../../../lib/list-state.js';
import { useSessionUser } from '../../../lib/session.js';
import { sessionCan } from '../../frame/admin/access.js';
import { ActiveStatusBadge, useActiveStatusOptions } from '../../frame/admin/records/ActiveStatusBadge.js';
import { createdAtColumn } from '../../frame/admin/records/columns.js';
import {
  AddButton,
  listTextKeys,
  useRecordBulkActions,
  useRecordRowActions,
  useResourceTable,
} from '../../frame/admin/records/ResourceListPage.js';
import { useLocalizedText } from '../../organisation/faq/admin/api.js';
import { useHashtagOptions } from '../content/api.js';
import { useAllCategories } from '../educations/admin/api.js';
import { useCategoryOptions } from '../educations/admin/category-options.js';
import { questionListConfig, questionsResource } from './api.js';

const NS = questionsResource.contract.namespace;
const TEXTS = listTextKeys(NS);

export const DIFFICULTY_COLORS = { easy: 'success', medium: 'warning', hard: 'danger' } as const;

function TitleCell({ question }: { question: Question }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} miw={0} maw={460}>
      <Text fz="sm" fw={600} lineClamp={2}>
        {question.title || t(`${NS}.no_text`)}
      </Text>
      <Group gap={4}>
        {question.hashtags.map((tag) => (
          <Text key={tag.id} fz="xs" c="dimmed">
            #{tag.name}
          </Text>
        ))}
        {question.in_use && (
          <Tooltip label={t(`${NS}.in_use_hint`)} multiline w={280} withArrow>
            <Badge size="xs" variant="outline" color="gray" tabIndex={0} data-testid="question-in-use">
              {t(`${NS}.in_use`)}
            </Badge>
          </Tooltip>
        )}
      </Group>
    </Stack>
  );
}

function useColumns(): TableColumn<Question>[] {
  const { t, i18n } = useTranslation();
  const localized = useLocalizedText();
  return useMemo(
    () => [
      {
        accessor: 'title',
        title: t(`${NS}.columns.title`),
        sortable: true,
        hideable: false,
        render: (question) => <TitleCell question={question} />,
      },
      {
        accessor: 'type',
        title: t(`${NS}.columns.type`),
        sortable: true,
        noWrap: true,
        render: (question) => t(`${NS}.types.${question.type}`),
      },
      {
        accessor: 'difficulty',
        title: t(`${NS}.columns.difficulty`),
        sortable: true,
        noWrap: true,
        render: (question) => (
          // The dot variant keeps the text dark: a light warning badge fails the contrast check (as users' status did).
          <Badge variant="dot" color={DIFFICULTY_COLORS[question.difficulty]} miw="max-content">
            {t(`${NS}.difficulties.${question.difficulty}`)}
          </Badge>
        ),
      },
      {
        accessor: 'category',
        title: t(`${NS}.columns.category`),
        render: (question) => (question.category ? localized(question.category.names) : '—'),
      },
      { accessor: 'points', title: t(`${NS}.columns.points`), sortable: true, noWrap: true },
      {
        accessor: 'language',
        title: t(`${NS}.fields.language`),
        noWrap: true,
        render: (question) => t(`languages.${question.language}`),
      },
      {
        accessor: 'status',
        title: t(`${NS}.fields.status`),
        sortable: true,
        noWrap: true,
        render: (question) => (
          <Box miw="max-content">
            <ActiveStatusBadge status={question.status} namespace={NS} />
          </Box>
        ),
      },
      {
        accessor: 'version',
        title: t(`${NS}.columns.version`),
        noWrap: true,
        hiddenByDefault: true,
        render: (question) => question.version,
      },
      createdAtColumn(t(`${NS}.columns.created_at`), i18n.language),
    ],
    [t, i18n.language, localized],
  );
}

function useFilters(): TableFilter[] {
  const { t } = useTranslation();
  const statusOptions = useActiveStatusOptions(NS);
  const { options: categoryOptions } = useCategoryOptions();
  const hashtags = useHashtagOptions();
  return [
    {
      kind: 'select',
      param: 'type',
      label: t(`${NS}.fields.type`),
      options: QUESTION_TYPES.map((type) => ({ value: type, label: t(`${NS}.types.${type}`) })),
    },
    { kind: 'select', param: 'category_id', label: t(`${NS}.fields.category`), options: categoryOptions },
    {
      kind: 'select',
      param: 'difficulty',
      label: t(`${NS}.fields.difficulty`),
      options: QUESTION_DIFFICULTIES.map((d) => ({ value: d, label: t(`${NS}.difficulties.${d}`) })),
    },
    {
      kind: 'select',
      param: 'hashtag_id',
      label: t(`${NS}.fields.hashtag`),
      options: (hashtags.data ?? []).map((tag) => ({ value: String(tag.id), label: `#${tag.name}` })),
    },
    {
      kind: 'select',
      param: 'language',
      label: t(`${NS}.fields.language`),
      options: LOCALES.map((code) => ({ value: code, label: t(`languages.${code}`) })),
    },
    { kind: 'select', param: 'status', label: t(`${NS}.fields.status`), options: statusOptions },
  ];
}

/**
 * `/admin/questions` (show_exam): the bank with search, type, category (sub-categories included), difficulty,
 * hashtag, language and status filters, sort, paging, export; holders of create_exam add, edit, import, delete
 * (refused for a question in use: the server's message says to make it passive) and change status in bulk.
 */
export default function QuestionsListPage() {
  const { t } = useTranslation();
  const roles = useSessionUser()?.roles;
  const canEdit = sessionCan(roles, questionsResource.contract.permissions.update);
  const columns = useColumns();
  const filters = useFilters();
  const categories = useAllCategories();
  const hashtags = useHashtagOptions();
  const config = useMemo(
    () =>
      questionListConfig(
        (categories.data ?? []).map((c) => c.id),
        (hashtags.data ?? []).map((h) => h.id),
      ),
    [categories.data, hashtags.data],
  );
  const list = useListState(config);
  const { store, table } = useResourceTable(questionsResource, list);
  const bulkActions = useRecordBulkActions(questionsResource, TEXTS);
  const rowActions = useRecordRowActions<Question>(store, TEXTS, {
    testId: 'question',
    itemName: (question) => question.title || t(`${NS}.no_text`),
    editPath: canEdit ? (question) => pathTo('company.question.edit', { id: question.id }) : undefined,
    canDelete: (question) => canEdit && !question.in_use,
  });
  const actions = canEdit ? (
    <Group gap="xs">
      <Button
        component={Link}
        to={pathTo('company.question.import')}
        variant="light"
        leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
        data-testid="question-import"
      >
        {t(`${NS}.import`)}
      </Button>
      <AddButton to={pathTo('company.question.add')} label={t(TEXTS.add)} testId="question-add" />
    </Group>
  ) : null;
  return (
    <>
      <PageHeader description={t(TEXTS.description)} actions={actions} />
      <DataTable<Question>
        {...table}
        tableId="questions"
        label={t(TEXTS.title)}
        columns={columns}
        filters={filters}
        rowActions={rowActions}
        bulkActions={canEdit ? bulkActions : undefined}
        emptyTitle={t(TEXTS.empty)}
        emptyAction={actions ?? undefined}
      />
    </>
  );
}
