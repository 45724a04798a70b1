import { COMPETENCY_TRIGGERS, type CompetencyRule, competencyRulesContract } from '@kampus/shared';
import { Anchor, Box, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import type { TableColumn, TableFilter } from '../../../components/DataTable.js';
import { useSessionUser } from '../../../lib/session.js';
import { sessionMayWrite } from '../../frame/admin/access.js';
import { ActiveStatusBadge, useActiveStatusOptions } from '../../frame/admin/records/ActiveStatusBadge.js';
import { createdAtColumn } from '../../frame/admin/records/columns.js';
import { ResourceListPage } from '../../frame/admin/records/ResourceListPage.js';
import { useLocalizedText } from '../../organisation/faq/admin/api.js';
import { competencyRulesResource } from './api.js';
import { LevelBadge } from './PersonLevelsPage.js';

const NS = 'competencyRules';

function useColumns(canEdit: boolean): TableColumn<CompetencyRule>[] {
  const { t, i18n } = useTranslation();
  const localized = useLocalizedText();
  return useMemo(
    () => [
      {
        accessor: 'name',
        title: t(`${NS}.columns.name`),
        sortable: true,
        hideable: false,
        render: (rule) =>
          canEdit ? (
            <Anchor component={Link} to={pathTo('company.competency-rules.edit', { id: rule.id })} fw={500}>
              {rule.name}
            </Anchor>
          ) : (
            <Text fz="sm" fw={500}>
              {rule.name}
            </Text>
          ),
      },
      {
        accessor: 'trigger',
        title: t(`${NS}.columns.trigger`),
        sortable: true,
        render: (rule) => (
          <Stack gap={0}>
            <Text fz="sm">{t(`${NS}.triggers.${rule.trigger}`)}</Text>
            <Text fz="xs" c="dimmed">
              {rule.ref_title ?? '—'}
              {rule.min_score !== null ? ` · ${t(`${NS}.min_score_short`, { score: rule.min_score })}` : ''}
            </Text>
          </Stack>
        ),
      },
      {
        accessor: 'competency',
        title: t(`${NS}.columns.competency`),
        render: (rule) => localized(rule.competency.names),
      },
      {
        accessor: 'level',
        title: t(`${NS}.columns.level`),
        sortable: true,
        noWrap: true,
        render: (rule) => <LevelBadge level={rule.level} name={rule.competency.levels[rule.level - 1] ?? ''} />,
      },
      {
        accessor: 'applied',
        title: t(`${NS}.columns.applied`),
        noWrap: true,
        render: (rule) => rule.applied.toLocaleString(i18n.language),
      },
      {
        accessor: 'status',
        title: t(`${NS}.fields.status`),
        sortable: true,
        noWrap: true,
        render: (rule) => (
          <Box miw="max-content">
            <ActiveStatusBadge status={rule.status} namespace={NS} />
          </Box>
        ),
      },
      createdAtColumn(t(`${NS}.fields.created_at`), i18n.language),
    ],
    [t, i18n.language, localized, canEdit],
  );
}

/** `/admin/automatic-competency-definitions` (read_automaticcompetency; changes: create_automaticcompetency). */
export default function CompetencyRulesListPage() {
  const { t } = useTranslation();
  const canEdit = sessionMayWrite(useSessionUser()?.roles, competencyRulesContract);
  const columns = useColumns(canEdit);
  const statusOptions = useActiveStatusOptions(NS);
  const filters: TableFilter[] = [
    { kind: 'select', param: 'status', label: t(`${NS}.fields.status`), options: statusOptions },
    {
      kind: 'select',
      param: 'trigger',
      label: t(`${NS}.columns.trigger`),
      options: COMPETENCY_TRIGGERS.map((trigger) => ({ value: trigger, label: t(`${NS}.triggers.${trigger}`) })),
    },
  ];
  return (
    <ResourceListPage<CompetencyRule>
      resource={competencyRulesResource}
      tableId="competency-rules"
      columns={columns}
      filters={filters}
      itemName={(rule) => rule.name}
      testId="competency-rule"
      exportable={false}
    />
  );
}
