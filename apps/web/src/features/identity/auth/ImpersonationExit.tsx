import { ActionIcon, Tooltip } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../lib/session.js';
import { leaveImpersonation } from './impersonation.js';

/** The red eye a super admin uses to leave a user's view (spec §2.6). */
export function ImpersonationExit() {
  const { t } = useTranslation();
  const user = useSessionUser();
  if (!user?.impersonator) return null;
  const label = t('nav.leave_impersonation', { name: `${user.name} ${user.surname}` });
  return (
    <Tooltip label={label}>
      <ActionIcon
        color="red"
        variant="filled"
        size="lg"
        radius="xl"
        aria-label={label}
        onClick={() => void leaveImpersonation()}
        data-testid="impersonation-exit"
      >
        <IconEyeOff size={20} />
      </ActionIcon>
    </Tooltip>
  );
}
