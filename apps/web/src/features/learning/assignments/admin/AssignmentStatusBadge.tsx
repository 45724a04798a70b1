import type { AssignmentStatus } from '@kampus/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<AssignmentStatus, string> = {
  draft: 'gray',
  scheduled: 'blue',
  active: 'green',
  finished: 'dark',
  cancelled: 'red',
};

/** An assignment's status in words: draft, scheduled, active, finished or cancelled. */
export function AssignmentStatusBadge({ status }: { status: AssignmentStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="dot" data-testid="assignment-status" data-status={status}>
      {t(`assignmentAdmin.statuses.${status}`)}
    </Badge>
  );
}
