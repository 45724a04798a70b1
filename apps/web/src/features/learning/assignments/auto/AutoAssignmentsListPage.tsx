import { type AutoAssignment, autoAssignmentsContract } from '@kampus/shared';
import { Anchor, Badge, Group, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../../app/route-names.js';
import { confirmAction } from '../../../../components/ConfirmButton.js';
import type { TableColumn, TableFilter } from '../../../../components/DataTable.js';
import { ApiError } from '../../../../lib/http.js';
import { useSessionUser } from '../../../../lib/session.js';
import { sessionMayWrite } from '../../../frame/admin/access.js';
import { ActiveStatusBadge, useActiveStatusOptions } from '../../../frame/admin/records/ActiveStatusBadge.js';
import { createdAtColumn } from '../../../frame/admin/records/columns.js';
import { ResourceListPage } from '../../../frame/admin/records/ResourceListPage.js';
import { autoAssignmentsResource } from './api.js';

const NS = 'autoAssignment';
const editPath = (rule: AutoAssignment) => pathTo('company.auto-assignments.edit', { id: rule.id });

/** A short reading of a rule's conditions, for the list. */
function ConditionsSummary({ rule }: { rule: AutoAssignment }) {
  const { t } = useTranslation();
  const c = rule.conditions;
  const parts = [
    ...(c.new_users ? [t(`${NS}.conditions_summary.new_users`)] : []),
    ...c.departments,
    ...c.titles,
    ...c.locations,
    ...(c.group_ids.length ? [t(`${NS}.conditions_summary.groups`, { count: c.group_ids.length })] : []),
    ...(c.hired_within_days ? [t(`${NS}.conditions_summary.hired_within_days`, { count: c.hired_within_days })] : []),
    ...(c.custom_fields.length ? [t(`${NS}.conditions_summary.custom_fields`, { count: c.custom_fields.length })] : []),
  ];
  return (
    <Group gap={4}>
      {parts.slice(0, 4).map((part) => (
        <Badge key={part} variant="light" color="gray" tt="none" fw={500}>
          {part}
        </Badge>
      ))}
      {parts.length > 4 && <Text fz="xs">+{parts.length - 4}</Text>}
    </Group>
  );
}

/** Switches a rule on or off, after asking: on assigns the people who match from now, off stops new ones. */
function StatusToggle({ rule, canEdit }: { rule: AutoAssignment; canEdit: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const activating = rule.status !== 1;
  const change = () =>
    confirmAction({
      title: t(`${NS}.${activating ? 'activate' : 'deactivate'}_title`),
      message: t(`${NS}.${activating ? 'activate' : 'deactivate'}_text`, { name: rule.name }),
      confirmLabel: t(activating ? 'records.activate' : 'records.make_passive'),
      destructive: !activating,
      onConfirm: async () => {
        try {
          await autoAssignmentsResource.update(rule.id, { status: activating ? 1 : 0 });
          notifications.show({ color: 'success', message: t(`${NS}.status_changed`) });
        } catch (error) {
          notifications.show({ color: 'danger', message: error instanceof ApiError ? error.message : String(error) });
        }
        await client.invalidateQueries({ queryKey: autoAssignmentsResource.keys.all });
      },
    });
  if (!canEdit) return <ActiveStatusBadge status={rule.status} namespace={NS} />;
  return (
    <Switch
      checked={rule.status === 1}
      onChange={change}
      label={t(`${NS}.status.${rule.status === 1 ? 'active' : 'passive'}`)}
      aria-label={`${t(`${NS}.status_label`)}: ${rule.name}`}
      data-testid="auto-status-toggle"
    />
  );
}

function useColumns(canEdit: boolean): TableColumn<AutoAssignment>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      {
        accessor: 'name',
        title: t(`${NS}.columns.name`),
        sortable: true,
        hideable: false,
        render: (rule) => (
          <Anchor component={Link} to={editPath(rule)} fw={500} data-testid="auto-link">
            {rule.name}
          </Anchor>
        ),
      },
      {
        accessor: 'conditions',
        title: t(`${NS}.conditions_title`),
        render: (rule) => <ConditionsSummary rule={rule} />,
      },
      {
        accessor: 'items',
        title: t(`${NS}.columns.items`),
        render: (rule) => (
          <Text fz="sm" lineClamp={2}>
            {rule.items.map((item) => item.title).join(', ')}
          </Text>
        ),
      },
      {
        accessor: 'matched',
        title: t(`${NS}.columns.matched`),
        sortable: true,
        noWrap: true,
        render: (rule) => (
          <Anchor
            component={Link}
            to={pathTo('company.assignments.edit', { id: rule.assignment_id })}
            data-testid="auto-matched"
            aria-label={`${rule.matched.toLocaleString(i18n.language)} · ${t(`${NS}.view_people`)}: ${rule.name}`}
          >
            {rule.matched.toLocaleString(i18n.language)}
          </Anchor>
        ),
      },
      {
        accessor: 'completed',
        title: t(`${NS}.columns.completion`),
        noWrap: true,
        render: (rule) => rule.completed.toLocaleString(i18n.language),
      },
      {
        accessor: 'status',
        title: t(`${NS}.fields.status`),
        sortable: true,
        noWrap: true,
        render: (rule) => <StatusToggle rule={rule} canEdit={canEdit} />,
      },
      createdAtColumn(t(`${NS}.fields.created_at`), i18n.language),
    ],
    [t, i18n.language, canEdit],
  );
}

/** /admin/auto-assignments: the company's automatic assignment rules (read_assignment). */
export default function AutoAssignmentsListPage() {
  const { t } = useTranslation();
  const roles = useSessionUser()?.roles;
  const canEdit = sessionMayWrite(roles, autoAssignmentsContract);
  const columns = useColumns(canEdit);
  const statusOptions = useActiveStatusOptions(NS);
  const filters: TableFilter[] = [
    { kind: 'select', param: 'status', label: t(`${NS}.fields.status`), options: statusOptions },
  ];
  return (
    <ResourceListPage<AutoAssignment>
      resource={autoAssignmentsResource}
      tableId="auto-assignments"
      columns={columns}
      filters={filters}
      itemName={(rule) => rule.name}
      testId="auto"
      exportable={false}
    />
  );
}
