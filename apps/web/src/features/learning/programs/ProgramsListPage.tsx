import type { Program } from '@kampus/shared';
import { Box, Group, Image, Stack, Text } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { pathTo } from '../../../app/route-names.js';
import { DataTable, type TableColumn, type TableFilter } from '../../../components/DataTable.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { formatDateTime } from '../../../lib/dates.js';
import { useListState } from '../../../lib/list-state.js';
import { useSessionUser } from '../../../lib/session.js';
import { sessionCan } from '../../frame/admin/access.js';
import { useActiveStatusOptions } from '../../frame/admin/records/ActiveStatusBadge.js';
import { activeStatusColumn, createdAtColumn } from '../../frame/admin/records/columns.js';
import {
  AddButton,
  listTextKeys,
  useRecordBulkActions,
  useRecordRowActions,
  useResourceTable,
} from '../../frame/admin/records/ResourceListPage.js';
import { programsResource } from './api.js';

const NS = programsResource.contract.namespace;
const TEXTS = listTextKeys(NS);

/** The cover (or the path icon) beside the title, and the educations in their order under it. */
function TitleCell({ program }: { program: Program }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="nowrap">
      {program.image_url ? (
        <Image src={program.image_url} alt="" w={56} h={36} radius="sm" fit="cover" style={{ flexShrink: 0 }} />
      ) : (
        <Box w={56} h={36} style={{ display: 'grid', placeItems: 'center', flexShrink: 0 }}>
          <IconRoute size={22} aria-hidden color="var(--mantine-color-dimmed)" />
        </Box>
      )}
      {/* Bounded, so a long list of steps leaves the other columns their room. */}
      <Stack gap={0} miw={0} maw={340}>
        <Text fz="sm" fw={600} lineClamp={2}>
          {program.title}
        </Text>
        <Text fz="xs" c="dimmed" lineClamp={1}>
          {program.steps.length > 0 ? program.steps.map((step) => step.title).join(' → ') : t(`${NS}.no_steps`)}
        </Text>
      </Stack>
    </Group>
  );
}

function useColumns(): TableColumn<Program>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      {
        accessor: 'title',
        title: t(`${NS}.fields.title`),
        sortable: true,
        hideable: false,
        render: (program) => <TitleCell program={program} />,
      },
      {
        accessor: 'steps',
        title: t(`${NS}.columns.steps_count`),
        noWrap: true,
        render: (program) => t(`${NS}.steps_count`, { count: program.steps.length }),
      },
      {
        accessor: 'sequential',
        title: t(`${NS}.columns.sequential`),
        noWrap: true,
        // Words, not a badge: a badge's text is cut short in a crowded row ("Beliebige Reihenfolge").
        render: (program) => (
          <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
            {t(program.sequential ? `${NS}.sequential_yes` : `${NS}.sequential_no`)}
          </Text>
        ),
      },
      activeStatusColumn(t(`${NS}.fields.status`), NS),
      {
        accessor: 'enrolled_count',
        title: t(`${NS}.columns.usage`),
        noWrap: true,
        render: (program) =>
          t(`${NS}.columns.usage_value`, { enrolled: program.enrolled_count, completed: program.completed_count }),
      },
      createdAtColumn(t(`${NS}.fields.created_at`), i18n.language),
      {
        accessor: 'updated_at',
        title: t(`${NS}.fields.updated_at`),
        sortable: true,
        noWrap: true,
        render: (program) => formatDateTime(program.updated_at, i18n.language),
      },
    ],
    [t, i18n.language],
  );
}

/**
 * The programs (`/admin/program`, read_program): search, status filter, sort, paging, export; holders of
 * create_program also get add, edit, delete and bulk status changes.
 */
export default function ProgramsListPage() {
  const { t } = useTranslation();
  const roles = useSessionUser()?.roles;
  const canEdit = sessionCan(roles, programsResource.contract.permissions.update);
  const columns = useColumns();
  const statusOptions = useActiveStatusOptions(NS);
  const filters: TableFilter[] = [
    { kind: 'select', param: 'status', label: t(`${NS}.fields.status`), options: statusOptions },
  ];
  const list = useListState(programsResource.listConfig);
  const { store, table } = useResourceTable(programsResource, list);
  const bulkActions = useRecordBulkActions(programsResource, TEXTS);
  const rowActions = useRecordRowActions<Program>(store, TEXTS, {
    testId: 'program',
    itemName: (program) => program.title,
    editPath: canEdit ? (program) => pathTo('company.program.edit', { id: program.id }) : undefined,
    canDelete: () => canEdit,
  });
  const addButton = canEdit ? (
    <AddButton to={pathTo('company.program.add')} label={t(TEXTS.add)} testId="program-add" />
  ) : null;
  return (
    <>
      <PageHeader description={t(TEXTS.description)} actions={addButton} />
      <DataTable<Program>
        {...table}
        tableId="programs"
        label={t(TEXTS.title)}
        columns={columns}
        filters={filters}
        rowActions={rowActions}
        bulkActions={canEdit ? bulkActions : undefined}
        emptyTitle={t(TEXTS.empty)}
        emptyAction={addButton ?? undefined}
      />
    </>
  );
}
