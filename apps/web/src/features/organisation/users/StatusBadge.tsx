import { USER_STATUS_NAMES, type UserStatus } from '@kampus/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLOR: Record<UserStatus, string> = { 0: 'gray', 1: 'success', 2: 'warning' };

/** A user's status; the dot variant keeps the text dark, as light badges failed the contrast check. */
export function UserStatusBadge({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={COLOR[status]} data-testid="user-status" data-status={status}>
      {t(`users.status.${USER_STATUS_NAMES[status]}`)}
    </Badge>
  );
}
