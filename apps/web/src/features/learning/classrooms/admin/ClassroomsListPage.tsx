import { type Classroom, LOCALES } from '@kampus/shared';
import { Box, Group, Image, Stack, Text } from '@mantine/core';
import { IconChalkboard } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { pathTo } from '../../../../app/route-names.js';
import { DataTable, type TableColumn, type TableFilter } from '../../../../components/DataTable.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { formatDateTime } from '../../../../lib/dates.js';
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
import { CatalogTabs } from '../../educations/admin/CatalogTabs.js';
import { classroomsResource } from '../api.js';

const NS = classroomsResource.contract.namespace;
const TEXTS = listTextKeys(NS);

/** The cover (or the board icon) beside the title, and the default place under it. */
function TitleCell({ classroom }: { classroom: Classroom }) {
  return (
    <Group gap="sm" wrap="nowrap">
      {classroom.image_url ? (
        <Image src={classroom.image_url} alt="" w={56} h={36} radius="sm" fit="cover" style={{ flexShrink: 0 }} />
      ) : (
        <Box w={56} h={36} style={{ display: 'grid', placeItems: 'center', flexShrink: 0 }}>
          <IconChalkboard size={22} aria-hidden color="var(--mantine-color-dimmed)" />
        </Box>
      )}
      <Stack gap={0} miw={0} maw={340}>
        <Text fz="sm" fw={600} lineClamp={2}>
          {classroom.title}
        </Text>
        {classroom.default_place && (
          <Text fz="xs" c="dimmed" lineClamp={1}>
            {classroom.default_place}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

function useColumns(): TableColumn<Classroom>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      {
        accessor: 'title',
        title: t(`${NS}.columns.title`),
        sortable: true,
        hideable: false,
        render: (classroom) => <TitleCell classroom={classroom} />,
      },
      {
        accessor: 'next_session_at',
        title: t(`${NS}.columns.next_session_at`),
        sortable: true,
        noWrap: true,
        render: (classroom) =>
          classroom.next_session_at ? (
            formatDateTime(classroom.next_session_at, i18n.language)
          ) : (
            <Text fz="sm" c="dimmed">
              {t(`${NS}.no_next_session`)}
            </Text>
          ),
      },
      {
        accessor: 'sessions_count',
        title: t(`${NS}.columns.sessions_count`),
        noWrap: true,
        render: (classroom) => classroom.sessions_count.toLocaleString(i18n.language),
      },
      {
        accessor: 'educations_count',
        title: t(`${NS}.columns.educations_count`),
        noWrap: true,
        render: (classroom) => classroom.educations_count.toLocaleString(i18n.language),
      },
      {
        accessor: 'language',
        title: t(`${NS}.columns.language`),
        noWrap: true,
        hiddenByDefault: true,
        render: (classroom) => t(`languages.${classroom.language}`),
      },
      activeStatusColumn(t(`${NS}.fields.status`), NS),
      createdAtColumn(t(`${NS}.fields.created_at`), i18n.language),
    ],
    [t, i18n.language],
  );
}

/**
 * The classroom trainings (`/admin/education/classroom`, show_training): search, status and language filters, sort,
 * paging, export; holders of create_training also add, edit, delete and change status in bulk.
 */
export default function ClassroomsListPage() {
  const { t } = useTranslation();
  const roles = useSessionUser()?.roles;
  const canEdit = sessionCan(roles, classroomsResource.contract.permissions.update);
  const columns = useColumns();
  const statusOptions = useActiveStatusOptions(NS);
  const filters: TableFilter[] = [
    { kind: 'select', param: 'status', label: t(`${NS}.fields.status`), options: statusOptions },
    {
      kind: 'select',
      param: 'language',
      label: t(`${NS}.columns.language`),
      options: LOCALES.map((code) => ({ value: code, label: t(`languages.${code}`) })),
    },
  ];
  const list = useListState(classroomsResource.listConfig);
  const { store, table } = useResourceTable(classroomsResource, list);
  const bulkActions = useRecordBulkActions(classroomsResource, TEXTS);
  const rowActions = useRecordRowActions<Classroom>(store, TEXTS, {
    testId: 'classroom',
    itemName: (classroom) => classroom.title,
    editPath: (classroom) => pathTo('company.education.classroom.edit', { id: classroom.id }),
    canDelete: () => canEdit,
  });
  const addButton = canEdit ? (
    <AddButton to={pathTo('company.education.classroom.add')} label={t(TEXTS.add)} testId="classroom-add" />
  ) : null;
  return (
    <>
      <PageHeader description={t(TEXTS.description)} actions={addButton} />
      <CatalogTabs current="classroom" />
      <DataTable<Classroom>
        {...table}
        tableId="classrooms"
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
