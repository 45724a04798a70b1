import { badgeText, initials, isTruthySetting, type UserMessage } from '@kampus/shared';
import {
  ActionIcon,
  Avatar,
  Box,
  Button,
  Divider,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompany } from '../../../app/company.js';
import { formatRelative } from '../../../lib/dates.js';
import { ApiError } from '../../../lib/http.js';
import { useSessionUser } from '../../../lib/session.js';
import { useUnreadConversations, useUserMessages } from './api.js';
import { conversationTitle, excerpt, nameParts } from './conversation.js';

function ConversationRow({ conversation, viewerId }: { conversation: UserMessage; viewerId: number | undefined }) {
  const { t } = useTranslation();
  const title = conversationTitle(conversation) || t('messaging.unknown_person');
  const fromMe = conversation.sender_user_id !== null && conversation.sender_user_id === viewerId;
  // A group's line says who wrote it; in a two-person conversation only one's own lines need saying.
  const author = fromMe ? t('messaging.you') : conversation.group ? conversation.user.fullname : '';
  const weight = conversation.unread ? 700 : 400;
  return (
    <Group component="li" gap="sm" wrap="nowrap" px="sm" py="xs" align="flex-start" data-testid="messages-item">
      <Avatar src={conversation.group ? null : conversation.user.photo_link} alt="" radius="xl" color="brand" size={36}>
        {initials(nameParts(title))}
      </Avatar>
      <Box miw={0} style={{ flex: 1 }}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fz="sm" fw={weight} truncate="end">
            {title}
          </Text>
          <Text fz="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
            <time dateTime={conversation.date}>{formatRelative(conversation.date)}</time>
          </Text>
        </Group>
        <Text fz="xs" fw={conversation.unread ? 600 : 400} c={conversation.unread ? undefined : 'gray.7'} lineClamp={2}>
          {author && `${author}: `}
          {excerpt(conversation.message)}
        </Text>
        {conversation.unread && <VisuallyHidden>{t('messaging.unread')}</VisuallyHidden>}
      </Box>
    </Group>
  );
}

function ConversationList({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const list = useUserMessages(enabled);
  if (list.isPending) {
    return (
      <Group justify="center" p="md">
        <Loader size="sm" aria-label={t('messaging.loading')} />
      </Group>
    );
  }
  if (list.isError) {
    return (
      <Stack gap="xs" align="flex-start" p="sm" role="alert" data-testid="messages-error">
        <Text fz="sm" c="danger.8">
          {t('messaging.load_error')}
        </Text>
        <Button size="compact-sm" variant="light" onClick={() => void list.refetch()} loading={list.isFetching}>
          {t('messaging.retry')}
        </Button>
      </Stack>
    );
  }
  if (list.data.length === 0) {
    return (
      <Text fz="sm" c="gray.7" p="sm" data-testid="messages-empty">
        {t('messaging.empty')}
      </Text>
    );
  }
  // Rows are plain list items, not links: the /messages chat page comes with a later issue.
  return (
    <ScrollArea.Autosize mah={400} type="scroll">
      <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} data-testid="messages-list">
        {list.data.map((conversation) => (
          <ConversationRow key={conversation.id} conversation={conversation} viewerId={user?.id} />
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}

function MessagesDropdown() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const unread = useUnreadConversations(true);
  const count = unread.data ?? 0;
  const label = count > 0 ? t('messaging.unread_label', { count }) : t('messaging.title');

  // Chat switched off since this page loaded: the menu goes away rather than the page.
  if (unread.error instanceof ApiError && unread.error.status === 403) return null;
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" withinPortal>
      {/* The target is the button itself, so the popup's ARIA state sits on it and not on the badge's wrapper. */}
      <Indicator
        label={<span data-testid="messages-badge">{badgeText(count)}</span>}
        size={count > 99 ? 20 : 16}
        disabled={count === 0}
        color="danger"
        offset={4}
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={label}
            onClick={() => setOpened((open) => !open)}
            data-testid="messages-menu"
          >
            <IconMessageCircle size={22} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} role="dialog" aria-label={t('messaging.title')} data-testid="messages-dropdown">
        <Text fz="xs" fw={700} c="gray.7" tt="uppercase" px="sm" pt="sm" pb={4}>
          {t('messaging.title')}
        </Text>
        <Divider />
        <ConversationList enabled={opened} />
      </Popover.Dropdown>
    </Popover>
  );
}

/** The header's messages dropdown (spec §2.6): hidden when the company has switched chat off. */
export function MessagesMenu() {
  const company = useCompany();
  const disabled = isTruthySetting(company?.settings.find((entry) => entry.key === 'chat_is_disabled')?.value);
  return disabled ? null : <MessagesDropdown />;
}
