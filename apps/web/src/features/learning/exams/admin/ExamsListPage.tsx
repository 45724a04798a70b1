import { EXAM_KINDS, type Exam } from '@kampus/shared';
import { ActionIcon, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconChartBar, IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../../app/route-names.js';
import { DataTable, type TableColumn, type TableFilter } from '../../../../components/DataTable.js';
import { PageHeader } from '../../../../components/PageHeader.js';
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
import { examsResource } from './api.js';

const NS = examsResource.contract.namespace;
const TEXTS = listTextKeys(NS);

/** Where an exam is edited: the practice exam's form for a demo exam. */
export const examEditPath = (exam: Pick<Exam, 'id' | 'kind'>) =>
  exam.kind === 'demo'
    ? pathTo('company.exam.edit_demo', { id: exam.id })
    : pathTo('company.exam.edit', { id: exam.id });

export function ExamKindBadge({ kind }: { kind: Exam['kind'] }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={kind === 'demo' ? 'grape' : 'blue'} data-testid="exam-kind">
      {t(`exams.kinds.${kind}`)}
    </Badge>
  );
}

function useColumns(): TableColumn<Exam>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      {
        accessor: 'title',
        title: t(`${NS}.columns.title`),
        sortable: true,
        hideable: false,
        render: (exam) => (
          <Stack gap={0} miw={0} maw={380}>
            <Text fz="sm" fw={600} lineClamp={2}>
              {exam.title}
            </Text>
            <Text fz="xs" c="dimmed">
              {t(`exams.selections.${exam.selection}`)} · {t(`${NS}.columns.questions_count`)}: {exam.questions_count}
            </Text>
          </Stack>
        ),
      },
      {
        accessor: 'kind',
        title: t(`${NS}.columns.kind`),
        sortable: true,
        noWrap: true,
        render: (exam) => <ExamKindBadge kind={exam.kind} />,
      },
      {
        accessor: 'time_limit_minutes',
        title: t(`${NS}.columns.time_limit_minutes`),
        noWrap: true,
        render: (exam) => exam.time_limit_minutes ?? t(`${NS}.no_limit`),
      },
      {
        accessor: 'pass_mark',
        title: t(`${NS}.columns.pass_mark`),
        noWrap: true,
        render: (exam) => `%${exam.pass_mark}`,
      },
      {
        accessor: 'attempts_count',
        title: t(`${NS}.columns.attempts_count`),
        noWrap: true,
        render: (exam) => exam.attempts_count.toLocaleString(i18n.language),
      },
      {
        accessor: 'educations_count',
        title: t(`${NS}.columns.educations_count`),
        noWrap: true,
        hiddenByDefault: true,
        render: (exam) => exam.educations_count.toLocaleString(i18n.language),
      },
      activeStatusColumn(t(`${NS}.fields.status`), NS),
      createdAtColumn(t(`${NS}.fields.created_at`), i18n.language),
    ],
    [t, i18n.language],
  );
}

/**
 * The exams (`/admin/exams`, show_exam): search, status and kind filters, sort, paging, export, each exam's results;
 * holders of create_exam also add exams and practice exams, edit, delete and change status in bulk.
 */
export default function ExamsListPage() {
  const { t } = useTranslation();
  const roles = useSessionUser()?.roles;
  const canEdit = sessionCan(roles, examsResource.contract.permissions.update);
  const columns = useColumns();
  const statusOptions = useActiveStatusOptions(NS);
  const filters: TableFilter[] = [
    { kind: 'select', param: 'status', label: t(`${NS}.fields.status`), options: statusOptions },
    {
      kind: 'select',
      param: 'kind',
      label: t(`${NS}.columns.kind`),
      options: EXAM_KINDS.map((kind) => ({ value: kind, label: t(`exams.kinds.${kind}`) })),
    },
  ];
  const list = useListState(examsResource.listConfig);
  const { store, table } = useResourceTable(examsResource, list);
  const bulkActions = useRecordBulkActions(examsResource, TEXTS);
  const editActions = useRecordRowActions<Exam>(store, TEXTS, {
    testId: 'exam',
    itemName: (exam) => exam.title,
    editPath: examEditPath,
    canDelete: (exam) => canEdit && exam.attempts_count === 0 && exam.educations_count === 0,
  });
  const rowActions = (exam: Exam) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t(`${NS}.view_results`)} withArrow>
        <ActionIcon
          component={Link}
          to={pathTo('company.exam.results', { id: exam.id })}
          variant="subtle"
          aria-label={`${t(`${NS}.view_results`)}: ${exam.title}`}
          data-testid="exam-results"
        >
          <IconChartBar size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {canEdit && editActions(exam)}
    </Group>
  );
  const addButtons = canEdit ? (
    <Group gap="xs">
      <Button
        component={Link}
        to={pathTo('company.exam.add_demo')}
        variant="default"
        leftSection={<IconPlus size={16} aria-hidden />}
        data-testid="exam-add-demo"
      >
        {t(`${NS}.add_demo`)}
      </Button>
      <AddButton to={pathTo('company.exam.add')} label={t(TEXTS.add)} testId="exam-add" />
    </Group>
  ) : null;
  return (
    <>
      <PageHeader description={t(TEXTS.description)} actions={addButtons} />
      <DataTable<Exam>
        {...table}
        tableId="exams"
        label={t(TEXTS.title)}
        columns={columns}
        filters={filters}
        rowActions={rowActions}
        bulkActions={canEdit ? bulkActions : undefined}
        emptyTitle={t(TEXTS.empty)}
        emptyAction={addButtons ?? undefined}
      />
    </>
  );
}
