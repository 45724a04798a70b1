import type { Assignment, AssignmentItem } from '@kampus/shared';
import { Anchor, Badge, Box, CloseButton, Group, Image, Progress, Stack, Text } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { pathTo } from '../../../../app/route-names.js';
import { DataTable, type TableColumn, type TableFilter } from '../../../../components/DataTable.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { formatDay } from '../../../../lib/dates.js';
import { type ListConfig, useListState } from '../../../../lib/list-state.js';
import { useSessionUser } from '../../../../lib/session.js';
import { sessionCan } from '../../../frame/admin/access.js';
import {
  AddButton,
  listTextKeys,
  useRecordRowActions,
  useResourceTable,
} from '../../../frame/admin/records/ResourceListPage.js';
import { AssignmentStatusBadge } from './AssignmentStatusBadge.js';
import { assignmentsResource } from './api.js';
import { assignmentAddPath } from './paths.js';

const NS = assignmentsResource.contract.namespace;
const TEXTS = listTextKeys(NS);
const ITEM_PARAM = 'item';
const ITEM_VALUE = /^(education|program|content):[1-9][0-9]{0,9}$/;

/** The contract's list, and the item filter (`?item=education:12`) kept in the address beside it. */
const LIST_CONFIG: ListConfig = { ...assignmentsResource.listConfig, keep: [ITEM_PARAM] };

/** The item filter of the address, when it is well formed. */
function useItemFilter(): [string | null, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(ITEM_PARAM);
  const set = (next: string | null) =>
    setParams((current) => {
      const out = new URLSearchParams(current);
      out.delete('page');
      if (next) out.set(ITEM_PARAM, next);
      else out.delete(ITEM_PARAM);
      return out;
    });
  return [value && ITEM_VALUE.test(value) ? value : null, set];
}

/** The cover beside the name, and the items under it; an item filters the list to the assignments that give it. */
function NameCell({ assignment, onItem }: { assignment: Assignment; onItem: (item: AssignmentItem) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="nowrap">
      {assignment.image_url ? (
        <Image src={assignment.image_url} alt="" w={56} h={36} radius="sm" fit="cover" style={{ flexShrink: 0 }} />
      ) : (
        <Box w={56} h={36} style={{ display: 'grid', placeItems: 'center', flexShrink: 0 }}>
          <IconClipboardList size={22} aria-hidden color="var(--mantine-color-dimmed)" />
        </Box>
      )}
      <Stack gap={2} miw={0} maw={360}>
        <Group gap={6} wrap="nowrap">
          <Text fz="sm" fw={600} lineClamp={2}>
            {assignment.name}
          </Text>
          {assignment.mandatory && (
            <Badge size="xs" color="red.9" variant="filled">
              {t(`${NS}.mandatory`)}
            </Badge>
          )}
        </Group>
        <Group gap={4} wrap="wrap">
          {assignment.items.map((item, index) => (
            <Group key={`${item.type}:${item.ref_id}`} gap={4} wrap="nowrap">
              {index > 0 && (
                <Text span fz="xs" c="dimmed" aria-hidden>
                  ·
                </Text>
              )}
              <Anchor
                component="button"
                type="button"
                fz="xs"
                c="dimmed"
                onClick={() => onItem(item)}
                title={t(`${NS}.filter_by_item`)}
                data-testid="assignment-item-filter"
              >
                {item.title}
              </Anchor>
            </Group>
          ))}
        </Group>
      </Stack>
    </Group>
  );
}

function RateCell({ assignment }: { assignment: Assignment }) {
  const { t, i18n } = useTranslation();
  const rate = Math.round(assignment.completion_rate);
  return (
    <Stack gap={2} miw={140} data-testid="assignment-rate" data-rate={rate}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fz="xs" fw={600}>
          {t(`${NS}.percent`, { value: rate })}
        </Text>
        <Text fz="xs" c="dimmed">
          {t(`${NS}.columns.completed_of`, {
            completed: assignment.completed.toLocaleString(i18n.language),
            people: assignment.people.toLocaleString(i18n.language),
          })}
        </Text>
      </Group>
      <Progress value={rate} size="sm" color="green" aria-label={t(`${NS}.columns.completion_rate`)} />
    </Stack>
  );
}

function useColumns(onItem: (item: AssignmentItem) => void): TableColumn<Assignment>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      {
        accessor: 'name',
        title: t(`${NS}.fields.name`),
        sortable: true,
        hideable: false,
        render: (assignment) => <NameCell assignment={assignment} onItem={onItem} />,
      },
      {
        accessor: 'status',
        title: t(`${NS}.fields.status`),
        noWrap: true,
        render: (assignment) => <AssignmentStatusBadge status={assignment.status} />,
      },
      {
        accessor: 'start_date',
        title: t(`${NS}.fields.start_date`),
        sortable: true,
        noWrap: true,
        render: (assignment) => formatDay(assignment.start_date, i18n.language),
      },
      {
        accessor: 'end_date',
        title: t(`${NS}.fields.end_date`),
        sortable: true,
        noWrap: true,
        render: (assignment) => formatDay(assignment.end_date, i18n.language),
      },
      {
        accessor: 'target',
        title: t(`${NS}.columns.target`),
        noWrap: true,
        hiddenByDefault: false,
        render: (assignment) => t(`${NS}.target.kinds.${assignment.target.kind}`),
      },
      {
        accessor: 'completion_rate',
        title: t(`${NS}.columns.completion_rate`),
        sortable: true,
        render: (assignment) => <RateCell assignment={assignment} />,
      },
    ],
    [t, i18n.language, onItem],
  );
}

/**
 * The assignments (`/admin/assignments`, read_assignment): search, filters (status, mandatory, dates, an item),
 * sort, paging, export and the completion rate of each; holders of create_assignment also add, edit and delete.
 */
export default function AssignmentsListPage() {
  const { t } = useTranslation();
  const roles = useSessionUser()?.roles;
  const canEdit = sessionCan(roles, assignmentsResource.contract.permissions.update);
  const [item, setItem] = useItemFilter();
  // The title of the item picked from a row, shown on the filter while the filtered list loads.
  const [pickedTitle, setPickedTitle] = useState<string | null>(null);
  const onItem = useMemo(
    () => (picked: AssignmentItem) => {
      setPickedTitle(picked.title);
      setItem(`${picked.type}:${picked.ref_id}`);
    },
    [setItem],
  );
  const columns = useColumns(onItem);
  const list = useListState(LIST_CONFIG);
  const apiQuery = useMemo(() => (item ? { ...list.apiQuery, item } : list.apiQuery), [list.apiQuery, item]);
  const { store, table } = useResourceTable(assignmentsResource, list, { apiQuery });
  const itemTitle =
    pickedTitle ??
    store.items.flatMap((row) => row.items).find((known) => `${known.type}:${known.ref_id}` === item)?.title;
  const filters: TableFilter[] = [
    {
      kind: 'select',
      param: 'status',
      label: t(`${NS}.fields.status`),
      options: assignmentsResource.contract.list.filters
        .flatMap((filter) => (filter.kind === 'select' && filter.param === 'status' ? filter.options : []))
        .map((value) => ({ value, label: t(`${NS}.statuses.${value}`) })),
    },
    {
      kind: 'select',
      param: 'mandatory',
      label: t(`${NS}.fields.mandatory`),
      options: [
        { value: '1', label: t(`${NS}.mandatory_yes`) },
        { value: '0', label: t(`${NS}.mandatory_no`) },
      ],
    },
    { kind: 'date-range', from: 'from', to: 'to', label: t(`${NS}.columns.dates`) },
  ];
  const rowActions = useRecordRowActions<Assignment>(store, TEXTS, {
    testId: 'assignment',
    itemName: (assignment) => assignment.name,
    editPath: canEdit ? (assignment) => pathTo('company.assignments.edit', { id: assignment.id }) : undefined,
    // A published assignment has people working on it: it is cancelled (on its page), not deleted.
    canDelete: (assignment) => canEdit && assignment.published_at === null,
  });
  const addButton = canEdit ? (
    <AddButton to={assignmentAddPath()} label={t(TEXTS.add)} testId="assignment-add" />
  ) : null;
  return (
    <>
      <PageHeader description={t(TEXTS.description)} actions={addButton} />
      {item && (
        <Group gap="xs" mb="sm" data-testid="assignment-item-filter-chip">
          <Badge
            variant="default"
            size="lg"
            tt="none"
            rightSection={
              <CloseButton
                size="xs"
                aria-label={t(`${NS}.clear_item_filter`)}
                onClick={() => {
                  setPickedTitle(null);
                  setItem(null);
                }}
              />
            }
          >
            {t(`${NS}.item_filter`, { title: itemTitle ?? item })}
          </Badge>
        </Group>
      )}
      <DataTable<Assignment>
        {...table}
        tableId="assignments"
        label={t(TEXTS.title)}
        columns={columns}
        filters={filters}
        rowActions={rowActions}
        emptyTitle={t(TEXTS.empty)}
        emptyAction={addButton ?? undefined}
      />
    </>
  );
}
