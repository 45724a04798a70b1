import type { Education } from '@kampus/shared';
import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconUserQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionUser } from '../../../lib/session.js';
import { sessionCan } from '../../frame/admin/access.js';
import { trainingRequestsPath, usePendingRequestCounts } from './api.js';

/**
 * The education catalogue row's link to its training requests, with the pending count as a badge: shown for an
 * education on request (or one with requests left from when it was), to those who may read them (read_assignment).
 */
export function useRequestsRowLink() {
  const { t, i18n } = useTranslation();
  const may = sessionCan(useSessionUser()?.roles, 'read_assignment');
  const counts = usePendingRequestCounts(may);
  return (education: Pick<Education, 'id' | 'title' | 'visibility'>) => {
    const pending = counts.data?.get(education.id) ?? 0;
    if (!may || (education.visibility !== 'request' && pending === 0)) return null;
    const label = pending
      ? t('trainingRequest.pending_count_label', { count: pending })
      : t('trainingRequest.admin_title');
    return (
      <Tooltip label={label} withArrow>
        <Indicator
          label={pending.toLocaleString(i18n.language)}
          size={16}
          disabled={pending === 0}
          color="danger"
          offset={4}
        >
          <ActionIcon
            component={Link}
            to={trainingRequestsPath(education.id)}
            variant="subtle"
            aria-label={`${label}: ${education.title}`}
            data-testid="education-requests"
            data-pending={pending}
          >
            <IconUserQuestion size={18} aria-hidden />
          </ActionIcon>
        </Indicator>
      </Tooltip>
    );
  };
}
