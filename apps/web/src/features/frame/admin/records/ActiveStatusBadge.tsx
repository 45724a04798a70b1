import { ACTIVE_STATUS_NAMES, type ActiveStatus } from '@kampus/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The active/passive status of a simple record, labelled from `<namespace>.status.*`. Never narrower than its label: a
 * crowded table would otherwise squeeze the badge's clipped label to "AK…" (the column gives way elsewhere).
 */
export function ActiveStatusBadge({ status, namespace }: { status: ActiveStatus; namespace: string }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="dot"
      color={status === 1 ? 'success' : 'gray'}
      miw="max-content"
      data-testid="record-status"
      data-status={status}
    >
      {t(`${namespace}.status.${ACTIVE_STATUS_NAMES[status]}`)}
    </Badge>
  );
}

/** The options of a status select or filter. */
export function useActiveStatusOptions(namespace: string) {
  const { t } = useTranslation();
  return ([1, 0] as const).map((status) => ({
    value: String(status),
    label: t(`${namespace}.status.${ACTIVE_STATUS_NAMES[status]}`),
  }));
}
