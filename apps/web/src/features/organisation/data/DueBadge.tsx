import type { DataRequest } from '@kampus/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The deadline of an open request: red once overdue, orange within 7 days; an answered one shows its status. */
export function DueBadge({ request }: { request: Pick<DataRequest, 'status' | 'days_left' | 'overdue' | 'due_soon'> }) {
  const { t } = useTranslation();
  if (request.days_left === null) {
    return (
      <Badge variant="light" color={request.status === 'completed' ? 'success' : 'gray'} data-testid="request-due">
        {t(`data.statuses.${request.status}`)}
      </Badge>
    );
  }
  const days = request.days_left;
  const label = request.overdue
    ? t('data.days_overdue', { count: -days })
    : days === 0
      ? t('data.due_today')
      : t('data.days_left', { count: days });
  const color = request.overdue ? 'danger' : request.due_soon ? 'warning' : 'brand';
  return (
    <Badge
      variant={request.overdue ? 'filled' : 'light'}
      color={color}
      data-testid="request-due"
      data-overdue={request.overdue}
      data-due-soon={request.due_soon}
    >
      {label}
    </Badge>
  );
}
