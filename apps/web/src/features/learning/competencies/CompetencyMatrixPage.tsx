import type { CompetencyMatrix } from '@kampus/shared';
import { Alert, Anchor, Badge, Button, Group, Modal, Select, Stack, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTargetArrow } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { DataTable, type TableColumn, type TableFilter } from '../../../components/DataTable.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { ApiError } from '../../../lib/http.js';
import { type ListConfig, useListState } from '../../../lib/list-state.js';
import { useLocalizedText } from '../../organisation/faq/admin/api.js';
import {
  matrixExportPath,
  useCompetencyCategories,
  useCompetencyMatrix,
  useMatrixOptions,
  useSetTarget,
} from './api.js';

const NS = 'competencies';
type Person = CompetencyMatrix['data']['people'][number];
type Column = CompetencyMatrix['data']['competencies'][number];

/** One cell: the person's level; below the group's target it is a gap (marked, and said in words). */
function LevelCell({ level, column }: { level: number | undefined; column: Column }) {
  const { t } = useTranslation();
  const target = column.target;
  const gap = target !== null && (level ?? 0) < target;
  const name = level ? column.levels[level - 1] : undefined;
  const label = level ? `${level} · ${name ?? ''}` : t(`${NS}.matrix.none`);
  if (target === null) {
    return level ? (
      <Tooltip label={label} withArrow>
        <Badge variant="light" color="gray" tt="none" fw={600} aria-label={label}>
          {level}
        </Badge>
      </Tooltip>
    ) : (
      <Text fz="sm" c="dimmed" aria-label={label}>
        —
      </Text>
    );
  }
  const words = gap
    ? t(`${NS}.matrix.gap_label`, { level: level ?? 0, target })
    : t(`${NS}.matrix.met_label`, { level: level ?? 0, target });
  return (
    <Tooltip label={words} withArrow>
      <Badge
        variant={gap ? 'filled' : 'light'}
        color={gap ? 'danger' : 'success'}
        tt="none"
        fw={600}
        aria-label={words}
        data-gap={gap}
        data-testid="matrix-cell"
      >
        {level ?? 0} / {target}
      </Badge>
    </Tooltip>
  );
}

/** The chosen group's target level per competency, set one by one (null: no target). */
function TargetsDialog({
  groupId,
  groupName,
  columns,
  onClose,
}: {
  groupId: number | null;
  groupName: string;
  columns: Column[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const localized = useLocalizedText();
  const setTarget = useSetTarget();
  const change = async (column: Column, value: string | null) => {
    if (groupId === null) return;
    try {
      await setTarget({ group_id: groupId, competency_id: column.id, level: value ? Number(value) : null });
      notifications.show({ color: 'success', message: t(`${NS}.matrix.target_saved`) });
    } catch (error) {
      notifications.show({ color: 'danger', message: error instanceof ApiError ? error.message : String(error) });
    }
  };
  return (
    <Modal
      opened={groupId !== null}
      onClose={onClose}
      title={t(`${NS}.matrix.targets_title`, { group: groupName })}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('resource.cancel') }}
    >
      <Stack data-testid="matrix-targets">
        <Text fz="sm" c="dimmed">
          {t(`${NS}.matrix.targets_hint`)}
        </Text>
        <Table>
          <Table.Tbody>
            {columns.map((column) => (
              <Table.Tr key={column.id}>
                <Table.Td>{localized(column.names)}</Table.Td>
                <Table.Td w={220}>
                  <Select
                    aria-label={t(`${NS}.matrix.target_for`, { name: localized(column.names) })}
                    placeholder={t(`${NS}.matrix.no_target`)}
                    data={column.levels.map((name, index) => ({
                      value: String(index + 1),
                      label: `${index + 1} · ${name}`,
                    }))}
                    value={column.target ? String(column.target) : null}
                    onChange={(value) => void change(column, value)}
                    clearable
                    data-testid={`matrix-target-${column.id}`}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Modal>
  );
}

/**
 * `/admin/competency-management` (read_competency): the competency matrix — active people × active competencies,
 * filtered by group, department and category; with a group chosen its target levels, the gaps highlighted, and
 * only the people with gaps on request; search, paging and export.
 */
export default function CompetencyMatrixPage() {
  const { t } = useTranslation();
  const localized = useLocalizedText();
  const options = useMatrixOptions();
  const categories = useCompetencyCategories();
  const config: ListConfig = useMemo(
    () => ({
      sortable: [],
      filters: [
        { kind: 'select', param: 'group_id', options: (options.data?.groups ?? []).map((g) => String(g.id)) },
        { kind: 'select', param: 'department', options: options.data?.departments ?? [] },
        { kind: 'select', param: 'category_id', options: (categories.data ?? []).map((c) => String(c.id)) },
        { kind: 'select', param: 'gaps_only', options: ['1'] },
      ],
    }),
    [options.data, categories.data],
  );
  const list = useListState(config);
  const matrix = useCompetencyMatrix(list.apiQuery);
  const [targetsOpen, setTargetsOpen] = useState(false);
  const columnsData = matrix.data?.data.competencies ?? [];
  const groupId = Number(list.state.filters.group_id) || null;
  const group = options.data?.groups.find((g) => g.id === groupId);

  const columns: TableColumn<Person>[] = useMemo(
    () => [
      {
        accessor: 'name',
        title: t(`${NS}.matrix.person`),
        hideable: false,
        noWrap: true,
        render: (person) => (
          <Stack gap={0}>
            <Anchor
              component={Link}
              to={`${pathTo('company.competencies.people')}?user_id=${person.id}`}
              fz="sm"
              fw={500}
              aria-label={`${person.name} ${person.surname}: ${t(`${NS}.matrix.person_levels`)}`}
            >
              {person.name} {person.surname}
            </Anchor>
            {person.department && (
              <Text fz="xs" c="dimmed">
                {person.department}
              </Text>
            )}
          </Stack>
        ),
      },
      ...columnsData.map(
        (column): TableColumn<Person> => ({
          accessor: `c${column.id}`,
          title:
            column.target !== null
              ? `${localized(column.names)} (${t(`${NS}.matrix.target_short`, { level: column.target })})`
              : localized(column.names),
          noWrap: true,
          render: (person) => <LevelCell level={person.levels[String(column.id)]} column={column} />,
        }),
      ),
      ...(groupId
        ? [
            {
              accessor: 'gaps',
              title: t(`${NS}.matrix.gaps`),
              noWrap: true,
              render: (person: Person) =>
                person.gaps > 0 ? (
                  <Badge color="danger" variant="light">
                    {person.gaps}
                  </Badge>
                ) : (
                  '0'
                ),
            },
          ]
        : []),
    ],
    [t, localized, columnsData, groupId],
  );

  const filters: TableFilter[] = [
    {
      kind: 'select',
      param: 'group_id',
      label: t(`${NS}.matrix.group`),
      options: (options.data?.groups ?? []).map((g) => ({ value: String(g.id), label: g.name })),
    },
    {
      kind: 'select',
      param: 'department',
      label: t(`${NS}.level_columns.department`),
      options: (options.data?.departments ?? []).map((d) => ({ value: d, label: d })),
    },
    {
      kind: 'select',
      param: 'category_id',
      label: t(`${NS}.columns.category`),
      options: (categories.data ?? []).map((c) => ({ value: String(c.id), label: localized(c.names) })),
    },
    {
      kind: 'select',
      param: 'gaps_only',
      label: t(`${NS}.matrix.gaps_filter`),
      options: [{ value: '1', label: t(`${NS}.matrix.gaps_only`) }],
    },
  ];

  return (
    <>
      <PageHeader
        description={t(`${NS}.matrix.description`)}
        actions={
          <Tooltip label={t(`${NS}.matrix.targets_need_group`)} disabled={groupId !== null} withArrow>
            <Button
              variant="light"
              leftSection={<IconTargetArrow size={16} aria-hidden />}
              disabled={groupId === null || columnsData.length === 0}
              onClick={() => setTargetsOpen(true)}
              data-testid="matrix-targets-open"
            >
              {t(`${NS}.matrix.targets_button`)}
            </Button>
          </Tooltip>
        }
      />
      {groupId === null && (
        <Alert color="info" mb="sm" variant="light">
          {t(`${NS}.matrix.choose_group`)}
        </Alert>
      )}
      {matrix.data && columnsData.length === 0 ? (
        <Alert color="info" data-testid="matrix-no-competencies">
          {t(`${NS}.matrix.no_competencies`)}
        </Alert>
      ) : (
        <Group display="block" data-testid="competency-matrix">
          <DataTable<Person>
            tableId="competency-matrix"
            label={t(`${NS}.matrix.title`)}
            list={list}
            columns={columns}
            records={matrix.data?.data.people ?? []}
            total={matrix.data?.meta.total ?? 0}
            fetching={matrix.isFetching}
            error={matrix.isError ? (matrix.error as Error).message : null}
            onRetry={() => void matrix.refetch()}
            filters={filters}
            exportPath={(format) => matrixExportPath(format, list.apiQuery)}
            emptyTitle={t(`${NS}.matrix.empty`)}
          />
        </Group>
      )}
      <TargetsDialog
        groupId={targetsOpen ? groupId : null}
        groupName={group?.name ?? ''}
        columns={columnsData}
        onClose={() => setTargetsOpen(false)}
      />
    </>
  );
}
