import {
  displayName,
  initials,
  isTruthySetting,
  type OnlineUser,
  presenceChannel,
  type RealtimeRefusal,
} from '@kampus/shared';
import { Alert, Avatar, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompany } from '../../../app/company.js';
import { type SessionUser, useSessionUser } from '../../../lib/session.js';
import { type PresenceStatus, usePresence } from './usePresence.js';

const REFUSAL_KEYS: Record<RealtimeRefusal, string> = {
  invalid: 'presence.channel_invalid',
  forbidden: 'presence.channel_forbidden',
  hidden: 'presence.hidden',
  unavailable: 'presence.unavailable',
};

/**
 * The header's online-user count (spec §2.6), opening the online dialog (spec §2.8). Not shown where the company
 * hides online users — by its setting, or when the server refuses the channel for that reason.
 */
export function OnlineUsers() {
  const company = useCompany();
  const user = useSessionUser();
  const hidden = isTruthySetting(company?.settings.find((s) => s.key === 'hide_online_users')?.value);
  if (!company || !user || hidden) return null;
  return <OnlineUsersButton viewer={user} surnameViewRestrict={company.surname_view_restrict} />;
}

interface ViewerProps {
  viewer: SessionUser;
  surnameViewRestrict: number;
}

function OnlineUsersButton({ viewer, surnameViewRestrict }: ViewerProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  // The session's acting company, the only presence channel the server lets it join.
  const presence = usePresence(presenceChannel(viewer.company_id));
  const { status, members } = presence;
  if (status.kind === 'refused' && status.code === 'hidden') return null;
  const isReady = status.kind === 'ready';

  return (
    <>
      <Button
        variant="subtle"
        size="compact-md"
        leftSection={<IconUsers size={18} aria-hidden />}
        aria-label={isReady ? t('presence.count_label', { count: members.length }) : t('presence.title')}
        onClick={() => setOpened(true)}
        data-testid="online-count"
      >
        {isReady ? members.length : <Loader size={12} type="dots" aria-hidden />}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('presence.title')}
        closeButtonProps={{ 'aria-label': t('presence.close') }}
        data-testid="online-dialog"
      >
        <OnlineList
          status={status}
          members={members}
          viewer={viewer}
          surnameViewRestrict={surnameViewRestrict}
          onRetry={presence.retry}
        />
      </Modal>
    </>
  );
}

interface OnlineListProps extends ViewerProps {
  status: PresenceStatus;
  members: OnlineUser[];
  onRetry(): void;
}

function OnlineList({ status, members, viewer, surnameViewRestrict, onRetry }: OnlineListProps) {
  const { t } = useTranslation();
  if (status.kind === 'connecting') {
    return (
      <Group gap="sm" py="sm">
        <Loader size="sm" />
        <Text fz="sm">{t('presence.loading')}</Text>
      </Group>
    );
  }
  if (status.kind !== 'ready') {
    const key = status.kind === 'refused' ? REFUSAL_KEYS[status.code] : 'presence.unavailable';
    return (
      <Alert color="danger" icon={<IconAlertCircle aria-hidden />} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{t(key)}</Text>
          <Button size="xs" variant="light" color="danger" onClick={onRetry}>
            {t('presence.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  // One's own entry shows the session's names: one's own name is never masked (spec §5).
  const self = members.find((m) => m.user.id === viewer.id);
  const others = members.filter((m) => m !== self);
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="online-list">
      {self && (
        <OnlineRow
          person={{ ...self, name: viewer.name, surname: viewer.surname }}
          viewer={viewer}
          surnameViewRestrict={surnameViewRestrict}
          suffix={t('presence.you')}
        />
      )}
      {others.map((member) => (
        <OnlineRow
          key={member.user.id}
          person={member}
          viewer={viewer}
          surnameViewRestrict={surnameViewRestrict}
          suffix={member.status ? null : t('presence.leaving')}
        />
      ))}
      {others.length === 0 && (
        <Text component="li" c="dimmed" fz="sm" py="xs">
          {t('presence.empty')}
        </Text>
      )}
    </Stack>
  );
}

interface OnlineRowProps extends ViewerProps {
  person: OnlineUser;
  suffix: string | null;
}

function OnlineRow({ person, viewer, surnameViewRestrict, suffix }: OnlineRowProps) {
  const named = { id: person.user.id, name: person.name, surname: person.surname };
  return (
    <Group component="li" gap="sm" wrap="nowrap" opacity={person.status ? 1 : 0.55} data-user-id={person.user.id}>
      <Avatar color="brand" radius="xl" aria-hidden>
        {initials(named)}
      </Avatar>
      <Text fz="sm" fw={500}>
        {displayName(named, viewer, surnameViewRestrict)}
      </Text>
      {suffix && (
        <Text fz="xs" c="dimmed">
          {suffix}
        </Text>
      )}
    </Group>
  );
}
