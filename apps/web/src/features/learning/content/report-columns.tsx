import type { ProgressStatus } from '@kampus/shared';
import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TableColumn } from '../../../components/DataTable.js';
import { formatPercent } from './percent.js';

/* The columns the learner reports of a content and of an education share. */

interface ReportPerson {
  name: string;
  surname: string;
  email?: string | null;
}

const STATUS_COLORS: Record<ProgressStatus, string> = {
  not_started: 'gray',
  in_progress: 'blue',
  completed: 'success',
};

export function ProgressStatusBadge({ status }: { status: ProgressStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={STATUS_COLORS[status]}
      // Never cut to "B…" when a narrow screen squeezes the table: the table scrolls instead.
      miw="max-content"
      data-testid="progress-status"
      data-status={status}
    >
      {t(`content.progress_status.${status}`)}
    </Badge>
  );
}

export const personName = (user: ReportPerson) => `${user.name} ${user.surname}`;

/** The learner (name, e-mail under it): sortable by name, always shown. */
export function learnerColumn<T extends { user: ReportPerson }>(title: string): TableColumn<T> {
  return {
    accessor: 'name',
    title,
    sortable: true,
    hideable: false,
    render: (row) => (
      <Stack gap={0}>
        <Text fz="sm" fw={600}>
          {personName(row.user)}
        </Text>
        {row.user.email && (
          <Text fz="xs" c="dimmed">
            {row.user.email}
          </Text>
        )}
      </Stack>
    ),
  };
}

export function progressStatusColumn<T extends { status: ProgressStatus }>(title: string): TableColumn<T> {
  return { accessor: 'status', title, noWrap: true, render: (row) => <ProgressStatusBadge status={row.status} /> };
}

/** A percentage as a bar and its figure; the bar is named after the person (`label`), the figure is `testId`. */
export function progressBarColumn<T extends { status: ProgressStatus; user: ReportPerson }>(options: {
  accessor: string;
  title: string;
  value: (row: T) => number;
  label: (name: string) => string;
  language: string;
  testId: string;
}): TableColumn<T> {
  return {
    accessor: options.accessor,
    title: options.title,
    sortable: true,
    render: (row) => (
      <Group gap="xs" wrap="nowrap" miw={140}>
        <Progress
          value={options.value(row)}
          flex={1}
          color={row.status === 'completed' ? 'success' : 'brand'}
          aria-label={options.label(personName(row.user))}
        />
        <Text fz="xs" w={40} ta="right" data-testid={options.testId}>
          {formatPercent(options.value(row), options.language)}
        </Text>
      </Group>
    ),
  };
}
