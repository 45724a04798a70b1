import { POINT_KINDS, type PointRule } from '@kampus/shared';
import { Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableColumn, TableFilter } from '../../../components/DataTable.js';
import { formatDateTime } from '../../../lib/dates.js';
import { ActiveStatusBadge, useActiveStatusOptions } from '../../frame/admin/records/ActiveStatusBadge.js';
import { ResourceListPage } from '../../frame/admin/records/ResourceListPage.js';
import { pointRulesResource } from './api.js';

const NS = 'points';

function useColumns(): TableColumn<PointRule>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      {
        accessor: 'kind',
        title: t('points.columns.kind'),
        sortable: true,
        hideable: false,
        render: (rule) => t(`points.kinds.${rule.kind}`),
      },
      {
        accessor: 'points',
        title: t('points.columns.points'),
        sortable: true,
        noWrap: true,
        render: (rule) => (
          <Text fz="sm" fw={600} data-testid="point-rule-points">
            {rule.points.toLocaleString(i18n.language)}
          </Text>
        ),
      },
      {
        accessor: 'daily_cap',
        title: t('points.columns.daily_cap'),
        noWrap: true,
        render: (rule) => (rule.daily_cap === null ? t('points.no_cap') : rule.daily_cap.toLocaleString(i18n.language)),
      },
      {
        accessor: 'status',
        title: t('points.fields.status'),
        sortable: true,
        noWrap: true,
        render: (rule) => <ActiveStatusBadge status={rule.status} namespace={NS} />,
      },
      {
        accessor: 'awarded_points',
        title: t('points.columns.awarded'),
        render: (rule) =>
          t('points.awarded_value', {
            count: rule.awarded_people,
            points: rule.awarded_points.toLocaleString(i18n.language),
          }),
      },
      {
        accessor: 'updated_at',
        title: t('points.fields.updated_at'),
        sortable: true,
        noWrap: true,
        hiddenByDefault: true,
        render: (rule) => formatDateTime(rule.updated_at, i18n.language),
      },
    ],
    [t, i18n.language],
  );
}

/**
 * /admin/points (read_point): the company's point rules, one per kind of event, each edited on its own page. Rules
 * are not added or deleted here: every company has one of each kind.
 */
export default function PointRulesListPage() {
  const { t } = useTranslation();
  const columns = useColumns();
  const statusOptions = useActiveStatusOptions(NS);
  const filters: TableFilter[] = [
    { kind: 'select', param: 'status', label: t('points.fields.status'), options: statusOptions },
    {
      kind: 'select',
      param: 'kind',
      label: t('points.fields.kind'),
      options: POINT_KINDS.map((kind) => ({ value: kind, label: t(`points.kinds.${kind}`) })),
    },
  ];
  return (
    <ResourceListPage<PointRule>
      resource={pointRulesResource}
      tableId="point-rules"
      columns={columns}
      filters={filters}
      itemName={(rule) => t(`points.kinds.${rule.kind}`)}
      canDelete={() => false}
      bulk={{ status: false, delete: false }}
      exportable={false}
      testId="point-rule"
    />
  );
}
