import { Box, Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBuilding, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCompany } from '../../../app/company.js';
import { ApiError } from '../../../lib/http.js';
import { sessionStore, useSessionUser } from '../../../lib/session.js';
import { authApi } from '../../identity/auth/api.js';

/**
 * Switching between the companies of a group (spec §2.6, §6): shown only where the company is a group that allows it.
 * A company with its own address opens there in a new tab; otherwise the session moves to it and the page reloads.
 */
export function CompanySwitch() {
  const { t } = useTranslation();
  const company = useCompany();
  const user = useSessionUser();
  if (!company?.is_group_alias || !company.can_switch_company || !user) return null;
  const choices = [{ id: company.id, name: company.name }, ...company.children];

  async function choose(id: number) {
    try {
      const answer = await authApi.changeCompany(id);
      if ('redirect_url' in answer) {
        window.open(answer.redirect_url, '_blank', 'noopener');
        return;
      }
      await sessionStore.signIn(answer);
      window.location.reload();
    } catch (error) {
      const message = error instanceof ApiError && error.status !== 0 ? error.message : t('nav.company_change_failed');
      notifications.show({ color: 'danger', message });
    }
  }

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-md"
          leftSection={<IconBuilding size={18} aria-hidden />}
          aria-label={`${t('nav.company_switch')}: ${user.company_name}`}
          data-testid="company-switch"
        >
          {/* On a phone the icon alone keeps the header on one line; the label still names the company. */}
          <Box component="span" visibleFrom="md">
            {user.company_name}
          </Box>
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label={t('nav.company_switch')}>
        <Menu.Label>{t('nav.company_switch')}</Menu.Label>
        {choices.map((choice) => (
          <Menu.Item
            key={choice.id}
            onClick={() => void choose(choice.id)}
            rightSection={choice.id === user.company_id ? <IconCheck size={16} aria-hidden /> : null}
            disabled={choice.id === user.company_id}
          >
            {choice.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
