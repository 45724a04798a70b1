import { COMPETENCY_LEVEL_SORTS, COMPETENCY_SOURCES, type CompetencyLevel } from '@kampus/shared';
import { ActionIcon, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconHistory, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable, type TableColumn, type TableFilter } from '../../../components/DataTable.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { formatDateTime } from '../../../lib/dates.js';
import { type ListConfig, useListState } from '../../../lib/list-state.js';
import { useLocalizedText } from '../../organisation/faq/admin/api.js';
import { levelsExportPath, useCompetencyLevels, useCompetencyOptions } from './api.js';
import { CompetencyTabs } from './CompetencyTabs.js';
import { HistoryDialog } from './HistoryDialog.js';
import { PersonPicker, type PickedPerson } from './PersonPicker.js';
import { SetLevelDialog, type SetLevelTarget } from './SetLevelDialog.js';

const NS = 'competencies';

/** A level as a badge: its number and name. */
export function LevelBadge({ level, name }: { level: number; name: string }) {
  return (
    <Badge
      variant="light"
      tt="none"
      fw={600}
      style={{ flexShrink: 0, minWidth: 'max-content' }}
      data-testid="level-badge"
    >
      {level} · {name}
    </Badge>
  );
}

function useColumns(): TableColumn<CompetencyLevel>[] {
  const { t, i18n } = useTranslation();
  const localized = useLocalizedText();
  return useMemo(
    () => [
      {
        accessor: 'person',
        title: t(`${NS}.level_columns.person`),
        sortable: true,
        hideable: false,
        render: (row) => (
          <Stack gap={0}>
            <Text fz="sm" fw={500}>
              {row.user.name} {row.user.surname}
            </Text>
            {row.user.email && (
              <Text fz="xs" c="dimmed">
                {row.user.email}
              </Text>
            )}
          </Stack>
        ),
      },
      {
        accessor: 'department',
        title: t(`${NS}.level_columns.department`),
        render: (row) => row.user.department ?? '—',
      },
      {
        accessor: 'competency',
        title: t(`${NS}.level_columns.competency`),
        sortable: true,
        render: (row) => localized(row.competency.names),
      },
      {
        accessor: 'level',
        title: t(`${NS}.level_columns.level`),
        sortable: true,
        noWrap: true,
        render: (row) => <LevelBadge level={row.level} name={row.level_name} />,
      },
      {
        accessor: 'source',
        title: t(`${NS}.level_columns.source`),
        render: (row) =>
          row.source === 'rule' ? (
            <Text fz="sm">
              {t(`${NS}.sources.rule`)}
              {row.rule ? `: ${row.rule.name}` : ''}
            </Text>
          ) : (
            <Text fz="sm">
              {t(`${NS}.sources.manual`)}
              {row.set_by ? ` · ${row.set_by.name}` : ''}
            </Text>
          ),
      },
      {
        accessor: 'set_at',
        title: t(`${NS}.level_columns.set_at`),
        sortable: true,
        noWrap: true,
        render: (row) => formatDateTime(row.set_at, i18n.language),
      },
    ],
    [t, i18n.language, localized],
  );
}

/**
 * `/admin/competencies-and-user-definitions/people` (read_competency): people's levels, per person (the picker, kept
 * in the address as `user_id`) or per competency (the filter), with search, sort, paging and export; each row's
 * level set by hand in a dialog, and a person's history of changes.
 */
export default function PersonLevelsPage() {
  const { t } = useTranslation();
  const localized = useLocalizedText();
  const competencies = useCompetencyOptions();
  const [params, setParams] = useSearchParams();
  const userId = Number(params.get('user_id')) || null;
  const config: ListConfig = useMemo(
    () => ({
      sortable: COMPETENCY_LEVEL_SORTS,
      defaultSort: 'person',
      keep: ['user_id'],
      filters: [
        { kind: 'select', param: 'competency_id', options: (competencies.data ?? []).map((c) => String(c.id)) },
        { kind: 'select', param: 'source', options: COMPETENCY_SOURCES },
      ],
    }),
    [competencies.data],
  );
  const list = useListState(config);
  const query = useMemo(() => ({ ...list.apiQuery, ...(userId ? { user_id: userId } : {}) }), [list.apiQuery, userId]);
  const levels = useCompetencyLevels(query);
  const columns = useColumns();
  const [editing, setEditing] = useState<SetLevelTarget | null>(null);
  const [history, setHistory] = useState<{ id: number; name: string } | null>(null);
  const [picked, setPicked] = useState<PickedPerson | null>(null);
  const rows = levels.data?.data ?? [];
  const shownPerson: PickedPerson | null = userId
    ? picked?.id === userId
      ? picked
      : rows[0]?.user.id === userId
        ? { id: userId, label: `${rows[0].user.name} ${rows[0].user.surname}` }
        : { id: userId, label: `#${userId}` }
    : null;

  const choosePerson = (person: PickedPerson | null) => {
    setPicked(person);
    const next = new URLSearchParams(params);
    if (person) next.set('user_id', String(person.id));
    else next.delete('user_id');
    next.delete('page');
    setParams(next, { replace: true });
  };

  const filters: TableFilter[] = [
    {
      kind: 'select',
      param: 'competency_id',
      label: t(`${NS}.level_columns.competency`),
      options: (competencies.data ?? []).map((c) => ({ value: String(c.id), label: localized(c.names) })),
    },
    {
      kind: 'select',
      param: 'source',
      label: t(`${NS}.level_columns.source`),
      options: COMPETENCY_SOURCES.map((source) => ({ value: source, label: t(`${NS}.sources.${source}`) })),
    },
  ];

  const rowActions = (row: CompetencyLevel) => {
    const name = `${row.user.name} ${row.user.surname}`;
    return (
      <>
        <Tooltip label={t(`${NS}.set_level`)} withArrow>
          <ActionIcon
            variant="subtle"
            aria-label={`${t(`${NS}.set_level`)}: ${name} · ${localized(row.competency.names)}`}
            onClick={() =>
              setEditing({
                person: { id: row.user.id, label: name },
                competencyId: row.competency.id,
                level: row.level,
              })
            }
            data-testid="level-edit"
          >
            <IconEdit size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t(`${NS}.history`)} withArrow>
          <ActionIcon
            variant="subtle"
            aria-label={`${t(`${NS}.history`)}: ${name}`}
            onClick={() => setHistory({ id: row.user.id, name })}
            data-testid="level-history-open"
          >
            <IconHistory size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </>
    );
  };

  const addButton = (
    <Button
      leftSection={<IconPlus size={16} aria-hidden />}
      onClick={() => setEditing({ person: shownPerson, competencyId: null, level: null })}
      data-testid="level-add"
    >
      {t(`${NS}.set_level`)}
    </Button>
  );

  return (
    <>
      <CompetencyTabs active="people" />
      <PageHeader description={t(`${NS}.people_description`)} actions={addButton} />
      <Group align="flex-end" mb="sm">
        <div style={{ flex: '1 1 320px', maxWidth: 480 }}>
          <PersonPicker
            label={t(`${NS}.person_filter`)}
            value={shownPerson}
            onChange={choosePerson}
            testId="levels-person"
          />
        </div>
        {shownPerson && (
          <Button
            variant="light"
            leftSection={<IconHistory size={16} aria-hidden />}
            onClick={() => setHistory({ id: shownPerson.id, name: shownPerson.label })}
            data-testid="levels-person-history"
          >
            {t(`${NS}.history`)}
          </Button>
        )}
      </Group>
      <DataTable<CompetencyLevel>
        tableId="competency-levels"
        label={t(`${NS}.people_title`)}
        list={list}
        columns={columns}
        records={rows}
        total={levels.data?.meta.total ?? 0}
        fetching={levels.isFetching}
        error={levels.isError ? (levels.error as Error).message : null}
        onRetry={() => void levels.refetch()}
        filters={filters}
        rowActions={rowActions}
        exportPath={(format) => levelsExportPath(format, query)}
        emptyTitle={t(`${NS}.people_empty`)}
        emptyAction={addButton}
      />
      <SetLevelDialog target={editing} onClose={() => setEditing(null)} />
      <HistoryDialog person={history} competencyId={null} onClose={() => setHistory(null)} />
    </>
  );
}
